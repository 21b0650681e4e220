import { BehaviorSubject, Subject, Subscription, timer, type Observable } from 'rxjs';
import {
  buildRedPacketData,
  customPayloadOf,
  err,
  isRedPacketOpened,
  messageConversationID,
  ok,
  RED_PACKET_OPENED_MARK,
  TIMINGS_MS,
  validatePayPassword,
  validatePayPasswordChange,
  validateRedPacket,
  type BalanceLogRecord,
  type Conversation,
  type Message,
  type RedPacketDetail,
  type Result,
} from '@teamim/domain';
import type { ChatStore } from '../messages/chat.store';
import type { Clock } from '../ports/clock.port';
import type { ImSession } from '../ports/im-session.port';
import type { MessagesGateway } from '../ports/messages.port';
import type { Notifier } from '../ports/notifier.port';
import {
  RedPacketRefusal,
  type BalanceLogPage,
  type PasswordHasher,
  type RedPacketOpening,
  type WalletApi,
} from '../ports/wallet-api.port';
import type { AppError } from '../shared/app-error';
import { stateFailure } from '../shared/app-error';
import { attempt, toRemoteFailure, type RemoteFailure } from '../shared/remote-error';
import type { CurrentUser } from '../session/current-user';
import type { SettingsStore } from '../settings/settings.store';

export interface PayPasswordInput {
  readonly oldPin?: string;
  readonly newPin: string;
  readonly confirmPin: string;
}

export interface RedPacketClaim {
  readonly message: Message;
  /** The share received, in cents; undefined when the server did not say. */
  readonly amountCents: number | undefined;
  /** The packet as it stands after the claim, when the server said. */
  readonly detail: RedPacketDetail | undefined;
}

/** Why an open failed; `detail` when the refusal said how the packet stands (claimed, taken, expired). */
export type RedPacketClaimFailure = AppError & { readonly detail?: RedPacketDetail };

export interface RedPacketInput {
  /** Amount in yuan as typed. */
  readonly amount: string;
  /** Number of packets (groups only). */
  readonly count?: string;
  readonly message?: string;
  /** The six-digit pay password. */
  readonly pin: string;
}

/**
 * Balance, balance log, pay password and red packets (spec §2 balance and pay-password modals, §4).
 * `balance$` and `log$` are hot and replay; `payPasswordModalClose$` is an event fired 1 s after success.
 */
export class WalletService {
  private readonly balance = new BehaviorSubject<number | undefined>(undefined);
  private readonly log = new BehaviorSubject<readonly BalanceLogRecord[]>([]);
  private readonly modalClose = new Subject<void>();
  private readonly changed = new Subject<void>();
  private readonly timers = new Subscription();
  readonly balance$: Observable<number | undefined> = this.balance.asObservable();
  readonly log$: Observable<readonly BalanceLogRecord[]> = this.log.asObservable();
  readonly payPasswordModalClose$: Observable<void> = this.modalClose.asObservable();
  /** Fires after this client moved money (a send or a claim), so open balance screens reload. */
  readonly changed$: Observable<void> = this.changed.asObservable();

