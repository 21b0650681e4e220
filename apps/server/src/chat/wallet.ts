/**
 * The wallet the routes use: balances and ledger (ledger.ts), pay passwords (pay-password.ts) and red packets
 * (red-packets.ts), in integer cents; shapes and input schemas in wallet-schemas.ts, amounts in amounts.ts.
 */
import type { z } from 'zod';
import type { ChatContext } from './context';
import { WalletLedger } from './ledger';
import { PayPasswords } from './pay-password';
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

export class WalletService {
  private readonly ledger: WalletLedger;
  private readonly pay: PayPasswords;
  private readonly redPackets: RedPackets;

  constructor(ctx: ChatContext) {
    this.ledger = new WalletLedger(ctx);
    this.pay = new PayPasswords(ctx);
    this.redPackets = new RedPackets(ctx, this.ledger, this.pay);
  }

  formatTime(ms: number): string {
    return this.ledger.formatTime(ms);
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

  openRedPacket(userID: string, input: z.output<typeof openSchema>): OpenResult {
    return this.redPackets.openRedPacket(userID, input);
  }
}
