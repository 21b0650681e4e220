import {
  customPayloadOf,
  err,
  formatCentsAsYuan,
  isRedPacketExpired,
  isRedPacketOpened,
  redPacketOutcomeOf,
  type DisplayText,
  type Message,
  type RedPacketOutcome,
  type Result,
} from '@teamim/domain';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { RedPacketClaim, WalletService } from '../../wallet/wallet.service';
import { errorText } from '../contacts/error-text';
import { StateViewModel } from '../view-model';

export interface RedPacketOpenState {
  /** 'closed' until the user opens it; then the outcome. */
  readonly status: 'closed' | 'opening' | RedPacketOutcome;
  readonly greeting: string;
  readonly senderName: string;
  readonly isGroup: boolean;
  /** The amount received in yuan ("" when unknown). */
  readonly amount: string;
  /** The server's message for a failure that is not one of the known states. */
  readonly failure: DisplayText | undefined;
}

/**
 * Opening a red packet (spec §4): a successful open shows the amount received and marks the message
 * `is_get_redbag`; a packet already opened here, already claimed elsewhere, all taken or expired shows
 * that state; anything else shows the server's message (the wallet service also raises the toasts).
 */
export class RedPacketOpenViewModel extends StateViewModel<RedPacketOpenState> {
  constructor(
    private readonly message: Message,
    private readonly wallet: WalletService,
    clock: Clock,
  ) {
    const payload = customPayloadOf(message);
    const expired = isRedPacketExpired(message.sendTime, clock.now());
    super({
      status: isRedPacketOpened(message) ? 'alreadyOpened' : expired ? 'expired' : 'closed',
      greeting: payload?.kind === 'redPacket' ? payload.data.message : '',
      senderName: message.senderNickname,
      isGroup: message.groupID !== '',
      amount: '',
      failure: undefined,
    });
  }

  async open(): Promise<Result<RedPacketClaim, AppError>> {
    if (this.state.status !== 'closed' && this.state.status !== 'failed') {
      return err(stateFailure(`red packet is ${this.state.status}`));
    }
    this.patch({ status: 'opening', failure: undefined });
    const claimed = await this.wallet.claimRedPacket(this.message);
    if (claimed.ok) {
      const cents = claimed.value.amountCents;
      this.patch({ status: 'received', amount: cents === undefined ? '' : formatCentsAsYuan(cents) });
      return claimed;
    }
    const error = claimed.error;
    const status = error.kind === 'remote' ? redPacketOutcomeOf(error.code) : 'failed';
    this.patch({ status, failure: status === 'failed' ? errorText(error) : undefined });
    return claimed;
  }
}
