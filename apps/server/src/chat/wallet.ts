import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { ChatContext } from './context';
import { hashSecret, normalisePayPassword, verifySecret } from './crypto';
import { ChatError, ErrCode, argsError, walletError } from './errors';
import { id, intLike } from './validation';

/** Ledger types as the client labels them. */
export const LedgerType = { System: 0, RedPacket: 1, Withdrawal: 2, TopUp: 3 } as const;
type RefKind = 'system' | 'topup' | 'withdraw' | 'rp_send' | 'rp_claim' | 'rp_refund';

export interface LedgerRecord {
  id: number;
  type: number;
  remark: string;
  /** Signed change in cents. */
  balance: number;
  balanceAfter: number;
  /** "YYYY-MM-DD HH:mm:ss" in the configured time zone (the client trims it to 16 characters). */
  createTime: string;
}

export interface RedPacketRow {
  id: string;
  sender_id: string;
  target_kind: 'user' | 'group';
  target_id: string;
  total_cents: number;
  num: number;
  message: string;
  status: 'active' | 'finished' | 'expired';
  claimed_cents: number;
  claimed_num: number;
  refunded_cents: number;
  idempotency_key: string | null;
  created_at: number;
  expires_at: number;
}

export interface OpenResult {
  id: string;
  amount: number;
  remainNum: number;
  status: string;
}

export const DEFAULT_RED_PACKET_MESSAGE = '恭喜发财，大吉大利';

export const pageSchema = z.object({
  current: intLike.pipe(z.number().int().min(1)).optional(),
  pageNum: intLike.pipe(z.number().int().min(1)).optional(),
  pageNumber: intLike.pipe(z.number().int().min(1)).optional(),
  size: intLike.pipe(z.number().int().min(1).max(100)).optional(),
  pageSize: intLike.pipe(z.number().int().min(1).max(100)).optional(),
  showNumber: intLike.pipe(z.number().int().min(1).max(100)).optional(),
  type: intLike.pipe(z.number().int().min(0).max(3)).optional(),
});

export const setPayPasswordSchema = z.object({
  oldPayPassword: z.string().max(64).nullish(),
  payPassword: z.string().min(1, 'payPassword is required').max(64),
});

const amountField = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'amount must be a number'),
]);

export const sendSchema = z.object({
  receiveUserId: id('receiveUserId'),
  groupID: z.union([z.literal(''), id('groupID')]).nullish(),
  amount: amountField,
  // Zero is the wallet's own refusal (21010, a sentence the client shows); a negative count is malformed.
  num: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
  message: z.string().max(200).nullish(),
  payPassword: z.string().min(1, 'payPassword is required').max(64),
});

export const openSchema = z.object({ id: z.string().min(1, 'id is required').max(64) });

/** Converts the client's amount to integer cents; never rounds silently. */
export function toCents(amount: number | string, unit: 'cents' | 'yuan'): number {
  const text = typeof amount === 'number' ? String(amount) : amount;
  if (unit === 'cents') {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n <= 0)
      throw walletError(ErrCode.InvalidAmount, 'the amount must be a whole number of cents');
    return n;
  }
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw walletError(ErrCode.InvalidAmount, 'the amount must have at most two decimals');
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw walletError(ErrCode.InvalidAmount, 'the amount must be positive');
  return cents;
}

/**
 * "Double the mean" split: each share but the last is random in [1, min(2*mean, what leaves a cent
 * for every later share)]; the last takes the rest. The sum is exact and every share is >= 1 cent.
 */
export function splitAmount(total: number, num: number): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(num) || num < 1 || total < num)
    throw new Error('invalid split');
  const shares: number[] = [];
  let remaining = total;
  for (let left = num; left > 1; left--) {
    const max = Math.min(Math.floor((2 * remaining) / left), remaining - (left - 1));
    const share = max <= 1 ? 1 : randomInt(1, max + 1);
    shares.push(share);
    remaining -= share;
  }
  shares.push(remaining);
  // Shuffle so the order of claims does not predict the size of the share.
  for (let i = shares.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [shares[i], shares[j]] = [shares[j]!, shares[i]!];
  }
  return shares;
}

