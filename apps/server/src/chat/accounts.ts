import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  sendCodeSchema,
  verifyCodeSchema,
} from './account-schemas';
import type { ChatContext } from './context';
import { type JwtFailure, hmacKey, signJwt, verifyJwt } from '../auth/jwt';
import { type ChatTokenClaims, hashSecret, verifySecret } from './crypto';
import { ChatError, ErrCode, argsError } from './errors';
import { FailureWindow } from '../http/failure-window';
import { type Identifier, identifierOf, normaliseEmail, phoneIdentifier } from './identifiers';
import { Invitations } from './invitations';
import { VerificationCodes } from './verify-codes';

const ADMIN_PLATFORM_ID = 10;

export interface AccountRow {
  user_id: string;
  nickname: string;
  face_url: string;
  account: string;
  area_code: string;
  phone_number: string;
  email: string;
  gender: number;
  birth_ms: number;
  level: number;
  allow_add_friend: number;
  allow_create_group: number;
  allow_beep: number;
  allow_vibration: number;
  global_recv_msg_opt: number;
  register_type: number;
  invite_code: string;
  invited_by: string;
  password_hash: string;
  token_epoch: number;
  created_at: number;
  updated_at: number;
}

export interface LoginResult {
  userID: string;
  imToken: string;
  chatToken: string;
}

export interface ChatTokenUser {
  userID: string;
  userType: number;
}

/** chat's middleware codes for each way a token can be bad (an unknown algorithm is malformed there). */
const CHAT_TOKEN_FAILURES: Record<JwtFailure, number> = {
  malformed: ErrCode.TokenMalformed,
  algorithm: ErrCode.TokenMalformed,
  signature: ErrCode.TokenUnknown,
  expired: ErrCode.TokenExpired,
  'not-yet-valid': ErrCode.TokenNotValidYet,
};

export class AccountService {
  private readonly chatKey: Uint8Array;
  private readonly loginFailures: FailureWindow;
  private readonly ipLoginFailures: FailureWindow;
  private readonly codes: VerificationCodes;
  private readonly invitations: Invitations;

  constructor(private readonly ctx: ChatContext) {
    this.codes = new VerificationCodes(ctx);
    this.invitations = new Invitations(ctx);
    this.chatKey = hmacKey(ctx.config.chatSecret);
    const windowMs = ctx.config.loginFailureWindowSeconds * 1000;
    this.loginFailures = new FailureWindow(ctx.clock, windowMs, ctx.config.loginMaxFailures);
    this.ipLoginFailures = new FailureWindow(ctx.clock, windowMs, ctx.config.loginMaxFailuresPerIp);
  }

  // ---- lookups -------------------------------------------------------------------------

  getAccount(userID: string): AccountRow | undefined {
    return this.ctx.db
      .prepare<[string], AccountRow>('SELECT * FROM chat_accounts WHERE user_id = ?')
      .get(userID);
  }

  private userIDByIdentifier(identifier: string): string | undefined {
    return this.ctx.db
      .prepare<[string], { user_id: string }>('SELECT user_id FROM chat_credentials WHERE identifier = ?')
      .get(identifier)?.user_id;
  }

  private takenError(id: Identifier): ChatError {
    if (id.kind === 'phone')
      return new ChatError(ErrCode.PhoneAlreadyRegister, 'phone number already registered');
    if (id.kind === 'email') return new ChatError(ErrCode.EmailAlreadyRegister, 'e-mail already registered');
    return new ChatError(ErrCode.AccountAlreadyRegister, 'account already registered');
  }

  // ---- verification codes ---------------------------------------------------------------

  sendCode(input: z.output<typeof sendCodeSchema>, clientIp: string): void {
    const id = identifierOf(input);
    if (id.kind === 'account') throw argsError('codes are sent to a phone number or an e-mail');
    const exists = this.userIDByIdentifier(id.value) !== undefined;
    if (input.usedFor === 1) {
      if (input.invitationCode || this.ctx.config.needInvitationCode)
        this.invitations.checkInvitation(input.invitationCode);
      if (exists) throw this.takenError(id);
    } else if (!exists) {
      throw new ChatError(
        ErrCode.AccountNotFound,
        id.kind === 'phone' ? 'phone unregistered' : 'email unregistered',
      );
    }
    this.codes.send(id, input, clientIp);
  }

