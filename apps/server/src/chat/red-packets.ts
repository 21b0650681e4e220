/** Red packets: sending (debit and shares in one transaction), opening, and refunds of expired packets. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { splitAmount, toCents } from './amounts';
import type { ChatContext } from './context';
import { ChatError, ErrCode, argsError, walletError } from './errors';
import type { WalletLedger } from './ledger';
import type { PayPasswords } from './pay-password';
import {
  DEFAULT_RED_PACKET_MESSAGE,
  LedgerType,
  type OpenResult,
  type RedPacketRow,
  type openSchema,
  type sendSchema,
} from './wallet-schemas';

export class RedPackets {
  constructor(
    private readonly ctx: ChatContext,
    private readonly ledger: WalletLedger,
    private readonly pay: PayPasswords,
  ) {}

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
    } else if (!input.groupID && this.ledger.userExists(targetID)) {
      if (targetID === senderID) throw argsError('you cannot send a red packet to yourself');
      targetKind = 'user';
      num = 1;
    } else {
      throw argsError('receiveUserId is neither a user nor a group');
    }
    const message = input.message?.trim() ? input.message.trim().slice(0, 100) : DEFAULT_RED_PACKET_MESSAGE;

    await this.pay.withPayLock(senderID, () =>
      this.pay.checkPayPasswordLocked(senderID, this.pay.payPasswordOf(input.payPassword)),
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
      if (
        !this.ledger.applyInTx(senderID, -total, LedgerType.RedPacket, 'rp_send', id, 'red packet sent', now)
      ) {
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
      this.ledger.applyInTx(
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
      this.ledger.applyInTx(
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
