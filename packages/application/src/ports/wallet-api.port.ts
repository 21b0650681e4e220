import type { BalanceLogRecord, RedPacketSendPayload } from '@teamim/domain';

/** Wallet HTTP API (balance in cents). Methods reject with RemoteError carrying the server errCode/errMsg. */
export abstract class WalletApi {
  abstract getBalance(): Promise<number>;
  abstract getBalanceLog(): Promise<readonly BalanceLogRecord[]>;
  /** Both values are MD5 hex; `oldPayPassword` is empty when none is set yet. */
  abstract setPayPassword(oldPayPassword: string, payPassword: string): Promise<void>;
  /** Returns the red packet id. */
  abstract sendRedPacket(payload: RedPacketSendPayload): Promise<string>;
  abstract openRedPacket(id: string): Promise<void>;
}

/** MD5 hashing of pay passwords, as the wallet API expects (kept a port so application stays free of crypto). */
export abstract class PasswordHasher {
  abstract md5(text: string): string;
}