  /** The last code sent to an account in dev mode; undefined outside dev mode. */
  devCodeFor(account: Parameters<VerificationCodes['devCodeFor']>[0]): string | undefined {
    return this.codes.devCodeFor(account);
  }

  verifyCode(input: z.output<typeof verifyCodeSchema>): void {
    const id = identifierOf(input);
    const refused = this.ctx.db.transaction(() =>
      this.codes.checkCodeInTx(id.value, input.verifyCode, false),
    )();
    if (refused) throw refused;
  }

  // ---- invitations ----------------------------------------------------------------------

  createInvitationCodes(codes: readonly string[]): void {
    this.invitations.createInvitationCodes(codes);
  }

  // ---- register / login / reset --------------------------------------------------------

  private newUserID(): string {
    for (;;) {
      const id = String(randomInt(1, 10)) + String(randomInt(0, 1_000_000_000)).padStart(9, '0');
      if (!this.getAccount(id) && !this.ctx.im.getUser(id)) return id;
    }
  }

  async register(input: z.output<typeof registerSchema>): Promise<LoginResult> {
    this.requireUserPlatform(input.platform);
    const u = input.user;
    const ids: Identifier[] = [];
    // The client always sends areaCode, also next to an e-mail; only a phone number makes it count.
    if (u.phoneNumber) {
      if (!u.areaCode) throw argsError('areaCode and phoneNumber must be given together');
      ids.push(phoneIdentifier(u.areaCode, u.phoneNumber));
    }
    if (u.email) ids.push({ kind: 'email', value: normaliseEmail(u.email) });
    if (ids.length === 0) throw argsError('a phone number (with area code) or an e-mail is required');
    if (u.account)
      throw argsError('registering with an account name is not supported; use a phone number or an e-mail');
    for (const id of ids) if (this.userIDByIdentifier(id.value) !== undefined) throw this.takenError(id);
    let invitedBy = '';
    if (input.invitationCode || this.ctx.config.needInvitationCode)
      invitedBy = this.invitations.checkInvitation(input.invitationCode);

    const passwordHash = await hashSecret(u.password, this.ctx.config.scryptCost);
    const now = this.ctx.clock.now();
    const userID = this.newUserID();
    const codeIdentifier = ids[0]!.value;
    const outcome = this.ctx.db.transaction((): ChatError | undefined => {
      // Re-checked inside the transaction: another registration may have won while we hashed.
      for (const id of ids) if (this.userIDByIdentifier(id.value) !== undefined) return this.takenError(id);
      const codeRefusal = this.codes.checkCodeInTx(codeIdentifier, input.verifyCode, true);
      if (codeRefusal) return codeRefusal;
      if (input.invitationCode) {
        const used = this.ctx.db
          .prepare(
            "UPDATE chat_invitation_codes SET used_by = ?, used_at = ? WHERE code = ? AND used_by = ''",
          )
          .run(userID, now, input.invitationCode);
        const isAdminCode = this.ctx.db
          .prepare('SELECT 1 FROM chat_invitation_codes WHERE code = ?')
          .get(input.invitationCode);
        if (isAdminCode && used.changes !== 1)
          return new ChatError(ErrCode.InvitationCodeUsed, 'invitation code used');
      }
      this.insertAccount(userID, ids, now, {
        nickname: u.nickname,
        faceURL: u.faceURL ?? '',
        gender: u.gender ?? 0,
        birth: u.birth ?? 0,
        invitedBy,
        passwordHash,
      });
      return undefined;
    })();
    if (outcome) throw outcome;
    this.ctx.logger.info({ userID }, 'chat account registered');
    if (input.autoLogin === false) return { userID, imToken: '', chatToken: '' };
    return this.issueTokens(userID, input.platform);
  }

  /** Users sign in on 1-9; real chat leaves 10 to OpenIM's token call, which answers 1002. */
  private requireUserPlatform(platform: number): void {
    if (platform !== ADMIN_PLATFORM_ID) return;
    if (this.ctx.config.realChatAnswers)
      throw new ChatError(ErrCode.NoPermission, 'platformID invalid. platformID must not be adminPlatformID');
    throw argsError('platform must be 1-9 (10 is the admin platform)');
  }

