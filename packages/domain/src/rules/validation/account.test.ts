import { describe, expect, it } from 'vitest';
import { validationFailure } from '../../testing/builders';
import {
  isVerificationCodeExpired,
  normalizeAreaCode,
  validateBirth,
  validateEmail,
  validateNickname,
  validatePassword,
  validatePasswordPair,
  validatePhoneNumber,
  validateVerificationCode,
} from './account';

const failure = validationFailure;

describe('§5 Password (register)', () => {
  it('§5 password is required', () => {
    expect(validatePassword('')).toEqual(failure('password', 'validation.password.required'));
  });

  it('§5 password must be 6-20 characters', () => {
    expect(validatePassword('ab12')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
    expect(validatePassword('a1'.repeat(10) + 'x')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
    expect(validatePassword('abc123')).toEqual({ ok: true, value: 'abc123' });
    expect(validatePassword('a1'.repeat(10))).toEqual({ ok: true, value: 'a1'.repeat(10) });
  });

  it('§5 password needs at least digits and letters', () => {
    expect(validatePassword('123456')).toEqual(failure('password', 'validation.password.format'));
    expect(validatePassword('abcdef')).toEqual(failure('password', 'validation.password.format'));
    expect(validatePassword('abc-123!').ok).toBe(true);
  });

  it("§5 the two entries must match, otherwise 'passwords do not match'", () => {
    expect(validatePasswordPair('abc123', 'abc124')).toEqual(
      failure('confirmPassword', 'validation.password.mismatch'),
    );
    expect(validatePasswordPair('abc123', 'abc123')).toEqual({ ok: true, value: 'abc123' });
    expect(validatePasswordPair('short', 'short')).toEqual(
      failure('password', 'validation.password.length', { min: 6, max: 20 }),
    );
  });
});

describe('§5 Verification code', () => {
  it('§5 verification code is 6 digits', () => {
    expect(validateVerificationCode('')).toEqual(
      failure('verificationCode', 'validation.verificationCode.required'),
    );
    expect(validateVerificationCode('12345')).toEqual(
      failure('verificationCode', 'validation.verificationCode.invalid', { length: 6 }),
    );
    expect(validateVerificationCode('12345a')).toEqual(
      failure('verificationCode', 'validation.verificationCode.invalid', { length: 6 }),
    );
    expect(validateVerificationCode(' 123456 ')).toEqual({ ok: true, value: '123456' });
  });

  it('§5 verification code is valid 10 minutes', () => {
    const sentAt = 1_700_000_000_000;
    expect(isVerificationCodeExpired(sentAt, sentAt + 10 * 60_000 - 1)).toBe(false);
    expect(isVerificationCodeExpired(sentAt, sentAt + 10 * 60_000)).toBe(true);
  });
});

describe('§5 Nickname, e-mail, phone, area code, birth', () => {
  it("§5 nickname is required ('input nickname') and at most 20", () => {
    expect(validateNickname(' ')).toEqual(failure('nickname', 'validation.nickname.required'));
    expect(validateNickname('n'.repeat(21))).toEqual(
      failure('nickname', 'validation.nickname.tooLong', { max: 20 }),
    );
    expect(validateNickname(' 小明 ')).toEqual({ ok: true, value: '小明' });
  });

  it("§5 e-mail must have a valid format ('input correct email')", () => {
    expect(validateEmail('')).toEqual(failure('email', 'validation.email.required'));
    for (const bad of ['a', 'a@b', 'a b@c.d', '@c.d', 'a@.d', 'a@b.', 'a@@b.c', `${'a'.repeat(250)}@b.cd`]) {
      expect(validateEmail(bad)).toEqual(failure('email', 'validation.email.invalid'));
    }
    expect(validateEmail(' alice@example.com ')).toEqual({ ok: true, value: 'alice@example.com' });
    expect(validateEmail('a.b+c@mail.example.cn').ok).toBe(true);
  });

  it('§5 phone number is required and valid', () => {
    expect(validatePhoneNumber('')).toEqual(failure('phone', 'validation.phone.required'));
    expect(validatePhoneNumber('12ab5678')).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('1234')).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('1'.repeat(16))).toEqual(failure('phone', 'validation.phone.invalid'));
    expect(validatePhoneNumber('138 0013-8000')).toEqual({ ok: true, value: '13800138000' });
  });

  it('§5 area code is always sent with a leading plus', () => {
    expect(normalizeAreaCode('86')).toEqual({ ok: true, value: '+86' });
    expect(normalizeAreaCode(' +1 ')).toEqual({ ok: true, value: '+1' });
    expect(normalizeAreaCode('++86')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
    expect(normalizeAreaCode('')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
    expect(normalizeAreaCode('12345')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
  });

  it('§5 birth date is not later than today (in the user time zone)', () => {
    const now = Date.UTC(2026, 10, 22, 1, 0); // 09:00 on 22 Nov in UTC+8
    const shanghai = 480;
    expect(validateBirth(Date.UTC(1990, 0, 1), now, shanghai)).toEqual({
      ok: true,
      value: Date.UTC(1990, 0, 1),
    });
    // Later today in Shanghai is still today.
    expect(validateBirth(Date.UTC(2026, 10, 22, 15, 0), now, shanghai).ok).toBe(true);
    // Half past four in the afternoon UTC is already the next day in Shanghai: tomorrow.
    expect(validateBirth(Date.UTC(2026, 10, 22, 16, 30), now, shanghai)).toEqual(
      failure('birth', 'validation.birth.future'),
    );
    expect(validateBirth(Number.NaN, now, shanghai)).toEqual(failure('birth', 'validation.birth.future'));
  });

  it('§5 an e-mail may be 254 characters long, not 255, and nothing may follow its domain', () => {
    const local = 'a'.repeat(254 - '@example.com'.length);
    expect(validateEmail(`${local}@example.com`).ok).toBe(true);
    expect(validateEmail(`${local}a@example.com`)).toEqual(failure('email', 'validation.email.invalid'));
    expect(validateEmail('a@example.com b')).toEqual(failure('email', 'validation.email.invalid'));
    expect(normalizeAreaCode('8+6')).toEqual(failure('areaCode', 'validation.areaCode.invalid'));
  });
});
