/** The wallet's shapes: ledger types, records, red packets, and the input schemas of its endpoints. */
import { z } from 'zod';
import { id, intLike } from './validation';

/** Ledger types as the client labels them. */
export const LedgerType = { System: 0, RedPacket: 1, Withdrawal: 2, TopUp: 3 } as const;

export type RefKind = 'system' | 'topup' | 'withdraw' | 'rp_send' | 'rp_claim' | 'rp_refund';

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

/** What the claim itself answers; the route's answer adds the packet as it now stands (`OpenAnswer`). */
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

// A JSON number, as our clients send it (cents, or yuan with up to two decimals under --red-packet-unit yuan).
const amountField = z.number({ error: 'amount must be a JSON number' });

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
