import type { BalanceLogRecord } from '@teamim/domain';
import type { FakeClock } from './fake-clock';

/** Rooms of the fake media server. */
/** A connected participant as the media server sees it. */
export interface RoomPeer {
  readonly userID: string | undefined;
  peerLeft(userID: string): void;
}

export class FakeRtcServer {
  serverUrl = 'wss://rtc.fake';
  readonly rooms = new Map<string, Set<RoomPeer>>();
}

export interface RedPacketRecord {
  id: string;
  senderID: string;
  targetUserID: string;
  targetGroupID: string;
  shares: number[];
  claimedBy: Set<string>;
}

/** Wallet error codes (chat-and-wallet-api.md §6.2). */
export const WalletErrorCode = {
  InvalidArgs: 1001,
  InsufficientBalance: 21001,
  PayPasswordNotSet: 21002,
  PayPasswordWrong: 21003,
  RedPacketNotFound: 21005,
  AlreadyClaimed: 21007,
  NoSharesLeft: 21008,
  NotEligible: 21009,
  InvalidAmount: 21010,
} as const;

/** Ledger and red packets of the fake wallet server, all amounts in cents. */
export class FakeWalletServer {
  readonly balances = new Map<string, number>();
  readonly logs = new Map<string, BalanceLogRecord[]>();
  readonly payPasswords = new Map<string, string>();
  readonly redPackets = new Map<string, RedPacketRecord>();
  private seq = 0;

  constructor(private readonly clock: FakeClock) {}

  credit(userID: string, amount: number, type: number, remark: string): void {
    this.balances.set(userID, (this.balances.get(userID) ?? 0) + amount);
    this.seq += 1;
    const log = this.logs.get(userID) ?? [];
    log.unshift({
      id: String(this.seq),
      type,
      remark,
      balance: amount,
      createTime: formatServerTime(this.clock.now()),
    });
    this.logs.set(userID, log);
  }

  nextPacketID(): string {
    this.seq += 1;
    return `rp${this.seq}`;
  }
}

function formatServerTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
