import { describe, expect, it } from 'vitest';
import type { MultiLoginPolicy } from '../contract';
import { kicks, loginVictims, platformClass } from './multi-login';

// OpenIM platform IDs: 1 iOS, 2 Android, 3 Windows, 4 macOS, 5 web, 7 Linux, 8 Android pad, 9 iPad.
describe('multi-login policy', () => {
  it('groups platforms into mobile, PC and pad classes; the rest stand alone', () => {
    expect([1, 2, 3, 4, 7, 8, 9, 5, 6].map(platformClass)).toEqual([
      'mobile',
      'mobile',
      'pc',
      'pc',
      'pc',
      'pad',
      'pad',
      'platform-5',
      'platform-6',
    ]);
  });

  it.each<[MultiLoginPolicy, number, number, boolean]>([
    ['allow-all', 5, 5, false],
    ['kick-same-platform-other-token', 5, 5, true],
    ['kick-same-platform-other-token', 1, 2, false],
    ['kick-same-class-other-token', 1, 2, true],
    ['kick-same-class-other-token', 3, 7, true],
    ['kick-same-class-other-token', 3, 5, false],
    ['pc-and-one-other', 3, 4, false],
    ['pc-and-one-other', 5, 3, false],
    ['pc-and-one-other', 5, 1, true],
  ])('%s: a login on %i kicks one on %i: %s', (policy, newer, older, expected) => {
    expect(kicks(policy, newer, older)).toBe(expected);
  });

  it('never kicks the login itself, a connection with the same token, or one already closing', () => {
    const login = { platformID: 5, token: 't-new', closing: false };
    const sameToken = { platformID: 5, token: 't-new', closing: false };
    const closing = { platformID: 5, token: 't-old', closing: true };
    const older = { platformID: 5, token: 't-old', closing: false };
    const otherPlatform = { platformID: 3, token: 't-pc', closing: false };
    const all = [login, sameToken, closing, older, otherPlatform];
    expect(loginVictims('kick-same-platform-other-token', login, all)).toEqual([older]);
    expect(loginVictims('allow-all', login, all)).toEqual([]);
  });

  it('lets the later login win: a connection with an older token than a rival is the one to go', () => {
    const newer = { platformID: 5, token: 't-b', issuedAtMs: 2_000, closing: false };
    const stale = { platformID: 5, token: 't-a', issuedAtMs: 1_000, closing: false };
    const mobile = { platformID: 1, token: 't-m', issuedAtMs: 3_000, closing: false };
    expect(loginVictims('kick-same-platform-other-token', stale, [newer, stale, mobile])).toEqual([stale]);
    expect(loginVictims('kick-same-platform-other-token', newer, [newer, stale, mobile])).toEqual([stale]);
    // Without issue times the later connection wins, as before.
    const { issuedAtMs: _a, ...oldNoTime } = stale;
    const { issuedAtMs: _b, ...newNoTime } = newer;
    expect(loginVictims('kick-same-platform-other-token', oldNoTime, [newNoTime, oldNoTime])).toEqual([
      newNoTime,
    ]);
  });
});
