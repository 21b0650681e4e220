import { describe, expect, it } from 'vitest';
import { validationError } from './domain-errors';

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
