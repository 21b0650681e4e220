import { describe, expect, it } from 'vitest';
import { validationFailure } from '../../testing/builders';
import { validatePayPassword, validatePayPasswordChange } from './pay-password';

const failure = validationFailure;

describe('§5 Pay password', () => {
  it('§5 pay password is six digits', () => {
    expect(validatePayPassword('123456')).toEqual({ ok: true, value: '123456' });
    for (const bad of ['12345', '1234567', '12345a', '']) {
      expect(validatePayPassword(bad)).toEqual(
        failure('payPassword', 'validation.payPassword.invalid', { length: 6 }),
      );
    }
  });

  it('§4 the old pay password is asked only when one exists', () => {
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '123456', confirmPin: '123456' })).toEqual(
      {
        ok: true,
        value: { oldPin: undefined, newPin: '123456' },
      },
    );
    expect(validatePayPasswordChange({ hasExisting: true, newPin: '123456', confirmPin: '123456' })).toEqual(
      failure('oldPassword', 'validation.oldPassword.required'),
    );
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '12', newPin: '123456', confirmPin: '123456' }),
    ).toEqual(failure('oldPassword', 'validation.payPassword.invalid', { length: 6 }));
    expect(
      validatePayPasswordChange({
        hasExisting: true,
        oldPin: '000000',
        newPin: '123456',
        confirmPin: '123456',
      }),
    ).toEqual({ ok: true, value: { oldPin: '000000', newPin: '123456' } });
  });

  it('§5 new and confirm must match, otherwise passwordNotMatch', () => {
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '123456', confirmPin: '654321' })).toEqual(
      failure('confirmPayPassword', 'validation.payPassword.mismatch'),
    );
    expect(validatePayPasswordChange({ hasExisting: false, newPin: '1234', confirmPin: '1234' })).toEqual(
      failure('payPassword', 'validation.payPassword.invalid', { length: 6 }),
    );
  });
});

describe('§4/§5 pay password form: an empty old pay password is asked for, not judged', () => {
  it('an old pay password left empty prompts for it (oldPassword required), before its format is checked', () => {
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '', newPin: '123456', confirmPin: '123456' }),
    ).toEqual(failure('oldPassword', 'validation.oldPassword.required'));
    expect(
      validatePayPasswordChange({ hasExisting: true, oldPin: '', newPin: '12', confirmPin: '34' }),
    ).toEqual(failure('oldPassword', 'validation.oldPassword.required'));
  });

  it('without an existing pay password, an empty old one is ignored', () => {
    expect(
      validatePayPasswordChange({ hasExisting: false, oldPin: '', newPin: '654321', confirmPin: '654321' }),
    ).toEqual({ ok: true, value: { oldPin: undefined, newPin: '654321' } });
  });
});
