import { describe, expect, it } from 'vitest';
import { validateIdentifier, validateLogin, validateRegister, validateReset } from './forms';

const email = (value: string) => ({ kind: 'email' as const, email: value, areaCode: '', phone: '' });
const phone = (areaCode: string, value: string) => ({
  kind: 'phone' as const,
  email: '',
  areaCode,
  phone: value,
});

describe('sign-in forms (spec §5)', () => {
  it('reports every missing field of the login at once, with the spec prompts', () => {
    const result = validateLogin({
      identifier: email(''),
      credential: 'password',
      password: '',
      verificationCode: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: { i18nKey: 'validation.email.required' },
        password: { i18nKey: 'validation.password.required' },
      },
    });
  });

  it('accepts a password login as typed and a code login with a 6-digit code', () => {
    expect(
      validateLogin({
        identifier: email(' alice@example.com '),
        credential: 'password',
        password: ' x ',
        verificationCode: '',
      }),
    ).toEqual({
      ok: true,
      value: { identifier: { email: 'alice@example.com' }, credential: 'password', password: ' x ' },
    });
    const code = validateLogin({
      identifier: email('a@b.co'),
      credential: 'code',
      password: '',
      verificationCode: '12a',
    });
    expect(code).toEqual({
      ok: false,
      errors: { verificationCode: { i18nKey: 'validation.verificationCode.invalid', params: { length: 6 } } },
    });
  });

  it('sends phone numbers with a leading plus on the area code', () => {
    expect(validateIdentifier(phone('86', '138 0000 0001'))).toEqual({
      ok: true,
      value: { areaCode: '+86', phoneNumber: '13800000001' },
    });
    expect(validateIdentifier(phone('+86', 'abc'))).toEqual({
      ok: false,
      errors: { phone: { i18nKey: 'validation.phone.invalid' } },
    });
    expect(validateIdentifier(email('nope'))).toEqual({
      ok: false,
      errors: { email: { i18nKey: 'validation.email.invalid' } },
    });
  });

  it('registration checks nickname, password format, confirmation and code; the invitation is optional', () => {
    const base = {
      identifier: email('new@example.com'),
      nickname: 'New',
      password: 'abc123',
      confirmPassword: 'abc123',
      verificationCode: '123456',
      invitationCode: '  ',
    };
    expect(validateRegister(base)).toEqual({
      ok: true,
      value: {
        identifier: { email: 'new@example.com' },
        nickname: 'New',
        password: 'abc123',
        verifyCode: '123456',
      },
    });
    expect(validateRegister({ ...base, invitationCode: ' INV1 ' })).toMatchObject({
      ok: true,
      value: { invitationCode: 'INV1' },
    });
    expect(
      validateRegister({ ...base, nickname: '', password: 'abcdef', confirmPassword: 'abcdef' }),
    ).toEqual({
      ok: false,
      errors: {
        nickname: { i18nKey: 'validation.nickname.required' },
        password: { i18nKey: 'validation.password.format' },
      },
    });
    expect(validateRegister({ ...base, confirmPassword: 'abc124' })).toEqual({
      ok: false,
      errors: { confirmPassword: { i18nKey: 'validation.password.mismatch' } },
    });
    expect(validateRegister({ ...base, password: 'a1', confirmPassword: 'a1' })).toEqual({
      ok: false,
      errors: { password: { i18nKey: 'validation.password.length', params: { min: 6, max: 20 } } },
    });
  });

  it('reset needs the code and a valid new password twice', () => {
    expect(
      validateReset({
        identifier: email('a@b.co'),
        verificationCode: '',
        password: 'abc123',
        confirmPassword: 'abc123',
      }),
    ).toEqual({
      ok: false,
      errors: { verificationCode: { i18nKey: 'validation.verificationCode.required' } },
    });
    expect(
      validateReset({
        identifier: email('a@b.co'),
        verificationCode: '654321',
        password: 'abc123',
        confirmPassword: 'abc123',
      }),
    ).toEqual({
      ok: true,
      value: { identifier: { email: 'a@b.co' }, verifyCode: '654321', password: 'abc123' },
    });
  });
});