  /** An IM and a chat token, as every sign-in issues them (QR sign-in too). */
  async issueTokens(userID: string, platformID: number): Promise<LoginResult> {
    const imToken = await this.ctx.im.issueImToken(userID, platformID);
    return { userID, imToken, chatToken: await this.issueChatToken(userID) };
  }

  issueChatToken(userID: string): Promise<string> {
    const account = this.getAccount(userID);
    if (!account) return Promise.reject(new ChatError(ErrCode.AccountNotFound, 'account does not exist'));
    const iat = Math.floor(this.ctx.clock.now() / 1000);
    const claims: ChatTokenClaims = {
      UserID: userID,
      UserType: 1,
      PlatformID: 0,
      Epoch: account.token_epoch,
      iat,
      nbf: iat,
      exp: iat + this.ctx.config.chatTokenTtlSeconds,
    };
    return signJwt(claims, this.chatKey);
  }

  /** Checks a chat token; revoked tokens answer 1501 so the client logs out (chat's 20101 would not). */
  async verifyChatToken(token: string): Promise<ChatTokenUser> {
    const check = await verifyJwt(token, this.chatKey, {
      nowMs: this.ctx.clock.now(),
      notBeforeToleranceSeconds: 5,
    });
    if (!check.ok) throw new ChatError(CHAT_TOKEN_FAILURES[check.failure], check.reason);
    const userID = check.claims.UserID;
    if (typeof userID !== 'string') throw new ChatError(ErrCode.TokenMalformed, 'token has no user');
    const account = this.getAccount(userID);
    if (!account || account.token_epoch !== check.claims.Epoch)
      throw this.ctx.config.realChatAnswers
        ? new ChatError(ErrCode.TokenNotExist, 'token was revoked')
        : new ChatError(ErrCode.TokenExpired, 'token was revoked');
    return { userID, userType: typeof check.claims.UserType === 'number' ? check.claims.UserType : 1 };
  }

  async login(input: z.output<typeof loginSchema>, clientIp: string): Promise<LoginResult> {
    if (!input.password && !input.verifyCode) throw argsError('password or verifyCode is required');
    this.requireUserPlatform(input.platform);
    const id = identifierOf(input);
    const accountKey = `acct:${id.value}`;
    const ipKey = `ip:${clientIp}`;
    if (this.loginFailures.isBlocked(accountKey) || this.ipLoginFailures.isBlocked(ipKey)) {
      throw new ChatError(ErrCode.TooFrequent, 'too many failed logins, try again later');
    }
    const fail = (err: ChatError): never => {
      this.loginFailures.record(accountKey);
      this.ipLoginFailures.record(ipKey);
      throw err;
    };
    const userID = this.userIDByIdentifier(id.value);
    if (!userID) return fail(new ChatError(ErrCode.AccountNotFound, 'user unregistered'));
    const account = this.getAccount(userID);
    if (!account) return fail(new ChatError(ErrCode.AccountNotFound, 'user unregistered'));
    if (input.password) {
      if (!(await verifySecret(input.password, account.password_hash)))
        return fail(new ChatError(ErrCode.PasswordError, 'wrong password'));
    } else {
      const refused = this.ctx.db.transaction(() =>
        this.codes.checkCodeInTx(id.value, input.verifyCode ?? '', true),
      )();
      if (refused) return fail(refused);
    }
    this.loginFailures.reset(accountKey);
    return this.issueTokens(userID, input.platform);
  }

  async resetPassword(input: z.output<typeof resetSchema>): Promise<void> {
    const id = identifierOf(input);
    const userID = this.userIDByIdentifier(id.value);
    if (!userID) throw new ChatError(ErrCode.AccountNotFound, 'account does not exist');
    const hash = await hashSecret(input.password, this.ctx.config.scryptCost);
    const refused = this.ctx.db.transaction((): ChatError | undefined => {
      const r = this.codes.checkCodeInTx(id.value, input.verifyCode, true);
      if (r) return r;
      this.ctx.db
        .prepare(
          'UPDATE chat_accounts SET password_hash = ?, token_epoch = token_epoch + 1, updated_at = ? WHERE user_id = ?',
        )
        .run(hash, this.ctx.clock.now(), userID);
      return undefined;
    })();
    if (refused) throw refused;
    await this.ctx.im.forceLogout(userID);
  }

