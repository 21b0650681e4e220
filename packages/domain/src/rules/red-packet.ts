import { validationError } from '../errors/domain-errors';
import type { ValidationError } from '../errors/domain-errors';
import type { Locale } from '../entities/settings';
import { translate } from '../i18n/translate';
import { err, ok } from '../result';
import type { Result } from '../result';
import { parseYuanToCents } from './money';

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
