/** Who signs in or registers: a phone number with its area code, or an e-mail (spec §7 account calls). */
export type AccountIdentifier =
  { readonly areaCode: string; readonly phoneNumber: string } | { readonly email: string };

/** What a verification code is for: 1 register, 2 reset password, 3 login (the chat API's `usedFor`). */
export const CodeUsage = { Register: 1, ResetPassword: 2, Login: 3 } as const;
export type CodeUsage = (typeof CodeUsage)[keyof typeof CodeUsage];

/** The answer of login and register: what the client stores to open the IM session (spec §4). */
export interface AccountSession {
  readonly userID: string;
  readonly imToken: string;
  readonly chatToken: string;
}

export interface RegisterInput {
  readonly identifier: AccountIdentifier;
  readonly nickname: string;
  /** Plain text; the adapter hashes it before it leaves the client. */
  readonly password: string;
  readonly verifyCode: string;
  readonly invitationCode?: string;
}

/**
 * The chat API's public account endpoints (spec §7: code send/verify, register, login, password reset).
 * Passwords are given in plain text; the adapter hashes them (MD5) for the wire. The client platform id is
 * the adapter's configuration, not a call argument. Every method rejects with `RemoteError(code)` carrying
 * the server's errCode (20001 wrong password, 20002 unknown account, 20003/20014 already registered,
 * 20005 too frequent, 20006-20009 code wrong/expired/limit/used, 20010/20011 invitation code; spec §8).
 */
export abstract class AccountApi {
  /** Sends a code; register refuses taken identifiers, login and reset need an existing account. */
  abstract sendCode(
    identifier: AccountIdentifier,
    usedFor: CodeUsage,
    invitationCode?: string,
  ): Promise<void>;
  /** Checks the newest code without using it up (a wrong try still counts). */
  abstract verifyCode(identifier: AccountIdentifier, usedFor: CodeUsage, verifyCode: string): Promise<void>;
  abstract loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountSession>;
  /** Logs in with a login code (used up on success). */
  abstract loginWithCode(identifier: AccountIdentifier, verifyCode: string): Promise<AccountSession>;
  /** Creates the account (using up the register code) and logs it in. */
  abstract register(input: RegisterInput): Promise<AccountSession>;
  /**
   * Sets a new password with a reset code. Whether the account's other sessions end is the server's
   * choice (chat 1.8.4 keeps their tokens; only a password change drops them): callers assume neither.
   */
  abstract resetPassword(identifier: AccountIdentifier, verifyCode: string, password: string): Promise<void>;
}
