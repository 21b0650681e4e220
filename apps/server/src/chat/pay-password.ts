/** Pay passwords: set, changed and checked one at a time per user, locked after repeated failures. */
import type { z } from 'zod';
import type { ChatContext } from './context';
import { hashSecret, normalisePayPassword, verifySecret } from './crypto';
import { ErrCode, argsError, payPasswordLockedMessage, payPasswordWrongMessage, walletError } from './errors';
import type { setPayPasswordSchema } from './wallet-schemas';

export class PayPasswords {
  private readonly payLocks = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: ChatContext) {}

  /** Serialises pay-password checks per user, so concurrent guesses cannot outrun the lockout. */
  async withPayLock<T>(userID: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.payLocks.get(userID) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.payLocks.set(userID, tail);
    try {
      return await run;
    } finally {
      if (this.payLocks.get(userID) === tail) this.payLocks.delete(userID);
    }
  }

  hasPayPassword(userID: string): boolean {
    return (
      this.ctx.db.prepare('SELECT 1 FROM wallet_pay_passwords WHERE user_id = ?').get(userID) !== undefined
    );
  }

  /** Verifies inside the per-user lock; throws 21002/21003/21004. */
  async checkPayPasswordLocked(userID: string, md5: string): Promise<void> {
    const row = this.ctx.db
      .prepare<[string], { hash: string; fail_count: number; locked_until: number }>(
        'SELECT hash, fail_count, locked_until FROM wallet_pay_passwords WHERE user_id = ?',
      )
      .get(userID);
    if (!row) throw walletError(ErrCode.PayPasswordNotSet, 'set a pay password first');
    const now = this.ctx.clock.now();
    if (row.locked_until > now) {
      const minutes = Math.ceil((row.locked_until - now) / 60_000);
      throw walletError(ErrCode.PayPasswordLocked, payPasswordLockedMessage(minutes));
    }
    if (await verifySecret(md5, row.hash)) {
      this.ctx.db.prepare('UPDATE wallet_pay_passwords SET fail_count = 0 WHERE user_id = ?').run(userID);
      return;
    }
    const fails = row.fail_count + 1;
    const max = this.ctx.config.payPasswordMaxFailures;
    if (fails >= max) {
      this.ctx.db
        .prepare('UPDATE wallet_pay_passwords SET fail_count = 0, locked_until = ? WHERE user_id = ?')
        .run(this.ctx.clock.now() + this.ctx.config.payPasswordLockSeconds * 1000, userID);
      throw walletError(
        ErrCode.PayPasswordLocked,
        payPasswordLockedMessage(Math.ceil(this.ctx.config.payPasswordLockSeconds / 60), max),
      );
    }
    this.ctx.db
      .prepare('UPDATE wallet_pay_passwords SET fail_count = ? WHERE user_id = ?')
      .run(fails, userID);
    throw walletError(ErrCode.PayPasswordWrong, payPasswordWrongMessage(max - fails));
  }

  payPasswordOf(raw: string): string {
    const md5 = normalisePayPassword(raw);
    if (!md5) throw argsError('payPassword must be the MD5 hex of a 6-digit PIN');
    return md5;
  }

  async setPayPassword(userID: string, input: z.output<typeof setPayPasswordSchema>): Promise<void> {
    const next = this.payPasswordOf(input.payPassword);
    await this.withPayLock(userID, async () => {
      if (this.hasPayPassword(userID)) {
        if (!input.oldPayPassword) throw argsError('oldPayPassword is required to change the pay password');
        await this.checkPayPasswordLocked(userID, this.payPasswordOf(input.oldPayPassword));
      }
      const hash = await hashSecret(next, this.ctx.config.scryptCost);
      this.ctx.db
        .prepare(
          `INSERT INTO wallet_pay_passwords (user_id, hash, fail_count, locked_until, updated_at) VALUES (?, ?, 0, 0, ?)
           ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, fail_count = 0, locked_until = 0, updated_at = excluded.updated_at`,
        )
        .run(userID, hash, this.ctx.clock.now());
    });
  }

  /** Sets a pay password without the old one (seed, admin). */
  async forceSetPayPassword(userID: string, pin: string): Promise<void> {
    const hash = await hashSecret(this.payPasswordOf(pin), this.ctx.config.scryptCost);
    this.ctx.db
      .prepare(
        `INSERT INTO wallet_pay_passwords (user_id, hash, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, fail_count = 0, locked_until = 0, updated_at = excluded.updated_at`,
      )
      .run(userID, hash, this.ctx.clock.now());
  }
}