export class WalletService {
  private readonly payLocks = new Map<string, Promise<unknown>>();
  private readonly formatter: Intl.DateTimeFormat;

  constructor(private readonly ctx: ChatContext) {
    // sv-SE formats as "YYYY-MM-DD HH:mm:ss", the shape the client expects.
    this.formatter = new Intl.DateTimeFormat('sv-SE', {
      ...(ctx.config.timeZone ? { timeZone: ctx.config.timeZone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  formatTime(ms: number): string {
    return this.formatter.format(new Date(ms));
  }

  // ---- balance and ledger ---------------------------------------------------------------

  balance(userID: string): number {
    return (
      this.ctx.db
        .prepare<[string], { balance_cents: number }>(
          'SELECT balance_cents FROM wallet_accounts WHERE user_id = ?',
        )
        .get(userID)?.balance_cents ?? 0
    );
  }

  log(
    userID: string,
    q: z.output<typeof pageSchema>,
  ): { records: LedgerRecord[]; total: number; size: number; current: number; pages: number } {
    const current = q.current ?? q.pageNum ?? q.pageNumber ?? 1;
    const size = q.size ?? q.pageSize ?? q.showNumber ?? 20;
    const typeFilter = q.type === undefined ? '' : ' AND type = ?';
    const params: (string | number)[] = q.type === undefined ? [userID] : [userID, q.type];
    const total =
      this.ctx.db
        .prepare<(string | number)[], { n: number }>(
          `SELECT COUNT(*) AS n FROM wallet_ledger WHERE user_id = ?${typeFilter}`,
        )
        .get(...params)?.n ?? 0;
    const rows = this.ctx.db
      .prepare<
        (string | number)[],
        {
          id: number;
          type: number;
          remark: string;
          amount_cents: number;
          balance_after: number;
          created_at: number;
        }
      >(
        `SELECT id, type, remark, amount_cents, balance_after, created_at FROM wallet_ledger WHERE user_id = ?${typeFilter} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, size, (current - 1) * size);
    return {
      records: rows.map((r) => ({
        id: r.id,
        type: r.type,
        remark: r.remark,
        balance: r.amount_cents,
        balanceAfter: r.balance_after,
        createTime: this.formatTime(r.created_at),
      })),
      total,
      size,
      current,
      pages: Math.ceil(total / size),
    };
  }

  /**
   * Moves money into or out of one balance with its ledger row. Must run inside a transaction.
   * Returns false (and changes nothing) when a debit would make the balance negative.
   */
  private applyInTx(
    userID: string,
    amount: number,
    type: number,
    refKind: RefKind,
    refId: string,
    remark: string,
    now: number,
  ): boolean {
    this.ctx.db
      .prepare('INSERT OR IGNORE INTO wallet_accounts (user_id, balance_cents, updated_at) VALUES (?, 0, ?)')
      .run(userID, now);
    const changed = this.ctx.db
      .prepare(
        'UPDATE wallet_accounts SET balance_cents = balance_cents + ?, updated_at = ? WHERE user_id = ? AND balance_cents + ? >= 0',
      )
      .run(amount, now, userID, amount);
    if (changed.changes !== 1) return false;
    const after = this.balance(userID);
    this.ctx.db
      .prepare(
        'INSERT INTO wallet_ledger (user_id, type, amount_cents, balance_after, ref_kind, ref_id, remark, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(userID, type, amount, after, refKind, refId, remark, now);
    return true;
  }

  private userExists(userID: string): boolean {
    return (
      this.ctx.db.prepare('SELECT 1 FROM chat_accounts WHERE user_id = ?').get(userID) !== undefined ||
      this.ctx.im.getUser(userID) !== undefined
    );
  }

  /** Top-up (type 3) or system credit (type 0): the only ways money enters. Admin API and seed only. */
  credit(userID: string, amountCents: number, type: 0 | 3, remark: string): number {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw walletError(ErrCode.InvalidAmount, 'the amount must be a positive whole number of cents');
    if (!this.userExists(userID)) throw new ChatError(ErrCode.RecordNotFound, 'user not found');
    const now = this.ctx.clock.now();
    this.ctx.db.transaction(() => {
      this.applyInTx(
        userID,
        amountCents,
        type,
        type === 3 ? 'topup' : 'system',
        '',
        remark || (type === 3 ? 'top-up' : 'system credit'),
        now,
      );
    })();
    return this.balance(userID);
  }

  /** Withdrawal (type 2), admin only. */
  withdraw(userID: string, amountCents: number, remark: string): number {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw walletError(ErrCode.InvalidAmount, 'the amount must be a positive whole number of cents');
    const ok = this.ctx.db.transaction(() =>
      this.applyInTx(
        userID,
        -amountCents,
        LedgerType.Withdrawal,
        'withdraw',
        '',
        remark || 'withdrawal',
        this.ctx.clock.now(),
      ),
    )();
    if (!ok) throw walletError(ErrCode.InsufficientBalance, 'insufficient balance');
    return this.balance(userID);
  }

  // ---- pay password ---------------------------------------------------------------------

  /** Serialises pay-password checks per user, so concurrent guesses cannot outrun the lockout. */
  private async withPayLock<T>(userID: string, fn: () => Promise<T>): Promise<T> {
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
  private async checkPayPasswordLocked(userID: string, md5: string): Promise<void> {
    const row = this.ctx.db
      .prepare<[string], { hash: string; fail_count: number; locked_until: number }>(
        'SELECT hash, fail_count, locked_until FROM wallet_pay_passwords WHERE user_id = ?',
      )
      .get(userID);
    if (!row) throw walletError(ErrCode.PayPasswordNotSet, 'set a pay password first');
    const now = this.ctx.clock.now();
    if (row.locked_until > now) {
      const minutes = Math.ceil((row.locked_until - now) / 60_000);
      throw walletError(
        ErrCode.PayPasswordLocked,
        `pay password locked after too many wrong attempts; try again in ${minutes} min`,
      );
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
        `pay password locked after ${max} wrong attempts; try again in ${Math.ceil(this.ctx.config.payPasswordLockSeconds / 60)} min`,
      );
    }
    this.ctx.db
      .prepare('UPDATE wallet_pay_passwords SET fail_count = ? WHERE user_id = ?')
      .run(fails, userID);
    throw walletError(ErrCode.PayPasswordWrong, `wrong pay password, ${max - fails} attempt(s) left`);
  }

  private payPasswordOf(raw: string): string {
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

  // ---- red packets ----------------------------------------------------------------------

  getPacket(id: string): RedPacketRow | undefined {
    return this.ctx.db.prepare<[string], RedPacketRow>('SELECT * FROM red_packets WHERE id = ?').get(id);
  }

  async sendRedPacket(
    senderID: string,
    input: z.output<typeof sendSchema>,
    operationID: string,
  ): Promise<string> {
    const key = operationID || null;
    const total = toCents(input.amount, this.ctx.config.redPacketAmountUnit);
    const targetOfRequest = input.groupID || input.receiveUserId;
    /** A retried send (same operationID) answers the first packet; a different send under a reused id is refused. */
    const replayOf = (): string | ChatError | undefined => {
      if (!key) return undefined;
      const prior = this.ctx.db
        .prepare<[string, string], { id: string; target_id: string; total_cents: number }>(
          'SELECT id, target_id, total_cents FROM red_packets WHERE sender_id = ? AND idempotency_key = ?',
        )
        .get(senderID, key);
      if (!prior) return undefined;
      if (prior.target_id !== targetOfRequest || prior.total_cents !== total) {
        return argsError('operationID was already used for a different red packet');
      }
      return prior.id;
    };
    const early = replayOf();
    if (early instanceof ChatError) throw early;
    if (early) return early;
    if (total > this.ctx.config.redPacketMaxAmountCents) {
      throw walletError(
        ErrCode.InvalidAmount,
        `a red packet holds at most ${(this.ctx.config.redPacketMaxAmountCents / 100).toFixed(2)}`,
      );
    }
    const targetID = input.groupID || input.receiveUserId;
    let targetKind: 'user' | 'group';
    let num: number;
    if (this.ctx.im.groupExists(targetID)) {
      targetKind = 'group';
      if (!this.ctx.im.isGroupMember(targetID, senderID))
        throw walletError(ErrCode.RedPacketNotEligible, 'you are not a member of this group');
      if (input.num === undefined || input.num === null)
        throw walletError(ErrCode.InvalidAmount, 'the number of red packets is required');
      num = input.num;
      if (num < 1 || num > this.ctx.config.redPacketMaxNum) {
        throw walletError(
          ErrCode.InvalidAmount,
          `the number of red packets must be 1 to ${this.ctx.config.redPacketMaxNum}`,
        );
      }
      if (total < num) throw walletError(ErrCode.InvalidAmount, 'every red packet needs at least 0.01');
    } else if (!input.groupID && this.userExists(targetID)) {
      if (targetID === senderID) throw argsError('you cannot send a red packet to yourself');
      targetKind = 'user';
      num = 1;
    } else {
      throw argsError('receiveUserId is neither a user nor a group');
    }
    const message = input.message?.trim() ? input.message.trim().slice(0, 100) : DEFAULT_RED_PACKET_MESSAGE;

    await this.withPayLock(senderID, () =>
      this.checkPayPasswordLocked(senderID, this.payPasswordOf(input.payPassword)),
    );

    // Everything below is one synchronous transaction: no await between the checks and the writes.
    const shares = targetKind === 'user' ? [total] : splitAmount(total, num);
    const id = randomBytes(8).toString('hex');
    const now = this.ctx.clock.now();
    const result = this.ctx.db.transaction((): string | ChatError => {
      const replay = replayOf();
      if (replay) return replay;
      if (targetKind === 'group' && !this.ctx.im.isGroupMember(targetID, senderID)) {
        return walletError(ErrCode.RedPacketNotEligible, 'you are not a member of this group');
      }
      if (!this.applyInTx(senderID, -total, LedgerType.RedPacket, 'rp_send', id, 'red packet sent', now)) {
        return walletError(ErrCode.InsufficientBalance, 'insufficient balance');
      }
      this.ctx.db
        .prepare(
          `INSERT INTO red_packets (id, sender_id, target_kind, target_id, total_cents, num, message, status, idempotency_key, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?)`,
        )
        .run(
          id,
          senderID,
          targetKind,
          targetID,
          total,
          num,
          message,
          key,
          now,
          now + this.ctx.config.redPacketExpirySeconds * 1000,
        );
      const insertShare = this.ctx.db.prepare(
        'INSERT INTO red_packet_shares (packet_id, idx, amount_cents) VALUES (?, ?, ?)',
      );
      shares.forEach((amount, idx) => insertShare.run(id, idx, amount));
      return id;
    })();
    if (result instanceof ChatError) throw result;
    return result;
  }

  /** Expires one packet and refunds its unclaimed shares, at most once. Must run inside a transaction. */
  private expireInTx(packetID: string, now: number): boolean {
    const changed = this.ctx.db
      .prepare(
        "UPDATE red_packets SET status = 'expired' WHERE id = ? AND status = 'active' AND expires_at <= ?",
      )
      .run(packetID, now);
    if (changed.changes !== 1) return false;
    const packet = this.getPacket(packetID);
    if (!packet) return false;
    const left =
      this.ctx.db
        .prepare<[string], { s: number | null }>(
          'SELECT SUM(amount_cents) AS s FROM red_packet_shares WHERE packet_id = ? AND claimed_by IS NULL AND refunded = 0',
        )
        .get(packetID)?.s ?? 0;
    this.ctx.db
      .prepare('UPDATE red_packet_shares SET refunded = 1 WHERE packet_id = ? AND claimed_by IS NULL')
      .run(packetID);
    if (left > 0) {
      this.applyInTx(
        packet.sender_id,
        left,
        LedgerType.RedPacket,
        'rp_refund',
        packetID,
        'red packet refund',
        now,
      );
      this.ctx.db.prepare('UPDATE red_packets SET refunded_cents = ? WHERE id = ?').run(left, packetID);
    }
    return true;
  }

  /** Refunds every expired packet; returns how many were expired by this call. */
  sweepExpired(): number {
    const now = this.ctx.clock.now();
    const due = this.ctx.db
      .prepare<[number], { id: string }>(
        "SELECT id FROM red_packets WHERE status = 'active' AND expires_at <= ? LIMIT 1000",
      )
      .all(now);
    let n = 0;
    for (const { id } of due) if (this.ctx.db.transaction(() => this.expireInTx(id, now))()) n++;
    return n;
  }

  openRedPacket(userID: string, input: z.output<typeof openSchema>): OpenResult {
    const { id } = input;
    const now = this.ctx.clock.now();
    const result = this.ctx.db.transaction((): OpenResult | ChatError => {
      let packet = this.getPacket(id);
      if (!packet) return walletError(ErrCode.RedPacketNotFound, 'red packet not found');
      if (packet.status === 'active' && packet.expires_at <= now) {
        this.expireInTx(id, now);
        packet = this.getPacket(id) ?? packet;
      }
      if (packet.target_kind === 'user') {
        if (packet.target_id !== userID)
          return walletError(ErrCode.RedPacketNotEligible, 'this red packet is not for you');
      } else {
        const member = this.ctx.im.isGroupMember(packet.target_id, userID);
        if (!member)
          return walletError(
            ErrCode.RedPacketNotEligible,
            'only members of the group can open this red packet',
          );
        if (packet.sender_id === userID && !this.ctx.config.senderMayClaimOwnGroupPacket) {
          return walletError(ErrCode.RedPacketNotEligible, 'you cannot open your own red packet');
        }
      }
      const mine = this.ctx.db
        .prepare('SELECT 1 FROM red_packet_shares WHERE packet_id = ? AND claimed_by = ?')
        .get(id, userID);
      if (mine) return walletError(ErrCode.RedPacketAlreadyClaimed, 'you already opened this red packet');
      if (packet.status === 'expired')
        return walletError(ErrCode.RedPacketExpired, 'this red packet has expired');
      const share = this.ctx.db
        .prepare<[string], { idx: number; amount_cents: number }>(
          'SELECT idx, amount_cents FROM red_packet_shares WHERE packet_id = ? AND claimed_by IS NULL AND refunded = 0 ORDER BY idx LIMIT 1',
        )
        .get(id);
      if (!share || packet.status !== 'active')
        return walletError(ErrCode.RedPacketEmpty, 'all red packets have been taken');
      const took = this.ctx.db
        .prepare(
          'UPDATE red_packet_shares SET claimed_by = ?, claimed_at = ? WHERE packet_id = ? AND idx = ? AND claimed_by IS NULL',
        )
        .run(userID, now, id, share.idx);
      if (took.changes !== 1) return walletError(ErrCode.RedPacketEmpty, 'all red packets have been taken');
      this.applyInTx(
        userID,
        share.amount_cents,
        LedgerType.RedPacket,
        'rp_claim',
        id,
        'red packet received',
        now,
      );
      this.ctx.db
        .prepare(
          `UPDATE red_packets SET claimed_cents = claimed_cents + ?, claimed_num = claimed_num + 1,
             status = CASE WHEN claimed_num + 1 >= num THEN 'finished' ELSE status END WHERE id = ?`,
        )
        .run(share.amount_cents, id);
      const after = this.getPacket(id);
      return {
        id,
        amount: share.amount_cents,
        remainNum: after ? after.num - after.claimed_num : 0,
        status: after?.status ?? 'finished',
      };
    })();
    if (result instanceof ChatError) throw result;
    return result;
  }
}
