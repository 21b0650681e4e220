import { AccountApi, CodeUsage } from '../ports/account-api.port';
import type { AccountIdentifier, AccountSession, RegisterInput } from '../ports/account-api.port';
import { RemoteError } from '../shared/remote-error';
import type { FakeClock } from './fake-clock';

/**
 * What the account server needs of the FakeBackend (which owns it): the clock and the IM users. Stated
 * here rather than imported so the two modules do not import each other.
 */
export interface AccountBackend {
  readonly clock: FakeClock;
  readonly users: ReadonlyMap<string, { readonly token: string }>;
  registerUser(seed: {
    readonly userID: string;
    readonly nickname?: string;
    readonly email?: string;
    readonly phoneNumber?: string;
  }): string;
  nextID(prefix: string): string;
}

/** The chat server's account codes (apps/server/src/chat/README.md, spec §8). */
export const AccountErrorCode = {
  InvalidArgs: 1001,
  PasswordError: 20001,
  AccountNotFound: 20002,
  PhoneAlreadyRegistered: 20003,
  TooFrequent: 20005,
  VerifyCodeNotMatch: 20006,
  VerifyCodeExpired: 20007,
  VerifyCodeMaxCount: 20008,
  VerifyCodeUsed: 20009,
  InvitationCodeUsed: 20010,
  InvitationCodeNotFound: 20011,
  EmailAlreadyRegistered: 20014,
} as const;

/** The server's limits, as documented for the local server. */
export const FAKE_ACCOUNT_LIMITS = {
  codeTtlMs: 10 * 60_000,
  codeResendMs: 60_000,
  codeMaxAttempts: 5,
  loginMaxFailures: 5,
  loginFailureWindowMs: 15 * 60_000,
} as const;

export interface FakeAccountSeed {
  readonly userID: string;
  readonly password: string;
  readonly nickname?: string;
  readonly email?: string;
  /** With `phoneNumber`; the leading plus is added when missing. */
  readonly areaCode?: string;
  readonly phoneNumber?: string;
}

interface AccountRecord {
  readonly userID: string;
  password: string;
}

interface CodeRecord {
  readonly code: string;
  readonly usedFor: CodeUsage;
  readonly sentAt: number;
  attempts: number;
  used: boolean;
}

/** The server's key of an identifier: `"+86 13800000001"` or the lower-cased e-mail. */
export function accountKey(identifier: AccountIdentifier): string {
  if ('email' in identifier) return identifier.email.trim().toLowerCase();
  const digits = identifier.areaCode.trim().replace(/^\+/, '');
  return `+${digits} ${identifier.phoneNumber.trim()}`;
}

/**
 * The account side of the fake chat server, on the shared `FakeBackend`: identifiers, passwords
 * (kept as given: the fake adapter receives plain text), verification codes the test can read with
 * {@link lastCode}, invitation codes and the login-failure limit. It refuses with the local server's codes.
 */
export class FakeAccountServer {
  private readonly accounts = new Map<string, AccountRecord>();
  /** Newest code per identifier key; only the newest counts. */
  private readonly codes = new Map<string, CodeRecord>();
  private readonly loginFailures = new Map<string, number[]>();
  /** Admin-issued single-use invitation codes → the user who used it ('' while unused). */
  readonly invitationCodes = new Map<string, string>();
  private codeSeq = 0;

  constructor(private readonly backend: AccountBackend) {}

  /** Creates an account that can sign in with `password`, plus its IM user. */
  seed(seed: FakeAccountSeed): void {
    const identifiers: AccountIdentifier[] = [];
    if (seed.email !== undefined) identifiers.push({ email: seed.email });
    if (seed.phoneNumber !== undefined) {
      identifiers.push({ areaCode: seed.areaCode ?? '+86', phoneNumber: seed.phoneNumber });
    }
    if (!this.backend.users.has(seed.userID)) {
      this.backend.registerUser({
        userID: seed.userID,
        ...(seed.nickname === undefined ? {} : { nickname: seed.nickname }),
        ...(seed.email === undefined ? {} : { email: seed.email }),
        ...(seed.phoneNumber === undefined ? {} : { phoneNumber: seed.phoneNumber }),
      });
    }
    const record: AccountRecord = { userID: seed.userID, password: seed.password };
    for (const identifier of identifiers) this.accounts.set(accountKey(identifier), record);
  }

  /** The newest code sent to `identifier`, as the dev-mode server log shows it. */
  lastCode(identifier: AccountIdentifier): string | undefined {
    return this.codes.get(accountKey(identifier))?.code;
  }

  /** The password an account has now (to check resets). */
  passwordOf(identifier: AccountIdentifier): string | undefined {
    return this.accounts.get(accountKey(identifier))?.password;
  }

  sendCode(identifier: AccountIdentifier, usedFor: CodeUsage, invitationCode?: string): void {
    const key = accountKey(identifier);
    if (usedFor === CodeUsage.Register) {
      if (invitationCode !== undefined) this.checkInvitation(invitationCode);
      if (this.accounts.has(key)) throw this.takenError(identifier);
    } else if (!this.accounts.has(key)) {
      throw new RemoteError(AccountErrorCode.AccountNotFound, 'account does not exist');
    }
    const now = this.backend.clock.now();
    const last = this.codes.get(key);
    if (last !== undefined && now - last.sentAt < FAKE_ACCOUNT_LIMITS.codeResendMs) {
      throw new RemoteError(AccountErrorCode.TooFrequent, 'a code was sent less than a minute ago');
    }
    this.codeSeq += 1;
    // Deterministic but not guessable from the previous one at a glance: tests read it via lastCode().
    const code = String((123_457 * this.codeSeq) % 1_000_000).padStart(6, '0');
    this.codes.set(key, { code, usedFor, sentAt: now, attempts: 0, used: false });
  }

