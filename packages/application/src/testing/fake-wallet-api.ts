import {
  RedPacketRefusal,
  WalletApi,
  type BalanceLogPage,
  type RedPacketOpening,
} from '../ports/wallet-api.port';
import type { BalanceLogRecord, RedPacketDetail, RedPacketSendPayload } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import type { FakeImDevice } from './fake-im-device';
import { WalletErrorCode, type FakeWalletServer, type RedPacketRecord } from './fake-servers';

export class FakeWalletApi extends WalletApi {
  constructor(private readonly device: FakeImDevice) {
    super();
  }

  /** The server; its sweeper has refunded whatever expired by the time any call arrives. */
  private get w(): FakeWalletServer {
    const wallet = this.device.backend.wallet;
    wallet.sweepExpired();
    return wallet;
  }

  async getBalance(): Promise<number> {
    await Promise.resolve();
    return this.w.balances.get(this.device.me()) ?? 0;
  }

  async getBalanceLog(page?: BalanceLogPage): Promise<readonly BalanceLogRecord[]> {
    await Promise.resolve();
    // A snapshot, as an HTTP answer is: later sends do not grow a list the caller already holds.
    const all = [...(this.w.logs.get(this.device.me()) ?? [])];
    if (page === undefined) return all;
    // The log is kept newest first, as the server pages it.
    return all.slice((page.current - 1) * page.size, page.current * page.size);
  }

  async setPayPassword(oldPayPassword: string, payPassword: string): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    if (!/^[0-9a-f]{32}$/.test(payPassword)) {
      throw new RemoteError(WalletErrorCode.InvalidArgs, 'pay password must be an md5 hex string');
    }
    const current = this.w.payPasswords.get(me);
    if (current !== undefined && current !== oldPayPassword) {
      throw new RemoteError(WalletErrorCode.PayPasswordWrong, 'old pay password is wrong');
    }
    this.w.payPasswords.set(me, payPassword);
    const user = this.device.backend.user(me);
    user.info = { ...user.info, hasPayPassword: true };
  }

  async sendRedPacket(payload: RedPacketSendPayload): Promise<string> {
    await Promise.resolve();
    const me = this.device.me();
    const b = this.device.backend;
    const stored = this.w.payPasswords.get(me);
    if (stored === undefined) {
      throw new RemoteError(WalletErrorCode.PayPasswordNotSet, 'pay password not set');
    }
    if (stored !== payload.payPassword) {
      throw new RemoteError(WalletErrorCode.PayPasswordWrong, 'pay password wrong');
    }
    const isGroup = b.groups.get(payload.receiveUserId)?.members.has(me) ?? false;
    const num = isGroup ? payload.num : 1;
    if (
      !Number.isSafeInteger(payload.amount) ||
      !Number.isSafeInteger(num) ||
      num < 1 ||
      payload.amount < num
    ) {
      throw new RemoteError(WalletErrorCode.InvalidAmount, 'invalid amount or number');
    }
    if (!isGroup) {
      b.user(payload.receiveUserId);
    }
    if ((this.w.balances.get(me) ?? 0) < payload.amount) {
      throw new RemoteError(WalletErrorCode.InsufficientBalance, 'insufficient balance');
    }
    this.w.credit(me, -payload.amount, 1, 'red packet sent');
    // Fixed split keeps tests deterministic; the real server splits randomly.
    const base = Math.floor(payload.amount / num);
    const shares = Array.from({ length: num }, (_, i) => base + (i < payload.amount - base * num ? 1 : 0));
    const id = this.w.nextPacketID();
    this.w.redPackets.set(id, {
      id,
      senderID: me,
      targetUserID: isGroup ? '' : payload.receiveUserId,
      targetGroupID: isGroup ? payload.receiveUserId : '',
      shares,
      claimedBy: new Set(),
      total: payload.amount,
      num,
      createdAt: this.device.backend.clock.now(),
      claims: [],
      refunded: 0,
      expired: false,
    });
    return id;
  }

  async openRedPacket(id: string): Promise<RedPacketOpening> {
    await Promise.resolve();
    const me = this.device.me();
    const packet = this.w.redPackets.get(id);
    if (packet === undefined) {
      throw new RemoteError(WalletErrorCode.RedPacketNotFound, 'red packet not found');
    }
    const eligible =
      packet.targetGroupID !== ''
        ? (this.device.backend.groups.get(packet.targetGroupID)?.members.has(me) ?? false)
        : packet.targetUserID === me;
    if (!eligible) {
      throw new RemoteError(WalletErrorCode.NotEligible, 'not eligible');
    }
    // As the server: a refusal that says how the packet stands carries it.
    const refused = (code: number, message: string) =>
      new RedPacketRefusal(code, message, this.detailOf(packet));
    if (packet.claimedBy.has(me)) throw refused(WalletErrorCode.AlreadyClaimed, 'already claimed');
    if (packet.expired) throw refused(WalletErrorCode.Expired, 'this red packet has expired');
    const share = packet.shares.shift();
    if (share === undefined) throw refused(WalletErrorCode.NoSharesLeft, 'no shares left');
    packet.claimedBy.add(me);
    packet.claims.push({ userID: me, amount: share, at: this.device.backend.clock.now() });
    this.w.credit(me, share, 1, 'red packet received');
    return { amountCents: share, detail: this.detailOf(packet) };
  }

  private detailOf(packet: RedPacketRecord): RedPacketDetail {
    const users = this.device.backend.users;
    return this.w.detail(packet, (userID) => users.get(userID)?.info.nickname ?? '');
  }

  async getRedPacketDetail(id: string): Promise<RedPacketDetail> {
    await Promise.resolve();
    const me = this.device.me();
    const b = this.device.backend;
    const packet = this.w.redPackets.get(id);
    if (packet === undefined)
      throw new RemoteError(WalletErrorCode.RedPacketNotFound, 'red packet not found');
    const member =
      packet.senderID === me ||
      (packet.targetGroupID !== ''
        ? (b.groups.get(packet.targetGroupID)?.members.has(me) ?? false)
        : packet.targetUserID === me);
    if (!member) throw new RemoteError(WalletErrorCode.NotEligible, 'not a member of its conversation');
    return this.detailOf(packet);
  }
}
