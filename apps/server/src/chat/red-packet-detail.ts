import { z } from 'zod';
import type { ChatContext } from './context';
import { ErrCode, walletError } from './errors';

/**
 * Who received what from one red packet. Neither OpenIM's chat server nor the spec has such a
 * call; ours is `GET /app/redbag/log/detail?id=` in the wallet API's shape (docs/spec-deviations.md).
 * Only the sender and the members of the conversation the packet went to may read it: the recipient of a
 * one-to-one packet, the current members of the group.
 */
export const detailSchema = z.object({ id: z.string().min(1, 'id is required').max(64) });

interface RedPacketClaimRecord {
  userID: string;
  nickname: string;
  faceURL: string;
  /** Cents. */
  amount: number;
  /** "YYYY-MM-DD HH:mm:ss", as the ledger's times. */
  createTime: string;
}

export interface RedPacketDetail {
  id: string;
  senderID: string;
  /** 'user' for a one-to-one packet, 'group' for a group one. */
  targetKind: 'user' | 'group';
  /** Cents. */
  total: number;
  num: number;
  claimedNum: number;
  claimedAmount: number;
  refundedAmount: number;
  /** 'expired' as soon as the expiry time has passed, even before the sweeper refunded it. */
  status: 'active' | 'finished' | 'expired';
  expireTime: string;
  /** How long this packet stays open after sending (the server's `--red-packet-expiry-seconds` then). */
  expirySeconds: number;
  /** In the order they were claimed. */
  records: RedPacketClaimRecord[];
}

interface PacketRow {
  id: string;
  sender_id: string;
  target_kind: 'user' | 'group';
  target_id: string;
  total_cents: number;
  num: number;
  status: 'active' | 'finished' | 'expired';
  claimed_cents: number;
  claimed_num: number;
  refunded_cents: number;
  created_at: number;
  expires_at: number;
}

export class RedPacketDetails {
  constructor(
    private readonly ctx: ChatContext,
    /** The wallet's own time format, so the ledger and this list agree. */
    private readonly formatTime: (ms: number) => string,
  ) {}

  private mayRead(packet: PacketRow, userID: string): boolean {
    if (packet.sender_id === userID) return true;
    return packet.target_kind === 'user'
      ? packet.target_id === userID
      : this.ctx.im.isGroupMember(packet.target_id, userID);
  }

  detail(userID: string, input: z.output<typeof detailSchema>): RedPacketDetail {
    const packet = this.ctx.db
      .prepare<[string], PacketRow>(
        `SELECT id, sender_id, target_kind, target_id, total_cents, num, status, claimed_cents, claimed_num,
                refunded_cents, created_at, expires_at FROM red_packets WHERE id = ?`,
      )
      .get(input.id);
    // A stranger learns nothing, not even whether the id exists.
    if (!packet || !this.mayRead(packet, userID)) {
      throw walletError(
        packet ? ErrCode.RedPacketNotEligible : ErrCode.RedPacketNotFound,
        packet ? 'only the members of its conversation can see this red packet' : 'red packet not found',
      );
    }
    const claims = this.ctx.db
      .prepare<[string], { claimed_by: string; amount_cents: number; claimed_at: number }>(
        `SELECT claimed_by, amount_cents, claimed_at FROM red_packet_shares
          WHERE packet_id = ? AND claimed_by IS NOT NULL ORDER BY claimed_at, idx`,
      )
      .all(packet.id);
    const due = packet.status === 'active' && packet.expires_at <= this.ctx.clock.now();
    return {
      id: packet.id,
      senderID: packet.sender_id,
      targetKind: packet.target_kind,
      total: packet.total_cents,
      num: packet.num,
      claimedNum: packet.claimed_num,
      claimedAmount: packet.claimed_cents,
      refundedAmount: packet.refunded_cents,
      status: due ? 'expired' : packet.status,
      expireTime: this.formatTime(packet.expires_at),
      expirySeconds: Math.round((packet.expires_at - packet.created_at) / 1000),
      records: claims.map((c) => {
        const user = this.ctx.im.getUser(c.claimed_by);
        return {
          userID: c.claimed_by,
          nickname: user?.nickname ?? '',
          faceURL: user?.faceURL ?? '',
          amount: c.amount_cents,
          createTime: this.formatTime(c.claimed_at),
        };
      }),
    };
  }
}
