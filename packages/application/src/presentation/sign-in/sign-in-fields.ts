import {
  normalizeAreaCode,
  validateEmail,
  validateNickname,
  validatePasswordPair,
  validatePhoneNumber,
  validateRequired,
  validateVerificationCode,
  type I18nKey,
  type MessageParams,
  type Validated,
} from '@teamim/domain';
import type { AccountIdentifier } from '../../ports/account-api.port';

/** The sign-in screens' tabs: spec §2 /login offers password/code sign-in, registration, reset and QR. */
export type SignInTab = 'login' | 'register' | 'reset' | 'qr';
export type IdentifierKind = 'email' | 'phone';
export type CredentialKind = 'password' | 'code';

/** Every input of the three forms (one set of values: the identifier carries over between tabs). */
export interface SignInValues {
  readonly email: string;
  readonly areaCode: string;
  readonly phone: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly verificationCode: string;
  readonly nickname: string;
  readonly invitationCode: string;
}
export type SignInField = keyof SignInValues;

/** A §5 message under one field. */
export interface FieldMessage {
  readonly i18nKey: I18nKey;
  readonly params?: MessageParams;
}
export type FieldErrors = Partial<Record<SignInField, FieldMessage>>;

/** The area code a first visit starts with (the spec's product is for China; §5 allows any). */
export const DEFAULT_AREA_CODE = '+86';

/**
 * Collects the §5 messages of several fields at once, so a form shows every problem together
 * (the service stops at the first one; it checks again before calling the server).
 */
class FieldCheck {
  readonly errors: Partial<Record<SignInField, FieldMessage>> = {};

  take<T>(field: SignInField, result: Validated<T>): T | undefined {
    if (result.ok) return result.value;
    this.errors[field] = {
      i18nKey: result.error.i18nKey,
      ...(result.error.params === undefined ? {} : { params: result.error.params }),
    };
    return undefined;
  }
}

/** Only the messages count here: the form sends the identifier as typed (see {@link typedIdentifier}). */
function checkIdentifier(kind: IdentifierKind, values: SignInValues, check: FieldCheck): void {
  if (kind === 'email') {
    check.take('email', validateEmail(values.email));
    return;
  }
  check.take('areaCode', normalizeAreaCode(values.areaCode));
  check.take('phone', validatePhoneNumber(values.phone));
}

function passwordPair(check: FieldCheck, values: SignInValues): void {
  const pair = validatePasswordPair(values.password, values.confirmPassword);
  check.take(pair.ok || pair.error.field === 'password' ? 'password' : 'confirmPassword', pair);
}

/** The §5 messages of the identifier alone (what "send code" needs). */
export function identifierErrors(kind: IdentifierKind, values: SignInValues): FieldErrors {
  const check = new FieldCheck();
  checkIdentifier(kind, values, check);
  return check.errors;
}

/**
 * The §5 messages of a whole form. Sign-in needs only a password (its format is a rule for choosing
 * one) or a 6-digit code; registration and reset check the new password and its confirmation.
 */
export function formErrors(
  tab: SignInTab,
  kind: IdentifierKind,
  credential: CredentialKind,
  values: SignInValues,
): FieldErrors {
  const check = new FieldCheck();
  checkIdentifier(kind, values, check);
  if (tab === 'login') {
    // Passwords are not trimmed: spaces are legitimate characters.
    if (credential === 'password' && values.password === '')
      check.take('password', validateRequired('password', ''));
    if (credential === 'code')
      check.take('verificationCode', validateVerificationCode(values.verificationCode));
  } else if (tab === 'register') {
    check.take('nickname', validateNickname(values.nickname));
    passwordPair(check, values);
    check.take('verificationCode', validateVerificationCode(values.verificationCode));
  } else if (tab === 'reset') {
    check.take('verificationCode', validateVerificationCode(values.verificationCode));
    passwordPair(check, values);
  }
  return check.errors;
}

/** The identifier as typed (the service normalises and checks it again). */
export function typedIdentifier(kind: IdentifierKind, values: SignInValues): AccountIdentifier {
  return kind === 'email'
    ? { email: values.email }
    : { areaCode: values.areaCode, phoneNumber: values.phone };
}
