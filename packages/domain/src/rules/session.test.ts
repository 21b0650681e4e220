import { describe, expect, it } from 'vitest';
import { LoadState } from '../entities/settings';
import { displayName, friendDisplayName, genderLabelKey } from './display-name';
import {
  hasStoredSession,
  isSessionEndingFailure,
  isTransientStartFailure,
  resolveLocale,
  sessionStartRetryDelayMs,
  shouldShowSyncProgress,
  storedSession,
} from './session';

describe('§2/§4 Session', () => {
  it('§2 the guard needs both a stored user id and a stored token', () => {
    expect(hasStoredSession({ userID: 'u', token: 't' })).toBe(true);
    expect(hasStoredSession({ userID: 'u', token: '' })).toBe(false);
    expect(hasStoredSession({ userID: null, token: 't' })).toBe(false);
    expect(hasStoredSession({})).toBe(false);
    // Each half missing on its own, in every form storage can return it.
    expect(hasStoredSession({ userID: '', token: 't' })).toBe(false);
    expect(hasStoredSession({ token: 't' })).toBe(false);
    expect(hasStoredSession({ userID: 'u' })).toBe(false);
    expect(hasStoredSession({ userID: 'u', token: null })).toBe(false);
  });

  it('§2 a session starts from the stored pair, and from nothing when either half is blank', () => {
    expect(storedSession({ userID: 'u', token: 't' })).toEqual({ userID: 'u', token: 't' });
    expect(storedSession({ userID: 'u', token: '' })).toBeUndefined();
    expect(storedSession({ userID: '', token: 't' })).toBeUndefined();
    expect(storedSession({ token: 't' })).toBeUndefined();
  });

  it('§4 sync progress shows only while reinstalling and syncing', () => {
    expect(shouldShowSyncProgress({ reinstalling: true, syncState: LoadState.Loading })).toBe(true);
    expect(shouldShowSyncProgress({ reinstalling: false, syncState: LoadState.Loading })).toBe(false);
    expect(shouldShowSyncProgress({ reinstalling: true, syncState: LoadState.Success })).toBe(false);
  });

  it("§9 locale: the desktop app's stored language, else the stored value, else zh-CN", () => {
    expect(resolveLocale({})).toBe('zh-CN');
    expect(resolveLocale({ storedLocale: 'en-US' })).toBe('en-US');
    expect(resolveLocale({ desktopLanguage: 'zh-CN', storedLocale: 'en-US' })).toBe('zh-CN');
    expect(resolveLocale({ desktopLanguage: 'en-US', storedLocale: 'zh-CN' })).toBe('en-US');
    expect(resolveLocale({ desktopLanguage: 'fr-FR', storedLocale: 'en-US' })).toBe('en-US');
    expect(resolveLocale({ desktopLanguage: 'fr-FR', storedLocale: 'xx' })).toBe('zh-CN');
  });
});

describe("§6 Messages say 'you' for the current user", () => {
  it('§6 names the current user "you" and others by nickname, else id', () => {
    expect(displayName({ userID: 'me', nickname: 'Me' }, { locale: 'en-US', selfUserID: 'me' })).toBe('You');
    expect(displayName({ userID: 'me' }, { locale: 'zh-CN', selfUserID: 'me' })).toBe('你');
    expect(displayName({ userID: 'b', nickname: 'Bob' }, { locale: 'en-US', selfUserID: 'me' })).toBe('Bob');
    expect(displayName({ userID: 'b', nickname: '' }, { locale: 'en-US', selfUserID: 'me' })).toBe('b');
    expect(displayName({ userID: '' }, { locale: 'en-US', selfUserID: '' })).toBe('');
  });

  it('§3 friends show their remark first', () => {
    expect(friendDisplayName({ userID: 'b', nickname: 'Bob', remark: 'Boss' })).toBe('Boss');
    expect(friendDisplayName({ userID: 'b', nickname: 'Bob', remark: ' ' })).toBe('Bob');
    expect(friendDisplayName({ userID: 'b', nickname: '' })).toBe('b');
  });

  it('§3 gender: 1 = man, 2 = female, 0 or absent = unknown', () => {
    expect(genderLabelKey(1)).toBe('gender.man');
    expect(genderLabelKey(2)).toBe('gender.female');
    expect(genderLabelKey(0)).toBe('gender.unknown');
    expect(genderLabelKey(undefined)).toBe('gender.unknown');
  });

  it('a start that failed on the network or inside the SDK is retried; a refused login is not', () => {
    for (const code of [-1, 500, 10000, 10001, 10003, 10004, 10005, 10006, -1001, -1002, -1003]) {
      expect(isTransientStartFailure(code)).toBe(true);
    }
    // A bad argument, refused or expired tokens, a kick, an unknown user, a repeated login.
    // And a deployment without the chat API's route (-1004), which no retry changes.
    for (const code of [0, 1001, 1002, 1501, 1502, 1506, 1507, 10002, 10100, 10102, 20101, -1004]) {
      expect(isTransientStartFailure(code)).toBe(false);
    }
  });

  it('a background read that failed as the session ends is expected; any other failure is not', () => {
    // The network, the SDK inside, a token the server ended or revoked, an SDK that already logged out.
    for (const code of [-1, 10000, 10005, -1001, 1501, 1502, 1506, 20101, 10101]) {
      expect(isSessionEndingFailure(code)).toBe(true);
    }
    for (const code of [0, 1001, 1002, 1004, 1203, 10002, 10102, -1004]) {
      expect(isSessionEndingFailure(code)).toBe(false);
    }
  });

  it('a transient start is retried five times, waiting 2, 4, 8, 16 and 30 s', () => {
    expect([1, 2, 3, 4, 5].map(sessionStartRetryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(sessionStartRetryDelayMs(6)).toBeUndefined();
    expect(sessionStartRetryDelayMs(0)).toBeUndefined();
    expect(sessionStartRetryDelayMs(1.5)).toBeUndefined();
  });
});
