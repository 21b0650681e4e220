import { PASSWORD, TEXT_LIMITS, VERIFICATION_CODE } from '../../constants';
import { validationError } from '../../errors/domain-errors';
import { err, ok } from '../../result';
import { calendarDayNumber } from '../calendar-day';
import { charLength } from '../text';
import { maxLength } from './validated';
import type { Validated } from './validated';

/** §5 Password (register): 6-20 characters with at least one digit and one letter. */
export function validatePassword(password: string): Validated<string> {
  if (password === '') return err(validationError('password', 'validation.password.required'));
  const length = charLength(password);
  if (length < PASSWORD.minLength || length > PASSWORD.maxLength) {
    return err(
      validationError('password', 'validation.password.length', {
        min: PASSWORD.minLength,
        max: PASSWORD.maxLength,
      }),
    );
  }
  if (!/[0-9]/.test(password) || !/[A-Za-z]/.test(password)) {
    return err(validationError('password', 'validation.password.format'));
  }
  return ok(password);
}

/** §5 Password: the two entries must match ('passwords do not match'). */
export function validatePasswordPair(password: string, confirmation: string): Validated<string> {
  const checked = validatePassword(password);
  if (!checked.ok) return checked;
  if (password !== confirmation)
    return err(validationError('confirmPassword', 'validation.password.mismatch'));
  return ok(password);
}

/** §5 Verification code: 6 digits. */
export function validateVerificationCode(code: string): Validated<string> {
  const trimmed = code.trim();
  if (trimmed === '') return err(validationError('verificationCode', 'validation.verificationCode.required'));
  if (!new RegExp(`^[0-9]{${VERIFICATION_CODE.length}}$`).test(trimmed)) {
    return err(
      validationError('verificationCode', 'validation.verificationCode.invalid', {
        length: VERIFICATION_CODE.length,
      }),
    );
  }
  return ok(trimmed);
}

/** §5 Verification code: valid 10 minutes after it was sent. */
export function isVerificationCodeExpired(sentAtMs: number, nowMs: number): boolean {
  return nowMs - sentAtMs >= VERIFICATION_CODE.validMs;
}

/** §5 Nickname: required ('input nickname'), at most 20 characters. */
export function validateNickname(nickname: string): Validated<string> {
  const trimmed = nickname.trim();
  if (trimmed === '') return err(validationError('nickname', 'validation.nickname.required'));
  const tooLong = maxLength('nickname', trimmed, TEXT_LIMITS.nickname, 'validation.nickname.tooLong');
  return tooLong === undefined ? ok(trimmed) : err(tooLong);
}

// One "@", no whitespace, a dot in the domain part; RFC 5321 caps an address at 254 characters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** §5 E-mail: required, valid format ('input correct email'). */
export function validateEmail(email: string): Validated<string> {
  const trimmed = email.trim();
  if (trimmed === '') return err(validationError('email', 'validation.email.required'));
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) {
    return err(validationError('email', 'validation.email.invalid'));
  }
  return ok(trimmed);
}

/**
 * §5 Phone number: required and valid. The spec does not show the format; we accept the national
 * number as 5-15 digits (E.164's limit), ignoring spaces and dashes.
 */
export function validatePhoneNumber(phone: string): Validated<string> {
  const compact = phone.replace(/[\s-]/g, '');
  if (compact === '') return err(validationError('phone', 'validation.phone.required'));
  if (!/^[0-9]{5,15}$/.test(compact)) return err(validationError('phone', 'validation.phone.invalid'));
  return ok(compact);
}

/** §5 Area code: always sent with a leading plus ("86" and "+86" both give "+86"). */
export function normalizeAreaCode(areaCode: string): Validated<string> {
  const digits = areaCode.trim().replace(/^\+/, '');
  if (!/^[0-9]{1,4}$/.test(digits)) return err(validationError('areaCode', 'validation.areaCode.invalid'));
  return ok(`+${digits}`);
}

/** §5 Birth date: not later than today (compared as calendar days in the user's time zone). */
export function validateBirth(birthMs: number, nowMs: number, utcOffsetMinutes: number): Validated<number> {
  if (
    !Number.isFinite(birthMs) ||
    calendarDayNumber(birthMs, utcOffsetMinutes) > calendarDayNumber(nowMs, utcOffsetMinutes)
  ) {
    return err(validationError('birth', 'validation.birth.future'));
  }
  return ok(birthMs);
}
