import type { BalanceLogRecord, RedPacketDetail, RedPacketSendPayload } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';

/** A ledger page request: `current` is 1-based. */
export interface BalanceLogPage {
  readonly current: number;
  readonly size: number;
}

/** Wallet HTTP API (balance in cents). Methods reject with RemoteError carrying the server errCode/errMsg. */
export abstract class WalletApi {
  abstract getBalance(): Promise<number>;
  /** One page of the ledger, newest first (page 1 and 20 rows when not given). */
  abstract getBalanceLog(page?: BalanceLogPage): Promise<readonly BalanceLogRecord[]>;
  /** Both values are MD5 hex; `oldPayPassword` is empty when none is set yet. */
  abstract setPayPassword(oldPayPassword: string, payPassword: string): Promise<void>;
  /** Returns the red packet id. */
  abstract sendRedPacket(payload: RedPacketSendPayload): Promise<string>;
  /**
   * Claims a share. Rejects with a {@link RedPacketRefusal} when the refusal says how the packet stands
   * (already claimed, all taken, expired), with another RemoteError otherwise.
   */
  abstract openRedPacket(id: string): Promise<RedPacketOpening>;
  /** Who received what; refused (21009) unless the caller sent it or belongs to its conversation. */
  abstract getRedPacketDetail(id: string): Promise<RedPacketDetail>;
}

/** What opening a red packet answered: everything the open dialog shows, in one request. */
export interface RedPacketOpening {
  /** The share received in cents, when the server reports it. */
  readonly amountCents: number | undefined;
  /** The packet as it stands after the claim (who received what), when the server says. */
  readonly detail: RedPacketDetail | undefined;
}

/** A refused open whose answer said how the packet stands (already claimed, all taken, expired). */
export class RedPacketRefusal extends RemoteError {
  constructor(
    code: number,
    message: string,
    readonly detail: RedPacketDetail,
  ) {
    super(code, message);
    this.name = 'RedPacketRefusal';
  }
}

/** MD5 hashing of pay passwords, as the wallet API expects (kept a port so application stays free of crypto). */
export abstract class PasswordHasher {
  abstract md5(text: string): string;
}