  constructor(
    private readonly api: WalletApi,
    private readonly hasher: PasswordHasher,
    private readonly im: ImSession,
    private readonly messages: MessagesGateway,
    private readonly chat: ChatStore,
    private readonly currentUser: CurrentUser,
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  /** Loads the balance in cents; failure shows 'failed to fetch balance'. */
  async loadBalance(): Promise<Result<number, RemoteFailure>> {
    const result = await attempt(() => this.api.getBalance());
    if (!result.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.fetchBalanceFailed' });
      return result;
    }
    this.balance.next(result.value);
    return result;
  }

  async loadLog(): Promise<Result<readonly BalanceLogRecord[], RemoteFailure>> {
    const result = await attempt(() => this.api.getBalanceLog());
    if (result.ok) {
      this.log.next(result.value);
    }
    return result;
  }

  /** One page of the ledger (newest first); the balance screen pages it as the user scrolls. */
  loadLogPage(page: BalanceLogPage): Promise<Result<readonly BalanceLogRecord[], RemoteFailure>> {
    return attempt(() => this.api.getBalanceLog(page));
  }

  /**
   * Sets or changes the pay password: the old one only when one exists, then new and confirmation
   * (spec §4 "Pay password"). Both are MD5-hashed before leaving the client.
   */
  async setPayPassword(input: PayPasswordInput): Promise<Result<void, AppError>> {
    const hasExisting = this.currentUser.selfInfo?.hasPayPassword ?? false;
    const valid = validatePayPasswordChange({
      hasExisting,
      newPin: input.newPin,
      confirmPin: input.confirmPin,
      ...(input.oldPin === undefined ? {} : { oldPin: input.oldPin }),
    });
    if (!valid.ok) {
      this.notifier.notify({ level: 'warning', key: valid.error.i18nKey });
      return valid;
    }
    const oldHash = valid.value.oldPin === undefined ? '' : this.hasher.md5(valid.value.oldPin);
    const result = await attempt(async () => {
      await this.api.setPayPassword(oldHash, this.hasher.md5(valid.value.newPin));
      return this.im.getSelfInfo();
    });
    if (!result.ok) {
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: result.error.message });
      return result;
    }
    this.currentUser.setSelfInfo(result.value);
    this.notifier.notify({ level: 'success', key: 'toast.accessSuccess' });
    this.timers.add(
      timer(TIMINGS_MS.payPasswordModalClose, this.clock.scheduler).subscribe(() => this.modalClose.next()),
    );
    return ok(undefined);
  }

  /**
   * Sends a red packet to the conversation: validates amount (and count in groups), pays through the wallet
   * API, then posts the red-packet custom message (spec §4, §5).
   */
  async sendRedPacket(conversation: Conversation, input: RedPacketInput): Promise<Result<Message, AppError>> {
    const isGroup = conversation.groupID !== '';
    const form = validateRedPacket(
      {
        isGroup,
        amount: input.amount,
        ...(input.count === undefined ? {} : { count: input.count }),
        ...(input.message === undefined ? {} : { message: input.message }),
      },
      this.settings.snapshot.locale,
    );
    if (!form.ok) {
      this.notifier.notify({ level: 'warning', key: form.error.i18nKey });
      return form;
    }
    const pin = validatePayPassword(input.pin);
    if (!pin.ok) {
      return pin;
    }
    const id = await attempt(() =>
      this.api.sendRedPacket({
        receiveUserId: isGroup ? conversation.groupID : conversation.userID,
        amount: form.value.amountCents,
        num: form.value.num,
        message: form.value.message,
        payPassword: this.hasher.md5(pin.value),
      }),
    );
    if (!id.ok) {
      // Spec §8: the server message is shown on failure.
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: id.error.message });
      return id;
    }
    const sent = await this.chat.send(
      {
        kind: 'custom',
        data: buildRedPacketData(id.value, form.value.message),
        description: form.value.message,
      },
      conversation,
    );
    // The money has left the balance whether or not the message went out.
    this.changed.next();
    if (sent.ok) {
      this.notifier.notify({ level: 'success', key: 'toast.redPacketSent' });
    }
    return sent;
  }

  /** Opens a red packet; on success the message's local extra is marked `is_get_redbag`. */
  async openRedPacket(message: Message): Promise<Result<Message, AppError>> {
    const claimed = await this.claimRedPacket(message);
    return claimed.ok ? ok(claimed.value.message) : claimed;
  }

  /**
   * As {@link openRedPacket}, in one request, whose answer carries what the open dialog shows; on success the
   * message's local extra is marked `is_get_redbag`.
   */
  async claimRedPacket(message: Message): Promise<Result<RedPacketClaim, RedPacketClaimFailure>> {
    const payload = customPayloadOf(message);
    if (payload?.kind !== 'redPacket') {
      return err(stateFailure('not a red packet'));
    }
    if (isRedPacketOpened(message)) {
      return err(stateFailure('already opened'));
    }
    const conversationID = messageConversationID(message, this.currentUser.id());
    let opening: RedPacketOpening;
    try {
      opening = await this.api.openRedPacket(payload.data.id);
      await this.messages.setLocalEx(conversationID, message.clientMsgID, RED_PACKET_OPENED_MARK);
    } catch (cause: unknown) {
      const failure = toRemoteFailure(cause);
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed', message: failure.message });
      return err(cause instanceof RedPacketRefusal ? { ...failure, detail: cause.detail } : failure);
    }
    const marked = { ...message, localEx: RED_PACKET_OPENED_MARK };
    this.chat.update(marked);
    this.changed.next();
    this.notifier.notify({ level: 'success', key: 'toast.redPacketReceived' });
    return ok({ message: marked, amountCents: opening.amountCents, detail: opening.detail });
  }

  // Who received what; the balance read without a toast (an open balance screen polls it)
  peekBalance(): Promise<Result<number, RemoteFailure>> {
    return attempt(() => this.api.getBalance());
  }

  /** Who received what from a red packet; the server refuses anyone outside its conversation. */
  async loadRedPacketDetail(message: Message): Promise<Result<RedPacketDetail, AppError>> {
    const payload = customPayloadOf(message);
    if (payload?.kind !== 'redPacket') {
      return err(stateFailure('not a red packet'));
    }
    return attempt(() => this.api.getRedPacketDetail(payload.data.id));
  }

  dispose(): void {
    this.timers.unsubscribe();
    this.balance.complete();
    this.log.complete();
    this.modalClose.complete();
    this.changed.complete();
  }
}
