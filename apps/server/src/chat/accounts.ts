import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ChatContext } from './context';
import { type JwtFailure, hmacKey, signJwt, verifyJwt } from '../auth/jwt';
import { type ChatTokenClaims, hashSecret, verifySecret } from './crypto';
import { ChatError, ErrCode, argsError } from './errors';
import { FailureWindow } from '../http/failure-window';
import { intLike, optStr } from './validation';

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

/** A normalised login identifier: "+86 13800000001" for phones, the lower-cased e-mail, or an account name. */
export interface Identifier {
  kind: 'phone' | 'email' | 'account';
  value: string;
  areaCode?: string;
  phoneNumber?: string;
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,63}$/;

export function normaliseAreaCode(raw: string): string {
  const digits = raw.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(digits)) throw argsError('areaCode must be 1-4 digits with an optional leading +');
  return `+${digits}`;
}

export function normalisePhone(raw: string): string {
  const digits = raw.trim();
  if (!/^\d{4,20}$/.test(digits)) throw argsError('phoneNumber must be 4-20 digits');
  return digits;
}

export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) throw argsError('email is not a valid e-mail address');
  return email;
}

const phoneIdentifier = (areaCode: string, phone: string): Identifier => {
  const a = normaliseAreaCode(areaCode);
  const p = normalisePhone(phone);
  return { kind: 'phone', value: `${a} ${p}`, areaCode: a, phoneNumber: p };
};

/** Picks the identifier of a request: account, then phone (with area code), then e-mail. */
export function identifierOf(input: {
  account?: string | undefined;
  areaCode?: string | undefined;
  phoneNumber?: string | undefined;
  email?: string | undefined;
}): Identifier {
  if (input.account) {
    if (!/^[A-Za-z0-9_]{1,32}$/.test(input.account))
      throw argsError('account must be 1-32 letters, digits or _');
    return { kind: 'account', value: input.account };
  }
  if (input.phoneNumber) {
    if (!input.areaCode) throw argsError('areaCode and phoneNumber must be given together');
    return phoneIdentifier(input.areaCode, input.phoneNumber);
  }
  if (input.email) return { kind: 'email', value: normaliseEmail(input.email) };
  throw argsError('a phone number (with area code) or an e-mail is required');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const sendCodeSchema = z.object({
  usedFor: intLike.pipe(z.number().int().min(1).max(3)),
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  invitationCode: optStr(64),
});

export const verifyCodeSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  account: optStr(32),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
});

const passwordField = z.string().min(1, 'password is required').max(128);
const platformField = intLike.pipe(
  z.number().int().min(1).max(9, 'platform must be 1-9 (10 is the admin platform)'),
);

export const registerSchema = z.object({
  invitationCode: optStr(64),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
  deviceID: optStr(128),
  platform: platformField,
  autoLogin: z.boolean().nullish(),
  user: z.object({
    nickname: z.string().trim().min(1, 'nickname is required').max(20, 'nickname is at most 20 characters'),
    faceURL: optStr(1024),
    birth: intLike.pipe(z.number().int().min(0)).nullish(),
    gender: intLike.pipe(z.number().int().min(0).max(2)).nullish(),
    areaCode: optStr(8),
    phoneNumber: optStr(32),
    email: optStr(254),
    account: optStr(32),
    password: passwordField,
  }),
});

export const loginSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  account: optStr(32),
  password: optStr(128),
  verifyCode: optStr(16),
  platform: platformField,
  deviceID: optStr(128),
});

export const resetSchema = z.object({
  areaCode: optStr(8),
  phoneNumber: optStr(32),
  email: optStr(254),
  verifyCode: z.string().min(1, 'verifyCode is required').max(16),
  password: passwordField,
});

