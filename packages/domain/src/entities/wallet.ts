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