  async changePassword(callerID: string, input: z.output<typeof changePasswordSchema>): Promise<void> {
    if (input.userID && input.userID !== callerID)
      throw new ChatError(ErrCode.NoPermission, 'you can only change your own password');
    if (input.currentPassword === input.newPassword)
      throw argsError('the new password equals the current one');
    const key = `acct-change:${callerID}`;
    if (this.loginFailures.isBlocked(key))
      throw new ChatError(ErrCode.TooFrequent, 'too many wrong passwords, try again later');
    const account = this.getAccount(callerID);
    if (!account) throw new ChatError(ErrCode.AccountNotFound, 'account does not exist');
    if (!(await verifySecret(input.currentPassword, account.password_hash))) {
      this.loginFailures.record(key);
      throw new ChatError(ErrCode.PasswordError, 'current password is wrong');
    }
    const hash = await hashSecret(input.newPassword, this.ctx.config.scryptCost);
    this.ctx.db
      .prepare(
        'UPDATE chat_accounts SET password_hash = ?, token_epoch = token_epoch + 1, updated_at = ? WHERE user_id = ?',
      )
      .run(hash, this.ctx.clock.now(), callerID);
    await this.ctx.im.forceLogout(callerID);
  }

  /** Creates an account directly (seed, admin): no code, no invitation. Returns the userID. */
  async createAccountDirect(req: {
    nickname: string;
    passwordMd5: string;
    areaCode?: string;
    phoneNumber?: string;
    email?: string;
    userID?: string;
  }): Promise<string> {
    const ids: Identifier[] = [];
    if (req.phoneNumber && req.areaCode) ids.push(phoneIdentifier(req.areaCode, req.phoneNumber));
    if (req.email) ids.push({ kind: 'email', value: normaliseEmail(req.email) });
    if (ids.length === 0) throw argsError('a phone number or an e-mail is required');
    for (const id of ids) if (this.userIDByIdentifier(id.value) !== undefined) throw this.takenError(id);
    const hash = await hashSecret(req.passwordMd5, this.ctx.config.scryptCost);
    const userID = req.userID ?? this.newUserID();
    this.ctx.db.transaction(() => {
      this.insertAccount(userID, ids, this.ctx.clock.now(), { nickname: req.nickname, passwordHash: hash });
    })();
    return userID;
  }

  /**
   * The one way an account comes to exist, inside the caller's transaction: its row (registered by
   * e-mail or by phone), its sign-in identifiers, an empty wallet, and the IM user.
   */
  private insertAccount(
    userID: string,
    ids: readonly Identifier[],
    now: number,
    profile: {
      readonly nickname: string;
      readonly passwordHash: string;
      readonly faceURL?: string;
      readonly gender?: number;
      readonly birth?: number;
      readonly invitedBy?: string;
    },
  ): void {
    const phone = ids.find((i) => i.kind === 'phone');
    const email = ids.find((i) => i.kind === 'email');
    this.ctx.db
      .prepare(
        `INSERT INTO chat_accounts (user_id, nickname, face_url, area_code, phone_number, email, gender, birth_ms,
           register_type, invite_code, invited_by, password_hash, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        userID,
        profile.nickname,
        profile.faceURL ?? '',
        phone?.areaCode ?? '',
        phone?.phoneNumber ?? '',
        email?.value ?? '',
        profile.gender ?? 0,
        profile.birth ?? 0,
        email ? 1 : 2,
        this.invitations.newInviteCode(),
        profile.invitedBy ?? '',
        profile.passwordHash,
        now,
        now,
      );
    const cred = this.ctx.db.prepare(
      'INSERT INTO chat_credentials (identifier, user_id, kind) VALUES (?, ?, ?)',
    );
    for (const id of ids) cred.run(id.value, userID, id.kind);
    this.ctx.db
      .prepare('INSERT INTO wallet_accounts (user_id, balance_cents, updated_at) VALUES (?, 0, ?)')
      .run(userID, now);
    this.ctx.im.registerUser({ userID, nickname: profile.nickname, faceURL: profile.faceURL ?? '' });
  }
}
