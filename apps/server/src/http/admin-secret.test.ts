import { describe, expect, it } from 'vitest';
import { AdminSecret } from './admin-secret';

const WINDOW_MS = 60_000;

function check(maxFailures = 3, secret = 'right-secret') {
  const clock = { t: 1_000_000, now: () => clock.t };
  return { clock, admin: new AdminSecret({ secret, clock, windowMs: WINDOW_MS, maxFailures }) };
}

describe('AdminSecret', () => {
  it('accepts the configured secret, again and again', () => {
    const { admin } = check();
    for (let i = 0; i < 10; i++) expect(admin.check('right-secret', '10.0.0.1')).toBe('accepted');
  });

  it('refuses a wrong secret and counts it against the address only', () => {
    const { admin } = check(2);
    expect(admin.check('wrong', '10.0.0.1')).toBe('refused');
    expect(admin.check('right-secret', '10.0.0.1')).toBe('accepted');
    expect(admin.check('wrong', '10.0.0.1')).toBe('refused');
    expect(admin.check('right-secret', '10.0.0.1')).toBe('blocked');
    expect(admin.check('right-secret', '10.0.0.2')).toBe('accepted');
  });

  it('blocks an address after the limit, even for the right secret, without counting further', () => {
    const { admin, clock } = check(3);
    for (let i = 0; i < 3; i++) expect(admin.check(`guess-${i}`, '10.0.0.1')).toBe('refused');
    expect(admin.check('right-secret', '10.0.0.1')).toBe('blocked');
    expect(admin.check('guess-3', '10.0.0.1')).toBe('blocked');
    // Blocked calls are not failures: the three real ones expire together.
    clock.t += WINDOW_MS;
    expect(admin.check('right-secret', '10.0.0.1')).toBe('accepted');
  });

  it('forgets each failure once its window has passed', () => {
    const { admin, clock } = check(2);
    expect(admin.check('wrong', '10.0.0.1')).toBe('refused');
    clock.t += WINDOW_MS / 2;
    expect(admin.check('wrong', '10.0.0.1')).toBe('refused');
    expect(admin.check('right-secret', '10.0.0.1')).toBe('blocked');
    clock.t += WINDOW_MS / 2;
    // The first failure has left the window, the second has not.
    expect(admin.check('right-secret', '10.0.0.1')).toBe('accepted');
    expect(admin.check('wrong', '10.0.0.1')).toBe('refused');
    expect(admin.check('right-secret', '10.0.0.1')).toBe('blocked');
  });

  it('refuses secrets of another length, shorter, longer or longer only in bytes, and counts them', () => {
    const { admin } = check(4, 'secret');
    expect(admin.check('secre', '10.0.0.1')).toBe('refused');
    expect(admin.check('secret-and-more', '10.0.0.1')).toBe('refused');
    expect(admin.check('secrét', '10.0.0.1')).toBe('refused');
    expect(admin.check('', '10.0.0.1')).toBe('refused');
    expect(admin.check('secret', '10.0.0.1')).toBe('blocked');
  });

  it('counts a missing secret as a wrong one, even when the configured secret is empty', () => {
    const { admin } = check(1, '');
    expect(admin.check('', '10.0.0.2')).toBe('accepted');
    expect(admin.check(undefined, '10.0.0.1')).toBe('refused');
    expect(admin.check('', '10.0.0.1')).toBe('blocked');
  });
});
