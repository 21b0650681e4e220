import { BALANCE_DISPLAY } from '../constants';
import { BalanceLogType } from '../entities/wallet';
import type { I18nKey } from '../i18n/messages';
import { err, ok } from '../result';
import type { Result } from '../result';

/**
 * Money is integer cents everywhere (§3 balance in cents; §9 display in yuan with two decimals).
 * Conversions are done on digit strings, never with floating-point multiplication.
 */

export function isValidCents(value: number): boolean {
  return Number.isSafeInteger(value);
}

/** "1234" cents → "12.34"; negative amounts keep their sign; `signed` adds "+" to positive ones. */
export function formatCentsAsYuan(cents: number, options: { readonly signed?: boolean } = {}): string {
  if (!isValidCents(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const yuan = Math.floor(abs / BALANCE_DISPLAY.centsPerYuan);
  const rest = String(abs % BALANCE_DISPLAY.centsPerYuan).padStart(BALANCE_DISPLAY.decimals, '0');
  const sign = negative ? '-' : options.signed === true && abs > 0 ? '+' : '';
  return `${sign}${yuan}.${rest}`;
}

export type MoneyParseError = 'empty' | 'invalid';

/**
 * A yuan amount typed by the user ("12", "12.3", "12.34") in cents. At most two decimals, no sign,
 * no exponent; the result must be a safe integer.
 */
export function parseYuanToCents(input: string): Result<number, MoneyParseError> {
  const trimmed = input.trim();
  if (trimmed === '') return err('empty');
  const match = /^([0-9]+)(?:\.([0-9]{0,2}))?$/.exec(trimmed) ?? /^()\.([0-9]{1,2})$/.exec(trimmed);
  if (match === null) return err('invalid');
  // The whole part is '' for ".5", and Number('') is 0.
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(match[1]) * BALANCE_DISPLAY.centsPerYuan + Number(fraction);
  return Number.isSafeInteger(cents) ? ok(cents) : err('invalid');
}

/** The label of a ledger record type (0 system, 1 red packet, 2 withdrawal, 3 top-up, else unknown). */
export function balanceLogTypeKey(type: number): I18nKey {
  switch (type) {
    case BalanceLogType.System:
      return 'wallet.type.system';
    case BalanceLogType.RedPacket:
      return 'wallet.type.redPacket';
    case BalanceLogType.Withdrawal:
      return 'wallet.type.withdrawal';
    case BalanceLogType.TopUp:
      return 'wallet.type.topUp';
    default:
      return 'wallet.type.unknown';
  }
}
