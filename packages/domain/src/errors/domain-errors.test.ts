import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages';
import { PERMISSION_REASON_KEYS, permissionError, validationError } from './domain-errors';

describe('typed domain errors', () => {
  it('§5 a validation error carries its field and the i18n key of its message', () => {
    expect(validationError('phone', 'validation.phone.invalid')).toEqual({
      kind: 'validation',
      field: 'phone',
      i18nKey: 'validation.phone.invalid',
    });
    expect(validationError('groupName', 'validation.groupName.tooLong', { max: 16 })).toEqual({
      kind: 'validation',
      field: 'groupName',
      i18nKey: 'validation.groupName.tooLong',
      params: { max: 16 },
    });
  });

  it('§6 every permission reason has a text in both locales', () => {
    for (const reason of Object.keys(PERMISSION_REASON_KEYS) as (keyof typeof PERMISSION_REASON_KEYS)[]) {
      const error = permissionError(reason);
      expect(error).toEqual({ kind: 'permission', reason, i18nKey: PERMISSION_REASON_KEYS[reason] });
      expect(MESSAGES[error.i18nKey]['zh-CN']).not.toBe('');
    }
  });
});

describe('typed domain errors: parameters only when there are some', () => {
  it('a validation error without parameters has no params key at all', () => {
    const error = validationError('phone', 'validation.phone.invalid');
    expect(error).toStrictEqual({ kind: 'validation', field: 'phone', i18nKey: 'validation.phone.invalid' });
    expect('params' in error).toBe(false);
    expect(JSON.stringify(error)).toBe(
      '{"kind":"validation","field":"phone","i18nKey":"validation.phone.invalid"}',
    );
  });

  it('a validation error with parameters keeps them as given', () => {
    expect(validationError('groupName', 'validation.groupName.tooLong', { max: 16 })).toStrictEqual({
      kind: 'validation',
      field: 'groupName',
      i18nKey: 'validation.groupName.tooLong',
      params: { max: 16 },
    });
  });
});
