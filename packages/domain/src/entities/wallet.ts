/** Balance, ledger and red packets (spec §3). Money is always integer cents. */

/** Ledger record types; any other number displays as unknown. */
export const BalanceLogType = {
  System: 0,
  RedPacket: 1,
  Withdrawal: 2,
  TopUp: 3,
} as const;
export type BalanceLogType = (typeof BalanceLogType)[keyof typeof BalanceLogType];

export interface BalanceLogRecord {
  readonly id: string;
  /** A BalanceLogType value, or an unknown number from the server. */
  readonly type: number;
  readonly remark: string;
  /** Signed change in cents. */
  readonly balance: number;
  /** Server text "YYYY-MM-DD HH:mm:ss"; displayed trimmed to 16 characters. */
  readonly createTime: string;
}

/** Body of `POST /app/redbag/log/send`. */
export interface RedPacketSendPayload {
  /** The peer user id, or the group id for a group red packet. */
  readonly receiveUserId: string;
  /** Total amount in cents. */
  readonly amount: number;
  /** Number of shares (1 for one-to-one). */
  readonly num: number;
  readonly message: string;
  /** MD5 hex of the 6-digit pay password. */
  readonly payPassword: string;
}

/** One share of a red packet someone received (who received what). */
export interface RedPacketClaimRecord {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
  /** Cents. */
  readonly amount: number;
  /** Server text "YYYY-MM-DD HH:mm:ss". */
  readonly createTime: string;
}

/** A red packet as the sender and the members of its conversation may see it (our own call). */
export interface RedPacketDetail {
  readonly id: string;
  readonly senderID: string;
  readonly isGroup: boolean;
  /** Cents. */
  readonly total: number;
  readonly num: number;
  readonly claimedNum: number;
  readonly claimedAmount: number;
  readonly refundedAmount: number;
  readonly status: 'active' | 'finished' | 'expired';
  /** How long the packet stays open after sending, as the server was configured; undefined when not said. */
  readonly expirySeconds: number | undefined;
  /** In the order they were claimed. */
  readonly records: readonly RedPacketClaimRecord[];
}
