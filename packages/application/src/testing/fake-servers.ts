import { RED_PACKET_EXPIRY_MS, type BalanceLogRecord, type RedPacketDetail } from '@teamim/domain';
import type { FakeClock } from './fake-clock';

/** Rooms of the fake media server. */
/** A connected participant as the media server sees it. */
export interface RoomPeer {
  readonly userID: string | undefined;
  peerLeft(userID: string): void;
  peerJoined(userID: string): void;
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
  // Who received what, expiry and refund
  total: number;
  num: number;
  createdAt: number;
  claims: { userID: string; amount: number; at: number }[];
  refunded: number;
  expired: boolean;
}

/** Wallet error codes (chat-and-wallet-api.md §6.2). */
export const WalletErrorCode = {
  InvalidArgs: 1001,
  InsufficientBalance: 21001,
  PayPasswordNotSet: 21002,
  PayPasswordWrong: 21003,
  RedPacketNotFound: 21005,
  Expired: 21006,
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

  /** Refunds every packet past its expiry to its sender, once (the real server's sweeper). */
  sweepExpired(): void {
    const now = this.clock.now();
    for (const p of this.redPackets.values()) {
      if (p.expired || p.shares.length === 0 || now - p.createdAt < RED_PACKET_EXPIRY_MS) continue;
      p.expired = true;
      p.refunded = p.shares.reduce((sum, share) => sum + share, 0);
      p.shares = [];
      this.credit(p.senderID, p.refunded, 1, 'red packet refund');
    }
  }

  detail(p: RedPacketRecord, nickname: (userID: string) => string): RedPacketDetail {
    const claimed = p.claims.reduce((sum, c) => sum + c.amount, 0);
    return {
      id: p.id,
      senderID: p.senderID,
      isGroup: p.targetGroupID !== '',
      total: p.total,
      num: p.num,
      claimedNum: p.claims.length,
      claimedAmount: claimed,
      refundedAmount: p.refunded,
      status: p.expired ? 'expired' : p.claims.length === p.num ? 'finished' : 'active',
      expirySeconds: RED_PACKET_EXPIRY_MS / 1000,
      records: p.claims.map((c) => ({
        userID: c.userID,
        nickname: nickname(c.userID),
        faceURL: '',
        amount: c.amount,
        createTime: formatServerTime(c.at),
      })),
    };
  }

  nextPacketID(): string {
    this.seq += 1;
    return `rp${this.seq}`;
  }
}

function formatServerTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