export const changePasswordSchema = z.object({
  userID: optStr(64),
  currentPassword: passwordField,
  newPassword: passwordField,
});

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
  /** Dev mode only: the last plaintext code per account, for `GET /dev/verify-code` (end-to-end tests). */
  private readonly devCodes = new Map<string, string>();

  constructor(private readonly ctx: ChatContext) {
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

  private codeHash(identifier: string, code: string): string {
    return createHmac('sha256', this.ctx.config.chatSecret).update(`${identifier}\n${code}`).digest('hex');
  }

  sendCode(input: z.output<typeof sendCodeSchema>, clientIp: string): void {
    const id = identifierOf(input);
    if (id.kind === 'account') throw argsError('codes are sent to a phone number or an e-mail');
    const exists = this.userIDByIdentifier(id.value) !== undefined;
    if (input.usedFor === 1) {
      if (input.invitationCode || this.ctx.config.needInvitationCode)
        this.checkInvitation(input.invitationCode);
      if (exists) throw this.takenError(id);
    } else if (!exists) {
      throw new ChatError(
        ErrCode.AccountNotFound,
        id.kind === 'phone' ? 'phone unregistered' : 'email unregistered',
      );
    }
    if (!this.ctx.config.devMode) {
      throw new ChatError(
        ErrCode.ServerInternal,
        'verification code delivery is not configured on this server (no SMS or mail; dev mode logs codes on loopback hosts only)',
      );
    }
    const now = this.ctx.clock.now();
    const dayAgo = now - 86_400_000;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const refused = this.ctx.db.transaction((): ChatError | undefined => {
      const last = this.ctx.db
        .prepare<[string], { created_at: number }>(
          'SELECT created_at FROM chat_verify_codes WHERE identifier = ? ORDER BY id DESC LIMIT 1',
        )
        .get(id.value);
      if (last && now - last.created_at < this.ctx.config.codeResendSeconds * 1000) {
        return new ChatError(ErrCode.TooFrequent, 'a code was sent less than a minute ago');
      }
      const perAccount =
        this.ctx.db
          .prepare<[string, number], { n: number }>(
            'SELECT COUNT(*) AS n FROM chat_verify_codes WHERE identifier = ? AND created_at > ?',
          )
          .get(id.value, dayAgo)?.n ?? 0;
      if (perAccount >= this.ctx.config.codeMaxSendsPerDay)
        return new ChatError(ErrCode.TooFrequent, 'too many codes for this account today');
      const perIp =
        this.ctx.db
          .prepare<[string, number], { n: number }>(
            'SELECT COUNT(*) AS n FROM chat_verify_codes WHERE client_ip = ? AND created_at > ?',
          )
          .get(clientIp, dayAgo)?.n ?? 0;
      if (perIp >= this.ctx.config.codeMaxSendsPerIpPerDay)
        return new ChatError(ErrCode.TooFrequent, 'too many codes from this address today');
      this.ctx.db
        .prepare(
          'INSERT INTO chat_verify_codes (identifier, used_for, code_hash, client_ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          id.value,
          input.usedFor,
          this.codeHash(id.value, code),
          clientIp,
          now,
          now + this.ctx.config.codeTtlSeconds * 1000,
        );
      return undefined;
    })();
    if (refused) throw refused;
    // Dev mode only (loopback): there is no SMS or mail gateway, the log is the delivery channel.
    this.devCodes.set(id.value, code);
    this.ctx.logger.warn(
      { account: id.value, usedFor: input.usedFor, code },
      `dev mode verification code for ${id.value}: ${code}`,
    );
    // A JSON log line is easy to miss: the person trying the product also gets a plain one.
    this.ctx.announce(`Verification code for ${id.value} (${input.usedFor}): ${code}`);
  }

  /** The last code sent to an account in dev mode; undefined outside dev mode. */
  devCodeFor(account: {
    areaCode?: string | undefined;
    phoneNumber?: string | undefined;
    email?: string | undefined;
  }): string | undefined {
    if (!this.ctx.config.devMode) return undefined;
    return this.devCodes.get(identifierOf(account).value);
  }

  /**
   * Checks the newest code of the identifier. Runs inside the caller's transaction and returns the
   * refusal instead of throwing, so the wrong-attempt counter it writes survives the refusal.
   */
  private checkCodeInTx(identifier: string, code: string, consume: boolean): ChatError | undefined {
    const row = this.ctx.db
      .prepare<
        [string],
        { id: number; code_hash: string; attempts: number; used: number; expires_at: number }
      >(
        'SELECT id, code_hash, attempts, used, expires_at FROM chat_verify_codes WHERE identifier = ? ORDER BY id DESC LIMIT 1',
      )
      .get(identifier);
    if (!row || row.expires_at <= this.ctx.clock.now())
      return new ChatError(ErrCode.VerifyCodeExpired, 'verification code expired or not sent');
    if (row.used) return new ChatError(ErrCode.VerifyCodeUsed, 'verification code already used');
    if (row.attempts >= this.ctx.config.codeMaxAttempts)
      return new ChatError(ErrCode.VerifyCodeMaxCount, 'too many wrong attempts, request a new code');
    const given = Buffer.from(this.codeHash(identifier, code.trim()), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
      this.ctx.db.prepare('UPDATE chat_verify_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
      return new ChatError(ErrCode.VerifyCodeNotMatch, 'verification code is wrong');
    }
    if (consume) this.ctx.db.prepare('UPDATE chat_verify_codes SET used = 1 WHERE id = ?').run(row.id);
    return undefined;
  }

  verifyCode(input: z.output<typeof verifyCodeSchema>): void {
    const id = identifierOf(input);
    const refused = this.ctx.db.transaction(() => this.checkCodeInTx(id.value, input.verifyCode, false))();
    if (refused) throw refused;
  }

  // ---- invitations ----------------------------------------------------------------------

  /** Returns the referrer's userID for a personal invite code, '' for an admin code; throws 20010/20011/1001. */
  private checkInvitation(code: string | undefined): string {
    if (!code) throw argsError('invitationCode is required');
    const adminCode = this.ctx.db
      .prepare<[string], { used_by: string }>('SELECT used_by FROM chat_invitation_codes WHERE code = ?')
      .get(code);
    if (adminCode) {
      if (adminCode.used_by) throw new ChatError(ErrCode.InvitationCodeUsed, 'invitation code used');
      return '';
    }
    const referrer = this.ctx.db
      .prepare<[string], { user_id: string }>('SELECT user_id FROM chat_accounts WHERE invite_code = ?')
      .get(code.toUpperCase());
    if (referrer) return referrer.user_id;
    throw new ChatError(ErrCode.InvitationNotFound, 'invitation code does not exist');
  }

  createInvitationCodes(codes: readonly string[]): void {
    const insert = this.ctx.db.prepare(
      'INSERT OR IGNORE INTO chat_invitation_codes (code, created_at) VALUES (?, ?)',
    );
    this.ctx.db.transaction(() => {
      for (const c of codes) insert.run(c, this.ctx.clock.now());
    })();
  }

  // ---- register / login / reset --------------------------------------------------------

  private newUserID(): string {
    for (;;) {
      const id = String(randomInt(1, 10)) + String(randomInt(0, 1_000_000_000)).padStart(9, '0');
      if (!this.getAccount(id) && !this.ctx.im.getUser(id)) return id;
    }
  }

  private newInviteCode(): string {
    for (;;) {
      let code = '';
      for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
      const taken = this.ctx.db.prepare('SELECT 1 FROM chat_accounts WHERE invite_code = ?').get(code);
      if (!taken) return code;
    }
  }

  async register(input: z.output<typeof registerSchema>): Promise<LoginResult> {
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
      invitedBy = this.checkInvitation(input.invitationCode);

    const passwordHash = await hashSecret(u.password, this.ctx.config.scryptCost);
    const now = this.ctx.clock.now();
    const userID = this.newUserID();
    const codeIdentifier = ids[0]!.value;
    const outcome = this.ctx.db.transaction((): ChatError | undefined => {
      // Re-checked inside the transaction: another registration may have won while we hashed.
      for (const id of ids) if (this.userIDByIdentifier(id.value) !== undefined) return this.takenError(id);
      const codeRefusal = this.checkCodeInTx(codeIdentifier, input.verifyCode, true);
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
          u.nickname,
          u.faceURL ?? '',
          phone?.areaCode ?? '',
          phone?.phoneNumber ?? '',
          email?.value ?? '',
          u.gender ?? 0,
          u.birth ?? 0,
          email ? 1 : 2,
          this.newInviteCode(),
          invitedBy,
          passwordHash,
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
      this.ctx.im.registerUser({ userID, nickname: u.nickname, faceURL: u.faceURL ?? '' });
      return undefined;
    })();
    if (outcome) throw outcome;
    this.ctx.logger.info({ userID }, 'chat account registered');
    if (input.autoLogin === false) return { userID, imToken: '', chatToken: '' };
    return this.issueTokens(userID, input.platform);
  }

  private async issueTokens(userID: string, platformID: number): Promise<LoginResult> {
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
        this.checkCodeInTx(id.value, input.verifyCode ?? '', true),
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
      const r = this.checkCodeInTx(id.value, input.verifyCode, true);
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
    const now = this.ctx.clock.now();
    const phone = ids.find((i) => i.kind === 'phone');
    const email = ids.find((i) => i.kind === 'email');
    this.ctx.db.transaction(() => {
      this.ctx.db
        .prepare(
          `INSERT INTO chat_accounts (user_id, nickname, area_code, phone_number, email, register_type, invite_code, password_hash, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          userID,
          req.nickname,
          phone?.areaCode ?? '',
          phone?.phoneNumber ?? '',
          email?.value ?? '',
          email ? 1 : 2,
          this.newInviteCode(),
          hash,
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
      this.ctx.im.registerUser({ userID, nickname: req.nickname, faceURL: '' });
    })();
    return userID;
  }
}
