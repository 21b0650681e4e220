import { validationError } from '../../errors/domain-errors';
import type { ValidationField } from '../../errors/domain-errors';
import type { I18nKey } from '../../i18n/messages';
import { err, ok } from '../../result';
import { charLength } from '../text';
import type { Validated } from './validated';

const REQUIRED_KEYS = {
  oldPassword: 'validation.oldPassword.required',
  groupName: 'validation.groupName.required',
  content: 'validation.content.required',
  nickname: 'validation.nickname.required',
  phone: 'validation.phone.required',
  email: 'validation.email.required',
  verificationCode: 'validation.verificationCode.required',
  password: 'validation.password.required',
  invitationCode: 'validation.invitationCode.required',
} as const satisfies Partial<Record<ValidationField, I18nKey>>;
export type RequiredField = keyof typeof REQUIRED_KEYS;

/** §5 "Required prompts": a blank value fails with the field's own prompt. Returns the trimmed value. */
export function validateRequired(field: RequiredField, value: string | undefined): Validated<string> {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? err(validationError(field, REQUIRED_KEYS[field])) : ok(trimmed);
}

/** §5 Log upload line count: a positive whole number. */
export function validateLogLineCount(input: string): Validated<number> {
  const trimmed = input.trim();
  if (!/^[0-9]+$/.test(trimmed) || Number(trimmed) <= 0 || !Number.isSafeInteger(Number(trimmed))) {
    return err(validationError('logLineCount', 'validation.logLines.invalid'));
  }
  return ok(Number(trimmed));
}

/** §5 "Default form messages": generic checks for forms without a dedicated rule. */
export const formRules = {
  required(label: string, value: string | undefined): Validated<string> {
    // A non-blank text is truthy once trimmed, and only a defined value has one.
    return value?.trim()
      ? ok(value)
      : err(validationError('form', 'validation.default.required', { field: label }));
  },
  length(
    label: string,
    value: string,
    bounds: { readonly min?: number; readonly max?: number },
  ): Validated<string> {
    const length = charLength(value);
    const { min, max } = bounds;
    const tooShort = length < (min ?? 0);
    const tooLong = length > (max ?? Infinity);
    if (!tooShort && !tooLong) return ok(value);
    if (min !== undefined && max !== undefined) {
      return err(validationError('form', 'validation.default.lengthRange', { field: label, min, max }));
    }
    return tooShort
      ? err(validationError('form', 'validation.default.lengthMin', { field: label, min: min ?? 0 }))
      : err(validationError('form', 'validation.default.lengthMax', { field: label, max: max ?? 0 }));
  },
  number(
    label: string,
    input: string,
    bounds: { readonly min?: number; readonly max?: number } = {},
  ): Validated<number> {
    const trimmed = input.trim();
    const value = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(value)) {
      return err(validationError('form', 'validation.default.typeInvalid', { field: label, type: 'number' }));
    }
    const { min = -Infinity, max = Infinity } = bounds;
    if (value < min) {
      return err(validationError('form', 'validation.default.numberMin', { field: label, min }));
    }
    if (value > max) {
      return err(validationError('form', 'validation.default.numberMax', { field: label, max }));
    }
    return ok(value);
  },
};
