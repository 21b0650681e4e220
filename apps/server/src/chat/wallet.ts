/**
 * The wallet the routes use: balances and ledger (ledger.ts), pay passwords (pay-password.ts) and red packets
 * (red-packets.ts), in integer cents; shapes and input schemas in wallet-schemas.ts, amounts in amounts.ts.
 */
import type { z } from 'zod';
import type { ChatContext } from './context';
import { ChatError, ErrCode } from './errors';
import { WalletLedger } from './ledger';
import { PayPasswords } from './pay-password';
import { RedPacketDetails, type RedPacketDetail, type detailSchema } from './red-packet-detail';
import { RedPackets } from './red-packets';
import type {
  LedgerRecord,
  OpenResult,
  RedPacketRow,
  openSchema,
  pageSchema,
  sendSchema,
  setPayPasswordSchema,
} from './wallet-schemas';

/**
 * The open route's answer: the claim (the spec's `{id, amount, remainNum, status}`) and the packet as it
 * stands after it, so a client shows who received what without a second request.
 */
export interface OpenAnswer extends OpenResult {
  detail: RedPacketDetail;
}

/** Refusals of an open that say how the packet stands; their answer carries `data: {detail}` too. */
const SETTLED_REFUSALS: ReadonlySet<number> = new Set([
  ErrCode.RedPacketExpired,
  ErrCode.RedPacketAlreadyClaimed,
  ErrCode.RedPacketEmpty,
]);

export class WalletService {
  private readonly ledger: WalletLedger;
  private readonly pay: PayPasswords;
  private readonly redPackets: RedPackets;
  private readonly details: RedPacketDetails;

  constructor(ctx: ChatContext) {
    this.ledger = new WalletLedger(ctx);
    this.pay = new PayPasswords(ctx);
    this.redPackets = new RedPackets(ctx, this.ledger, this.pay);
    // The ledger's time format, so the ledger and the list of who received what agree.
    this.details = new RedPacketDetails(ctx, (ms) => this.ledger.formatTime(ms));
  }

  balance(userID: string): number {
    return this.ledger.balance(userID);
  }

  log(
    userID: string,
    q: z.output<typeof pageSchema>,
  ): { records: LedgerRecord[]; total: number; size: number; current: number; pages: number } {
    return this.ledger.log(userID, q);
  }

  credit(userID: string, amountCents: number, type: 0 | 3, remark: string): number {
    return this.ledger.credit(userID, amountCents, type, remark);
  }

  withdraw(userID: string, amountCents: number, remark: string): number {
    return this.ledger.withdraw(userID, amountCents, remark);
  }

  hasPayPassword(userID: string): boolean {
    return this.pay.hasPayPassword(userID);
  }

  setPayPassword(userID: string, input: z.output<typeof setPayPasswordSchema>): Promise<void> {
    return this.pay.setPayPassword(userID, input);
  }

  forceSetPayPassword(userID: string, pin: string): Promise<void> {
    return this.pay.forceSetPayPassword(userID, pin);
  }

  getPacket(id: string): RedPacketRow | undefined {
    return this.redPackets.getPacket(id);
  }

  sendRedPacket(senderID: string, input: z.output<typeof sendSchema>, operationID: string): Promise<string> {
    return this.redPackets.sendRedPacket(senderID, input, operationID);
  }

  sweepExpired(): number {
    return this.redPackets.sweepExpired();
  }

  /**
   * Claims a share (one transaction), then reads the packet as it now stands for the answer; a refusal
   * that says how the packet stands (expired, already claimed, all taken) carries it as well.
   */
  openRedPacket(userID: string, input: z.output<typeof openSchema>): OpenAnswer {
    let opened: OpenResult;
    try {
      opened = this.redPackets.openRedPacket(userID, input);
    } catch (error: unknown) {
      if (error instanceof ChatError && SETTLED_REFUSALS.has(error.errCode)) {
        error.data = { detail: this.details.detail(userID, input) };
      }
      throw error;
    }
    return { ...opened, detail: this.details.detail(userID, input) };
  }

  /** Who received what from a packet, for its sender and the members of its conversation. */
  redPacketDetail(userID: string, input: z.output<typeof detailSchema>): RedPacketDetail {
    return this.details.detail(userID, input);
  }
}