  /** Checks the newest code of the identifier; a wrong try counts, a right one is used up when `consume`. */
  checkCode(identifier: AccountIdentifier, code: string, consume: boolean): void {
    const record = this.codes.get(accountKey(identifier));
    if (record === undefined || this.backend.clock.now() - record.sentAt >= FAKE_ACCOUNT_LIMITS.codeTtlMs) {
      throw new RemoteError(AccountErrorCode.VerifyCodeExpired, 'verification code expired or not sent');
    }
    if (record.used) throw new RemoteError(AccountErrorCode.VerifyCodeUsed, 'verification code already used');
    if (record.attempts >= FAKE_ACCOUNT_LIMITS.codeMaxAttempts) {
      throw new RemoteError(
        AccountErrorCode.VerifyCodeMaxCount,
        'too many wrong attempts, request a new code',
      );
    }
    if (record.code !== code.trim()) {
      record.attempts += 1;
      throw new RemoteError(AccountErrorCode.VerifyCodeNotMatch, 'verification code is wrong');
    }
    if (consume) record.used = true;
  }

  register(input: RegisterInput): AccountSession {
    const key = accountKey(input.identifier);
    if (this.accounts.has(key)) throw this.takenError(input.identifier);
    if (input.invitationCode !== undefined) this.checkInvitation(input.invitationCode);
    this.checkCode(input.identifier, input.verifyCode, true);
    const userID = this.backend.nextID('u');
    if (input.invitationCode !== undefined) this.invitationCodes.set(input.invitationCode, userID);
    this.seed({
      userID,
      password: input.password,
      nickname: input.nickname,
      ...('email' in input.identifier
        ? { email: input.identifier.email.trim().toLowerCase() }
        : { areaCode: input.identifier.areaCode, phoneNumber: input.identifier.phoneNumber }),
    });
    return this.sessionOf(userID);
  }

  login(
    identifier: AccountIdentifier,
    credential: { password: string } | { verifyCode: string },
  ): AccountSession {
    const key = accountKey(identifier);
    const now = this.backend.clock.now();
    const failures = (this.loginFailures.get(key) ?? []).filter(
      (at) => now - at < FAKE_ACCOUNT_LIMITS.loginFailureWindowMs,
    );
    this.loginFailures.set(key, failures);
    if (failures.length >= FAKE_ACCOUNT_LIMITS.loginMaxFailures) {
      throw new RemoteError(AccountErrorCode.TooFrequent, 'too many failed logins, try again later');
    }
    const fail = (error: RemoteError): never => {
      failures.push(now);
      throw error;
    };
    const account = this.accounts.get(key);
    if (account === undefined)
      return fail(new RemoteError(AccountErrorCode.AccountNotFound, 'user unregistered'));
    if ('password' in credential) {
      if (credential.password !== account.password) {
        return fail(new RemoteError(AccountErrorCode.PasswordError, 'wrong password'));
      }
    } else {
      try {
        this.checkCode(identifier, credential.verifyCode, true);
      } catch (cause: unknown) {
        if (cause instanceof RemoteError) return fail(cause);
        throw cause;
      }
    }
    this.loginFailures.delete(key);
    return this.sessionOf(account.userID);
  }

  resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): void {
    const account = this.accounts.get(accountKey(identifier));
    if (account === undefined)
      throw new RemoteError(AccountErrorCode.AccountNotFound, 'account does not exist');
    this.checkCode(identifier, verifyCode, true);
    account.password = password;
  }

  private sessionOf(userID: string): AccountSession {
    const imToken = this.backend.users.get(userID)?.token;
    if (imToken === undefined) throw new Error(`account ${userID} has no IM user`);
    return { userID, imToken, chatToken: `chat-${userID}` };
  }

  private takenError(identifier: AccountIdentifier): RemoteError {
    return 'email' in identifier
      ? new RemoteError(AccountErrorCode.EmailAlreadyRegistered, 'e-mail already registered')
      : new RemoteError(AccountErrorCode.PhoneAlreadyRegistered, 'phone number already registered');
  }

  private checkInvitation(code: string): void {
    const usedBy = this.invitationCodes.get(code);
    if (usedBy === undefined) {
      throw new RemoteError(AccountErrorCode.InvitationCodeNotFound, 'invitation code does not exist');
    }
    if (usedBy !== '') throw new RemoteError(AccountErrorCode.InvitationCodeUsed, 'invitation code used');
  }
}

/** Async boundary: answers on a later microtask, like an HTTP call. */
async function later<T>(fn: () => T): Promise<T> {
  await Promise.resolve();
  return fn();
}

/** {@link AccountApi} over the fake account server; counts calls so tests can prove none was made. */
export class FakeAccountApi extends AccountApi {
  calls = 0;

  constructor(private readonly server: FakeAccountServer) {
    super();
  }

  sendCode(identifier: AccountIdentifier, usedFor: CodeUsage, invitationCode?: string): Promise<void> {
    this.calls += 1;
    return later(() => this.server.sendCode(identifier, usedFor, invitationCode));
  }

  verifyCode(identifier: AccountIdentifier, _usedFor: CodeUsage, verifyCode: string): Promise<void> {
    this.calls += 1;
    return later(() => this.server.checkCode(identifier, verifyCode, false));
  }

  loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountSession> {
    this.calls += 1;
    return later(() => this.server.login(identifier, { password }));
  }

  loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountSession> {
    this.calls += 1;
    return later(() => this.server.login(identifier, { verifyCode }));
  }

  register(input: RegisterInput): Promise<AccountSession> {
    this.calls += 1;
    return later(() => this.server.register(input));
  }

  resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void> {
    this.calls += 1;
    return later(() => this.server.resetPassword(identifier, verifyCode, password));
  }
}
