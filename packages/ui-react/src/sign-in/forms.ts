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
import type { AccountIdentifier } from '../services';

export type IdentifierKind = 'email' | 'phone';
export type CredentialKind = 'password' | 'code';

export type FormField =
  'email' | 'areaCode' | 'phone' | 'password' | 'confirmPassword' | 'verificationCode' | 'nickname';

export interface FieldMessage {
  readonly i18nKey: I18nKey;
  readonly params?: MessageParams;
}
export type FieldErrors = Partial<Record<FormField, FieldMessage>>;

export type FormResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: FieldErrors };

export interface IdentifierInput {
  readonly kind: IdentifierKind;
  readonly email: string;
  readonly areaCode: string;
  readonly phone: string;
}

/** Collects the §5 messages of several fields at once, so the form shows every problem together. */
class Collector {
  readonly errors: Record<string, FieldMessage> = {};
  take<T>(field: FormField, result: Validated<T>): T | undefined {
    if (result.ok) return result.value;
    this.errors[field] = {
      i18nKey: result.error.i18nKey,
      ...(result.error.params === undefined ? {} : { params: result.error.params }),
    };
    return undefined;
  }
  result<T>(build: () => T): FormResult<T> {
    return Object.keys(this.errors).length === 0
      ? { ok: true, value: build() }
      : { ok: false, errors: this.errors };
  }
}

function identifierOf(input: IdentifierInput, collector: Collector): AccountIdentifier | undefined {
  if (input.kind === 'email') {
    const email = collector.take('email', validateEmail(input.email));
    return email === undefined ? undefined : { email };
  }
  const areaCode = collector.take('areaCode', normalizeAreaCode(input.areaCode));
  const phoneNumber = collector.take('phone', validatePhoneNumber(input.phone));
  return areaCode === undefined || phoneNumber === undefined ? undefined : { areaCode, phoneNumber };
}

/** The identifier alone, for "send code". */
export function validateIdentifier(input: IdentifierInput): FormResult<AccountIdentifier> {
  const collector = new Collector();
  const identifier = identifierOf(input, collector);
  return collector.result(() => identifier as AccountIdentifier);
}

export interface LoginInput {
  readonly identifier: IdentifierInput;
  readonly credential: CredentialKind;
  readonly password: string;
  readonly verificationCode: string;
}
export type LoginRequest =
  | { readonly identifier: AccountIdentifier; readonly credential: 'password'; readonly password: string }
  | { readonly identifier: AccountIdentifier; readonly credential: 'code'; readonly verifyCode: string };

/** Sign-in: the identifier, then the password (required only; its format is a registration rule) or a code. */
export function validateLogin(input: LoginInput): FormResult<LoginRequest> {
  const collector = new Collector();
  const identifier = identifierOf(input.identifier, collector);
  if (input.credential === 'password') {
    // Passwords are not trimmed: spaces are legitimate characters.
    if (input.password === '') collector.take('password', validateRequired('password', ''));
    return collector.result(() => ({
      identifier: identifier as AccountIdentifier,
      credential: 'password' as const,
      password: input.password,
    }));
  }
  const code = collector.take('verificationCode', validateVerificationCode(input.verificationCode));
  return collector.result(() => ({
    identifier: identifier as AccountIdentifier,
    credential: 'code' as const,
    verifyCode: code as string,
  }));
}

export interface RegisterInput {
  readonly identifier: IdentifierInput;
  readonly nickname: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly verificationCode: string;
  readonly invitationCode: string;
}
export interface RegisterRequest {
  readonly identifier: AccountIdentifier;
  readonly nickname: string;
  readonly password: string;
  readonly verifyCode: string;
  readonly invitationCode?: string;
}

function passwordPair(collector: Collector, password: string, confirmation: string): string | undefined {
  const pair = validatePasswordPair(password, confirmation);
  return collector.take(pair.ok || pair.error.field === 'password' ? 'password' : 'confirmPassword', pair);
}

/** Registration (§5): identifier, nickname, password 6-20 with digits and letters twice, 6-digit code. */
export function validateRegister(input: RegisterInput): FormResult<RegisterRequest> {
  const collector = new Collector();
  const identifier = identifierOf(input.identifier, collector);
  const nickname = collector.take('nickname', validateNickname(input.nickname));
  const password = passwordPair(collector, input.password, input.confirmPassword);
  const code = collector.take('verificationCode', validateVerificationCode(input.verificationCode));
  const invitation = input.invitationCode.trim();
  return collector.result(() => ({
    identifier: identifier as AccountIdentifier,
    nickname: nickname as string,
    password: password as string,
    verifyCode: code as string,
    ...(invitation === '' ? {} : { invitationCode: invitation }),
  }));
}

export interface ResetInput {
  readonly identifier: IdentifierInput;
  readonly verificationCode: string;
  readonly password: string;
  readonly confirmPassword: string;
}
export interface ResetRequest {
  readonly identifier: AccountIdentifier;
  readonly verifyCode: string;
  readonly password: string;
}

/** Password reset: identifier, 6-digit code, the new password twice. */
export function validateReset(input: ResetInput): FormResult<ResetRequest> {
  const collector = new Collector();
  const identifier = identifierOf(input.identifier, collector);
  const code = collector.take('verificationCode', validateVerificationCode(input.verificationCode));
  const password = passwordPair(collector, input.password, input.confirmPassword);
  return collector.result(() => ({
    identifier: identifier as AccountIdentifier,
    verifyCode: code as string,
    password: password as string,
  }));
}
