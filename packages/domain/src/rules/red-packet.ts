import { validationError } from '../errors/domain-errors';
import type { ValidationError } from '../errors/domain-errors';
import type { Locale } from '../entities/settings';
import { translate, type TranslatableText } from '../i18n/translate';
import { err, ok } from '../result';
import type { Result } from '../result';
import type { Message } from '../entities/message';
import { parseYuanToCents } from './money';
import { WALLET_ERROR } from './wallet';

export interface RedPacketForm {
  /** Group packets need a count; one-to-one packets always have one share. */
  readonly isGroup: boolean;
  /** The total amount as typed, in yuan. */
  readonly amount: string;
  /** The number of packets as typed (groups only). */
  readonly count?: string;
  readonly message?: string;
}

export interface ValidRedPacket {
  readonly amountCents: number;
  readonly num: number;
  readonly message: string;
}

/**
 * §5 Red packet: the amount is required; in groups the number is also required; the message
 * defaults to the good-fortune greeting. Beyond the spec: the amount must be a positive number of
 * cents with at most two decimals, and each share must get at least one cent.
 */
export function validateRedPacket(
  form: RedPacketForm,
  locale: Locale,
): Result<ValidRedPacket, ValidationError> {
  const amount = parseYuanToCents(form.amount);
  if (!amount.ok) {
    return err(
      amount.error === 'empty'
        ? validationError('redPacketAmount', 'validation.redPacket.amountRequired')
        : validationError('redPacketAmount', 'validation.redPacket.amountInvalid'),
    );
  }
  if (amount.value <= 0) return err(validationError('redPacketAmount', 'validation.redPacket.amountInvalid'));
  let num = 1;
  if (form.isGroup) {
    const count = (form.count ?? '').trim();
    if (count === '') return err(validationError('redPacketCount', 'validation.redPacket.countRequired'));
    if (!/^[0-9]+$/.test(count) || Number(count) < 1 || !Number.isSafeInteger(Number(count))) {
      return err(validationError('redPacketCount', 'validation.redPacket.countInvalid'));
    }
    num = Number(count);
  }
  if (amount.value < num)
    return err(validationError('redPacketAmount', 'validation.redPacket.amountTooSmall'));
  const typed = (form.message ?? '').trim();
  const message = typed === '' ? translate(locale, 'message.redPacketDefaultGreeting') : typed;
  return ok({ amountCents: amount.value, num, message });
}

/** What a red packet turned out to be when the user tried to open it. */
export type RedPacketOutcome = 'received' | 'alreadyOpened' | 'allClaimed' | 'expired' | 'failed';

/** The state a failed open leaves the packet in, from the server's code. */
export function redPacketOutcomeOf(code: number): RedPacketOutcome {
  switch (code) {
    case WALLET_ERROR.redPacketAlreadyClaimed:
      return 'alreadyOpened';
    case WALLET_ERROR.redPacketEmpty:
      return 'allClaimed';
    case WALLET_ERROR.redPacketExpired:
      return 'expired';
    default:
      return 'failed';
  }
}

/** Red packets expire 24 h after sending (the server's default; the server decides, this only labels). */
export const RED_PACKET_EXPIRY_MS = 24 * 60 * 60 * 1000;

export function isRedPacketExpired(sendTimeMs: number, nowMs: number): boolean {
  return sendTimeMs > 0 && nowMs - sendTimeMs >= RED_PACKET_EXPIRY_MS;
}

/** When `isRedPacketExpired` turns true for a packet sent then; never for an unknown send time (0). */
export function redPacketExpiresAt(sendTimeMs: number): number {
  return sendTimeMs > 0 ? sendTimeMs + RED_PACKET_EXPIRY_MS : Number.POSITIVE_INFINITY;
}

/**
 * How long a red packet stays open, as the server states it (`expirySeconds` of its detail): whole hours
 * as hours ("24 hours", not "1 day", the way the lifetime is usually said), else minutes, else seconds.
 */
export function redPacketLifetimeText(seconds: number): TranslatableText {
  if (seconds >= 3_600 && seconds % 3_600 === 0) {
    const count = seconds / 3_600;
    return { i18nKey: count === 1 ? 'duration.hour' : 'duration.hours', params: { count } };
  }
  if (seconds >= 60 && seconds % 60 === 0) {
    const count = seconds / 60;
    return { i18nKey: count === 1 ? 'duration.minute' : 'duration.minutes', params: { count } };
  }
  return { i18nKey: 'duration.seconds', params: { count: seconds } };
}

/** localEx mark of a red packet this client opened successfully. */
export const RED_PACKET_OPENED_MARK = 'is_get_redbag';

/** §4 Red packet: a successfully opened packet is marked in the message's local extra. */
export function isRedPacketOpened(message: Pick<Message, 'localEx'>): boolean {
  return message.localEx === RED_PACKET_OPENED_MARK;
}
