/**
 * Verification codes: stored as HMACs, rate-limited per account and per address, delivered through the log
 * in dev mode (there is no SMS or mail gateway), checked inside the caller's transaction.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ChatContext } from './context';
import { ChatError, ErrCode } from './errors';
import { type Identifier, identifierOf } from './identifiers';

export class VerificationCodes {
  /** Dev mode only: the last plaintext code per account, for `GET /dev/verify-code` (end-to-end tests). */
  private readonly devCodes = new Map<string, string>();

  constructor(private readonly ctx: ChatContext) {}

  private codeHash(identifier: string, code: string): string {
    return createHmac('sha256', this.ctx.config.chatSecret).update(`${identifier}\n${code}`).digest('hex');
  }
  /** Stores and delivers a new code for an identifier the caller has checked (existence, invitation). */
  send(id: Identifier, input: { usedFor: number }, clientIp: string): void {
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
  checkCodeInTx(identifier: string, code: string, consume: boolean): ChatError | undefined {
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
}
