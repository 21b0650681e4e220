import {
  customPayloadOf,
  err,
  formatCentsAsYuan,
  isRedPacketExpired,
  isRedPacketOpened,
  redPacketLifetimeText,
  redPacketOutcomeOf,
  trimBalanceTime,
  type DisplayText,
  type Message,
  type RedPacketDetail,
  type RedPacketOutcome,
  type Result,
  type TranslatableText,
} from '@teamim/domain';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { RedPacketClaim, WalletService } from '../../wallet/wallet.service';
import { errorText } from '../contacts/error-text';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** One line of "who received what". */
export interface RedPacketClaimRow {
  readonly userID: string;
  /** The nickname, or the id when the server knows none. */
  readonly name: string;
  readonly faceURL: string;
  /** Yuan with two decimals. */
  readonly amount: string;
  /** The server's time trimmed to minutes, as the balance log shows it. */
  readonly time: string;
  readonly isMe: boolean;
}

/** How far a group packet has gone: n of m claimed, all claimed, or expired (with the refund). */
export interface RedPacketProgress {
  readonly state: 'active' | 'finished' | 'expired';
  readonly claimed: number;
  readonly num: number;
  /** Claimed so far and the total, yuan with two decimals. */
  readonly claimedAmount: string;
  readonly total: string;
}

/**
 * A one-to-one packet as its sender sees it (the sender cannot open it): waiting, opened by the
 * recipient (who, when, how much), or expired and, once the server swept it, refunded.
 */
export interface RedPacketSenderView {
  readonly state: 'waiting' | 'opened' | 'expired' | 'refunded';
  /** The recipient's name and the time they opened it ("" unless opened). */
  readonly openedBy: string;
  readonly openedAt: string;
  /** The packet's amount, yuan with two decimals. */
  readonly amount: string;
  /** What went back to the sender ("" unless refunded). */
  readonly refund: string;
}

export interface RedPacketOpenState {
  /**
   * 'closed' until the user opens it; then the outcome. 'sent' for the sender of a one-to-one packet,
   * who is never offered to open it.
   */
  readonly status: 'closed' | 'opening' | 'sent' | RedPacketOutcome;
  readonly greeting: string;
  readonly senderName: string;
  readonly isGroup: boolean;
  /** The amount received in yuan ("" when unknown). */
  readonly amount: string;
  /** The server's message for a failure that is not one of the known states. */
  readonly failure: DisplayText | undefined;
  /** Group packets, once the outcome is known: who received what (undefined until loaded or refused). */
  readonly claims: readonly RedPacketClaimRow[] | undefined;
  readonly progress: RedPacketProgress | undefined;
  /** The sender's view of a one-to-one packet, once the server said (undefined until then). */
  readonly sent: RedPacketSenderView | undefined;
  /** How long the packet stays open, as the server states it (undefined until known). */
  readonly lifetime: TranslatableText | undefined;
}

function senderView(detail: RedPacketDetail, rows: readonly RedPacketClaimRow[]): RedPacketSenderView {
  const amount = formatCentsAsYuan(detail.total);
  const first = rows[0];
  if (first !== undefined) {
    return { state: 'opened', openedBy: first.name, openedAt: first.time, amount, refund: '' };
  }
  if (detail.status === 'expired') {
    return detail.refundedAmount > 0
      ? {
          state: 'refunded',
          openedBy: '',
          openedAt: '',
          amount,
          refund: formatCentsAsYuan(detail.refundedAmount),
        }
      : { state: 'expired', openedBy: '', openedAt: '', amount, refund: '' };
  }
  return { state: 'waiting', openedBy: '', openedAt: '', amount, refund: '' };
}

function claimRows(detail: RedPacketDetail, myID: string): readonly RedPacketClaimRow[] {
  return detail.records.map((r) => ({
    userID: r.userID,
    name: r.nickname === '' ? r.userID : r.nickname,
    faceURL: r.faceURL,
    amount: formatCentsAsYuan(r.amount),
    time: trimBalanceTime(r.createTime),
    isMe: r.userID === myID,
  }));
}

