import type { TranslatableText } from '../i18n/translate';

/**
 * Wallet error codes of the local server (chat-and-wallet-api.md §6.2). Their texts are in the error
 * catalogue (`errors/server-errors.ts`); here the codes only decide which state a red packet is in.
 */
export const WALLET_ERROR = {
  insufficientBalance: 21001,
  payPasswordNotSet: 21002,
  payPasswordWrong: 21003,
  payPasswordLocked: 21004,
  redPacketNotFound: 21005,
  redPacketExpired: 21006,
  redPacketAlreadyClaimed: 21007,
  redPacketEmpty: 21008,
  redPacketNotEligible: 21009,
} as const;

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
