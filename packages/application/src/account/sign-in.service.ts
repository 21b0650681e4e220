import { BehaviorSubject, map, take, timer, type Observable, type Subscription } from 'rxjs';
import {
  classifyServerError,
  err,
  LoginMethod,
  normalizeAreaCode,
  ok,
  STORAGE_KEYS,
  validateEmail,
  validateNickname,
  validatePasswordPair,
  validatePhoneNumber,
  validateRequired,
  validateVerificationCode,
  type DisplayText,
  type Result,
  type ServerError,
  type ValidationError,
} from '@teamim/domain';
import type { CodeUsage, AccountApi, AccountIdentifier, AccountSession } from '../ports/account-api.port';
import type { Clock } from '../ports/clock.port';
import type { LocalStore } from '../ports/key-value-store.port';
import { stateFailure, type StateFailure } from '../shared/app-error';
import { attempt, type RemoteFailure } from '../shared/remote-error';
import type { BootstrapError } from '../session/session.service';
import type { SessionStore } from '../ports/key-value-store.port';

/**
 * Seconds before another code may be requested. The spec shows no figure; the chat server refuses a
 * second send within a minute (20005), so the button waits as long.
 */
export const CODE_RESEND_SECONDS = 60;

/** A refused account call, classified by the domain's error catalogue (spec §8: 20001 → wrong password …). */
export interface AccountFailure extends RemoteFailure {
  readonly reason: ServerError['reason'];
  /** What the form shows: the spec's text for known codes, else the server's message. */
  readonly display: DisplayText;
}

/**
 * Every failure of the sign-in use cases: a §5 rule (never sent to the server), a classified server
 * refusal, or a state failure (`codeCountdown` while a resend is not yet allowed).
 */
export type SignInError = ValidationError | AccountFailure | StateFailure;

export type SignInInput =
  | { readonly identifier: AccountIdentifier; readonly credential: 'password'; readonly password: string }
  | { readonly identifier: AccountIdentifier; readonly credential: 'code'; readonly verifyCode: string };

export interface RegisterForm {
  readonly identifier: AccountIdentifier;
  readonly verifyCode: string;
  readonly nickname: string;
  readonly password: string;
  readonly confirmPassword: string;
  /** Blank means none. */
  readonly invitationCode?: string;
}

export interface ResetPasswordForm {
  readonly identifier: AccountIdentifier;
  readonly verifyCode: string;
  readonly password: string;
  readonly confirmPassword: string;
}

/** What local storage remembers from the last sign-in, to prefill the login form (spec §3). */
export interface RememberedIdentity {
  readonly loginMethod: LoginMethod | undefined;
  readonly areaCode: string | undefined;
  readonly phoneNumber: string | undefined;
  readonly email: string | undefined;
}

export function toAccountFailure(failure: RemoteFailure): AccountFailure {
  const classified = classifyServerError(failure.code, failure.message);
  return { ...failure, reason: classified.reason, display: classified.display };
}

/** §5: e-mail format, or area code (sent with its leading plus) and phone number. Returns the normalised form. */
export function validateIdentifier(
  identifier: AccountIdentifier,
): Result<AccountIdentifier, ValidationError> {
  if ('email' in identifier) {
    const email = validateEmail(identifier.email);
    return email.ok ? ok({ email: email.value }) : email;
  }
  const areaCode = normalizeAreaCode(identifier.areaCode);
  if (!areaCode.ok) return areaCode;
  const phoneNumber = validatePhoneNumber(identifier.phoneNumber);
  if (!phoneNumber.ok) return phoneNumber;
  return ok({ areaCode: areaCode.value, phoneNumber: phoneNumber.value });
}

