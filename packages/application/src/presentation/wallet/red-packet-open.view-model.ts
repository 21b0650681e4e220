import {
  customPayloadOf,
  err,
  formatCentsAsYuan,
  isRedPacketExpired,
  isRedPacketOpened,
  redPacketOutcomeOf,
  trimBalanceTime,
  type DisplayText,
  type Message,
  type RedPacketDetail,
  type RedPacketOutcome,
  type Result,
} from '@teamim/domain';
import type { Clock } from '../../ports/clock.port';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { RedPacketClaim, WalletService } from '../../wallet/wallet.service';
import { errorText } from '../contacts/error-text';
import { StateViewModel } from '../view-model';

/** One line of "who received what" (issue 16). */
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
  /** Group packets, once the outcome is known: who received what (undefined until loaded or refused). */
  readonly claims: readonly RedPacketClaimRow[] | undefined;
  readonly progress: RedPacketProgress | undefined;
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
    private readonly wallet: WalletService,
    clock: Clock,
    private readonly myID: string,
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
      claims: undefined,
      progress: undefined,
    });
    if (this.state.status !== 'closed') void this.loadClaims();
  }

  /** Loads who received what (group packets only); a refusal or failure just leaves the list out. */
  async loadClaims(): Promise<Result<RedPacketDetail, AppError>> {
    if (!this.state.isGroup) return err(stateFailure('one-to-one packets have no list'));
    const detail = await this.wallet.loadRedPacketDetail(this.message);
    if (detail.ok) {
      const d = detail.value;
      this.patch({
        claims: claimRows(d, this.myID),
        progress: {
          state: d.status,
          claimed: d.claimedNum,
          num: d.num,
          claimedAmount: formatCentsAsYuan(d.claimedAmount),
          total: formatCentsAsYuan(d.total),
        },
      });
    }
    return detail;
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
      await this.loadClaims();
      return claimed;
    }
    const error = claimed.error;
    const status = error.kind === 'remote' ? redPacketOutcomeOf(error.code) : 'failed';
    this.patch({ status, failure: status === 'failed' ? errorText(error) : undefined });
    if (status !== 'failed') await this.loadClaims();
    return claimed;
  }
}