/**
 * Opening a red packet (spec §4): a successful open shows the amount received and marks the message
 * `is_get_redbag`; a packet already opened here, already claimed elsewhere, all taken or expired shows
 * that state; anything else shows the server's message (the wallet service also raises the toasts).
 */
export class RedPacketOpenViewModel extends StateViewModel<RedPacketOpenState> {
  constructor(
    private readonly message: Message,
    private readonly myID: string,
    private readonly wallet: WalletService,
    clock: Clock,
  ) {
    const payload = customPayloadOf(message);
    const expired = isRedPacketExpired(message.sendTime, clock.now());
    const mine = message.sendID === myID;
    const isGroup = message.groupID !== '';
    super({
      status:
        mine && !isGroup
          ? 'sent'
          : isRedPacketOpened(message)
            ? 'alreadyOpened'
            : expired
              ? 'expired'
              : 'closed',
      greeting: payload?.kind === 'redPacket' ? payload.data.message : '',
      senderName: message.senderNickname,
      isGroup,
      amount: '',
      failure: undefined,
      claims: undefined,
      progress: undefined,
      sent: undefined,
      lifetime: undefined,
    });
    // The sender sees who got what without opening; anyone else once the outcome is known.
    if (this.state.status !== 'closed' || mine) void this.loadClaims();
  }

  /**
   * Loads who received what and how long the packet stays open, for a packet shown without opening it. A
   * refusal or failure leaves the list out; the sender of a one-to-one packet then sees the failure
   * instead of its state.
   */
  async loadClaims(): Promise<Result<RedPacketDetail, AppError>> {
    const detail = await this.wallet.loadRedPacketDetail(this.message);
    if (!detail.ok) {
      if (this.state.status === 'sent') this.patch({ failure: errorText(detail.error) });
      return detail;
    }
    this.show(detail.value);
    return detail;
  }

  /** What the server said of the packet: who received what, how far it has gone, how long it stays open. */
  private show(d: RedPacketDetail): void {
    const rows = claimRows(d, this.myID);
    const lifetime = d.expirySeconds === undefined ? undefined : redPacketLifetimeText(d.expirySeconds);
    if (!this.state.isGroup) {
      this.patch({
        lifetime,
        failure: undefined,
        sent: this.state.status === 'sent' ? senderView(d, rows) : undefined,
      });
      return;
    }
    this.patch({
      lifetime,
      claims: rows,
      progress: {
        state: d.status,
        claimed: d.claimedNum,
        num: d.num,
        claimedAmount: formatCentsAsYuan(d.claimedAmount),
        total: formatCentsAsYuan(d.total),
      },
    });
  }

  /** Opens the packet: one request, whose answer (or refusal) carries what the dialog shows next. */
  async open(): Promise<Result<RedPacketClaim, AppError>> {
    if (this.state.status !== 'closed' && this.state.status !== 'failed') {
      return err(stateFailure(`red packet is ${this.state.status}`));
    }
    this.patch({ status: 'opening', failure: undefined });
    const claimed = await this.wallet.claimRedPacket(this.message);
    if (claimed.ok) {
      const cents = claimed.value.amountCents;
      this.patch({ status: 'received', amount: cents === undefined ? '' : formatCentsAsYuan(cents) });
      if (claimed.value.detail !== undefined) this.show(claimed.value.detail);
      return claimed;
    }
    const error = claimed.error;
    const status = error.kind === 'remote' ? redPacketOutcomeOf(error.code) : 'failed';
    this.patch({ status, failure: status === 'failed' ? errorText(error) : undefined });
    if (status !== 'failed' && error.detail !== undefined) this.show(error.detail);
    return claimed;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const redPacketOpenViewModel = viewModelFactory(
  (s, message: Message) => new RedPacketOpenViewModel(message, s.currentUser.id(), s.wallet, s.clock),
);
