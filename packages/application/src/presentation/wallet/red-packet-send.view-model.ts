import {
  err,
  ok,
  PAY_PASSWORD_LENGTH,
  validateRedPacket,
  WALLET_ERROR,
  formatCentsAsYuan,
  type Conversation,
  type DisplayText,
  type Message,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { SettingsStore } from '../../settings/settings.store';
import type { WalletService } from '../../wallet/wallet.service';
import { errorText } from '../contacts/error-text';
import { pinDigits } from './pay-password.view-model';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export type RedPacketField = 'amount' | 'count' | 'pin' | 'form';

/** Amount errors that depend on the number of packets too (the total split into them). */
const AMOUNT_PER_PACKET_ERRORS: ReadonlySet<string> = new Set(['validation.redPacket.amountTooSmall']);

export interface RedPacketSendState {
  readonly ready: boolean;
  /** Group packets have a number of shares; the server splits them at random ("lucky"). */
  readonly isGroup: boolean;
  readonly step: 'form' | 'pin';
  readonly amount: string;
  readonly count: string;
  readonly message: string;
  /** The greeting sent when the message is left empty (spec §5). */
  readonly defaultGreeting: DisplayText;
  /** The total to pay in yuan, once the amount is valid ("" otherwise). */
  readonly total: string;
  readonly pin: string;
  readonly pinLength: number;
  readonly errors: Readonly<Partial<Record<RedPacketField, DisplayText>>>;
  readonly busy: boolean;
  readonly sent: boolean;
}

/**
 * The red-packet send modal (spec §4, §5): one-to-one (amount, greeting) or group (total and number
 * of shares); the amount is required, in groups the number too, and the greeting defaults to the
 * good-fortune text. The six-digit pay password confirms; the last digit sends.
 */
export class RedPacketSendViewModel extends StateViewModel<RedPacketSendState> {
  /** The amount's message is about the amount per packet: a new number of packets can answer it. */
  private amountErrorPerPacket = false;

  constructor(
    private readonly conversationID: string,
    private readonly conversations: ConversationStore,
    private readonly wallet: WalletService,
    private readonly settings: SettingsStore,
  ) {
    const conversation = RedPacketSendViewModel.find(conversations, conversationID);
    super({
      ready: conversation !== undefined,
      isGroup: conversation !== undefined && conversation.groupID !== '',
      step: 'form',
      amount: '',
      count: '',
      message: '',
      defaultGreeting: { kind: 'i18n', i18nKey: 'message.redPacketDefaultGreeting' },
      total: '',
      pin: '',
      pinLength: PAY_PASSWORD_LENGTH,
      errors: {},
      busy: false,
      sent: false,
    });
  }

  private static find(store: ConversationStore, id: string): Conversation | undefined {
    const current = store.currentConversation;
    if (current?.conversationID === id) return current;
    return store.snapshot.find((c) => c.conversationID === id);
  }

  setAmount(amount: string): void {
    const parsed = validateRedPacket({ isGroup: false, amount }, this.settings.snapshot.locale);
    this.patch({
      amount,
      total: parsed.ok ? formatCentsAsYuan(parsed.value.amountCents) : '',
      errors: this.without('amount'),
    });
  }

  setCount(count: string): void {
    const errors = this.without('count');
    if (!this.amountErrorPerPacket) {
      this.patch({ count: count.replace(/[^0-9]/g, ''), errors });
      return;
    }
    const { amount: _perPacket, ...rest } = errors;
    this.amountErrorPerPacket = false;
    this.patch({ count: count.replace(/[^0-9]/g, ''), errors: rest });
  }

  setMessage(message: string): void {
    this.patch({ message });
  }

  private without(field: RedPacketField): RedPacketSendState['errors'] {
    if (field === 'amount') this.amountErrorPerPacket = false;
    const { [field]: _edited, form: _form, ...rest } = this.state.errors;
    return rest;
  }

  /** Checks the form (spec §5) and moves on to the pay password. */
  next(): Result<void, AppError> {
    const { isGroup, amount, count, message } = this.state;
    const valid = validateRedPacket(
      { isGroup, amount, ...(isGroup ? { count } : {}), message },
      this.settings.snapshot.locale,
    );
    this.amountErrorPerPacket = !valid.ok && AMOUNT_PER_PACKET_ERRORS.has(valid.error.i18nKey);
    if (!valid.ok) {
      const field: RedPacketField = valid.error.field === 'redPacketCount' ? 'count' : 'amount';
      this.patch({ errors: { [field]: errorText(valid.error) } });
      return valid;
    }
    this.patch({ step: 'pin', pin: '', errors: {} });
    return ok(undefined);
  }

  back(): void {
    this.patch({ step: 'form', pin: '', errors: {} });
  }

  /** Sets the pay password from the boxes; the sixth digit sends. */
  async setPin(input: string): Promise<Result<Message, AppError> | undefined> {
    if (this.state.busy || this.state.sent) return undefined;
    const pin = pinDigits(input);
    this.patch({ pin, errors: this.without('pin') });
    return pin.length === PAY_PASSWORD_LENGTH ? this.send() : undefined;
  }

  async send(): Promise<Result<Message, AppError>> {
    const conversation = RedPacketSendViewModel.find(this.conversations, this.conversationID);
    if (conversation === undefined) return err(stateFailure('conversation not loaded'));
    if (this.state.busy || this.state.sent) return err(stateFailure('busy'));
    const { isGroup, amount, count, message, pin } = this.state;
    this.patch({ busy: true, errors: {} });
    const sent = await this.wallet.sendRedPacket(conversation, {
      amount,
      ...(isGroup ? { count } : {}),
      message,
      pin,
    });
    if (sent.ok) {
      this.patch({ busy: false, sent: true });
      return sent;
    }
    const error = sent.error;
    const text = errorText(error);
    if (error.kind === 'remote' && error.code === WALLET_ERROR.insufficientBalance) {
      // Nothing the pay password can fix: back to the amount.
      this.patch({ busy: false, step: 'form', pin: '', errors: { amount: text } });
    } else {
      this.patch({ busy: false, pin: '', errors: { pin: text } });
    }
    return sent;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const redPacketSendViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new RedPacketSendViewModel(conversationID, s.conversations, s.wallet, s.settings),
);
