/** Amounts: yuan or cents to whole cents, and the random split of a red packet into shares. */
import { randomInt } from 'node:crypto';
import { ErrCode, walletError } from './errors';

/** Converts the client's amount to integer cents; never rounds silently. */
export function toCents(amount: number | string, unit: 'cents' | 'yuan'): number {
  const text = typeof amount === 'number' ? String(amount) : amount;
  if (unit === 'cents') {
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n <= 0)
      throw walletError(ErrCode.InvalidAmount, 'the amount must be a whole number of cents');
    return n;
  }
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw walletError(ErrCode.InvalidAmount, 'the amount must have at most two decimals');
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw walletError(ErrCode.InvalidAmount, 'the amount must be positive');
  return cents;
}

/**
 * "Double the mean" split: each share but the last is random in [1, min(2*mean, what leaves a cent
 * for every later share)]; the last takes the rest. The sum is exact and every share is >= 1 cent.
 */
export function splitAmount(total: number, num: number): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(num) || num < 1 || total < num)
    throw new Error('invalid split');
  const shares: number[] = [];
  let remaining = total;
  for (let left = num; left > 1; left--) {
    const max = Math.min(Math.floor((2 * remaining) / left), remaining - (left - 1));
    const share = max <= 1 ? 1 : randomInt(1, max + 1);
    shares.push(share);
    remaining -= share;
  }
  shares.push(remaining);
  // Shuffle so the order of claims does not predict the size of the share.
  for (let i = shares.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [shares[i], shares[j]] = [shares[j]!, shares[i]!];
  }
  return shares;
}