function optionalInvitationCode(code: string | undefined): string | undefined {
  const trimmed = code?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/**
 * What sign-in needs of the session: keep the credentials where bootstrap reads them, then start it.
 * {@link DeferredSessionStart} only stores them (the shell then opens the user's session scope and starts
 * it); a root with the SDK at hand opens the scope for the user at once (the test harness's `TestClient`).
 */
export interface SessionStarter {
  storeCredentials(userID: string, imToken: string, chatToken: string): void;
  bootstrap(): Promise<Result<void, BootstrapError>>;
}

/**
 * For apps whose sign-in page runs before the IM services exist (the web root loads the SDK only once
 * signed in): stores the credentials under the spec's session keys and leaves the bootstrap to the shell,
 * which runs it when it finds stored credentials (spec §2 guard, §4).
 */
export class DeferredSessionStart implements SessionStarter {
  constructor(private readonly sessionStore: SessionStore) {}

  storeCredentials(userID: string, imToken: string, chatToken: string): void {
    this.sessionStore.set(STORAGE_KEYS.session.userID, userID);
    this.sessionStore.set(STORAGE_KEYS.session.imToken, imToken);
    this.sessionStore.set(STORAGE_KEYS.session.chatToken, chatToken);
  }

  bootstrap(): Promise<Result<void, BootstrapError>> {
    return Promise.resolve(ok(undefined));
  }
}

/**
 * Sign-in, registration, code sending and password reset (spec §4 "Login and bootstrap", §5, §7, §8).
 * Input is checked against the §5 rules before any call; a successful login or registration stores the
 * credentials where `SessionService.bootstrap` reads them, remembers the identifier in local storage, and
 * starts the session through its {@link SessionStarter}. `codeCountdown$(usage)` counts the seconds until
 * the next send.
 */
export class SignInService {
  private readonly countdowns = new Map<CodeUsage, BehaviorSubject<number>>();
  private readonly timers = new Map<CodeUsage, Subscription>();

  constructor(
    private readonly api: AccountApi,
    private readonly session: SessionStarter,
    private readonly localStore: LocalStore,
    private readonly clock: Clock,
  ) {}

  /** Seconds left before a code for `usedFor` may be sent again; 0 when it may. Replays. */
  codeCountdown$(usedFor: CodeUsage): Observable<number> {
    return this.countdown(usedFor).asObservable();
  }

  private countdown(usedFor: CodeUsage): BehaviorSubject<number> {
    let subject = this.countdowns.get(usedFor);
    if (subject === undefined) {
      subject = new BehaviorSubject(0);
      this.countdowns.set(usedFor, subject);
    }
    return subject;
  }

  private startCountdown(usedFor: CodeUsage): void {
    const subject = this.countdown(usedFor);
    this.timers.get(usedFor)?.unsubscribe();
    subject.next(CODE_RESEND_SECONDS);
    this.timers.set(
      usedFor,
      timer(1000, 1000, this.clock.scheduler)
        .pipe(
          take(CODE_RESEND_SECONDS),
          map((tick) => CODE_RESEND_SECONDS - tick - 1),
        )
        .subscribe((left) => subject.next(left)),
    );
  }

  /** Sends a verification code; refused with `codeCountdown` while the previous one is under a minute old. */
  async sendCode(
    identifier: AccountIdentifier,
    usedFor: CodeUsage,
    invitationCode?: string,
  ): Promise<Result<void, SignInError>> {
    const id = validateIdentifier(identifier);
    if (!id.ok) return id;
    if (this.countdown(usedFor).value > 0) return err(stateFailure('codeCountdown'));
    const invitation = optionalInvitationCode(invitationCode);
    const sent = await attempt(() => this.api.sendCode(id.value, usedFor, invitation));
    if (!sent.ok) return err(toAccountFailure(sent.error));
    this.startCountdown(usedFor);
    return ok(undefined);
  }

  /** Checks a code before the rest of a form is filled in (the code stays usable). */
  async verifyCode(
    identifier: AccountIdentifier,
    usedFor: CodeUsage,
    verifyCode: string,
  ): Promise<Result<void, SignInError>> {
    const id = validateIdentifier(identifier);
    if (!id.ok) return id;
    const code = validateVerificationCode(verifyCode);
    if (!code.ok) return code;
    const verified = await attempt(() => this.api.verifyCode(id.value, usedFor, code.value));
    return verified.ok ? ok(undefined) : err(toAccountFailure(verified.error));
  }

  /** Logs in with a password or a login code, then starts the session. */
  async signIn(input: SignInInput): Promise<Result<AccountSession, SignInError>> {
    const id = validateIdentifier(input.identifier);
    if (!id.ok) return id;
    let call: () => Promise<AccountSession>;
    if (input.credential === 'password') {
      // Login only needs a password; the 6-20 letters-and-digits rule is for choosing one (§5 "register").
      const password = validateRequired('password', input.password);
      if (!password.ok) return password;
      call = () => this.api.loginWithPassword(id.value, input.password);
    } else {
      const code = validateVerificationCode(input.verifyCode);
      if (!code.ok) return code;
      call = () => this.api.loginWithCode(id.value, code.value);
    }
    const session = await attempt(call);
    if (!session.ok) return err(toAccountFailure(session.error));
    return this.startSession(id.value, session.value);
  }

  /** Creates an account, then signs it in (the server logs a new account in at once). */
  async register(form: RegisterForm): Promise<Result<AccountSession, SignInError>> {
    const id = validateIdentifier(form.identifier);
    if (!id.ok) return id;
    const code = validateVerificationCode(form.verifyCode);
    if (!code.ok) return code;
    const nickname = validateNickname(form.nickname);
    if (!nickname.ok) return nickname;
    const password = validatePasswordPair(form.password, form.confirmPassword);
    if (!password.ok) return password;
    const invitationCode = optionalInvitationCode(form.invitationCode);
    const session = await attempt(() =>
      this.api.register({
        identifier: id.value,
        nickname: nickname.value,
        password: password.value,
        verifyCode: code.value,
        ...(invitationCode === undefined ? {} : { invitationCode }),
      }),
    );
    if (!session.ok) return err(toAccountFailure(session.error));
    return this.startSession(id.value, session.value);
  }

  /** Sets a new password with a reset code. The user signs in again afterwards. */
  async resetPassword(form: ResetPasswordForm): Promise<Result<void, SignInError>> {
    const id = validateIdentifier(form.identifier);
    if (!id.ok) return id;
    const code = validateVerificationCode(form.verifyCode);
    if (!code.ok) return code;
    const password = validatePasswordPair(form.password, form.confirmPassword);
    if (!password.ok) return password;
    const reset = await attempt(() => this.api.resetPassword(id.value, code.value, password.value));
    return reset.ok ? ok(undefined) : err(toAccountFailure(reset.error));
  }

  /** The identifier of the last sign-in on this device. */
  rememberedIdentity(): RememberedIdentity {
    const method = this.localStore.get(STORAGE_KEYS.local.loginMethod);
    return {
      loginMethod: method === LoginMethod.Email || method === LoginMethod.Phone ? method : undefined,
      areaCode: this.localStore.get(STORAGE_KEYS.local.areaCode),
      phoneNumber: this.localStore.get(STORAGE_KEYS.local.phoneNumber),
      email: this.localStore.get(STORAGE_KEYS.local.email),
    };
  }

  private async startSession(
    identifier: AccountIdentifier,
    session: AccountSession,
  ): Promise<Result<AccountSession, SignInError>> {
    this.session.storeCredentials(session.userID, session.imToken, session.chatToken);
    this.remember(identifier);
    const started = await this.session.bootstrap();
    if (!started.ok) {
      // bootstrap only reports noCredentials when storage lost what was just written.
      return err(
        started.error.kind === 'remote' ? toAccountFailure(started.error) : stateFailure('noCredentials'),
      );
    }
    return ok(session);
  }

  private remember(identifier: AccountIdentifier): void {
    if ('email' in identifier) {
      this.localStore.set(STORAGE_KEYS.local.email, identifier.email);
      this.localStore.set(STORAGE_KEYS.local.loginMethod, LoginMethod.Email);
      return;
    }
    this.localStore.set(STORAGE_KEYS.local.areaCode, identifier.areaCode);
    this.localStore.set(STORAGE_KEYS.local.phoneNumber, identifier.phoneNumber);
    this.localStore.set(STORAGE_KEYS.local.loginMethod, LoginMethod.Phone);
  }

  dispose(): void {
    for (const subscription of this.timers.values()) subscription.unsubscribe();
    this.timers.clear();
  }
}
