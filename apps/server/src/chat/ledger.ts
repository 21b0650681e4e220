/** Balances and the append-only ledger: every move of money is one balance change with its ledger row. */
import type { z } from 'zod';
import type { ChatContext } from './context';
import { ChatError, ErrCode, walletError } from './errors';
import { type LedgerRecord, LedgerType, type RefKind, type pageSchema } from './wallet-schemas';

export class WalletLedger {
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
  applyInTx(
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

  userExists(userID: string): boolean {
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
}
