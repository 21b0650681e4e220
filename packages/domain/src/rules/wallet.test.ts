import { describe, expect, it } from 'vitest';
import {
  isRedPacketExpired,
  RED_PACKET_EXPIRY_MS,
  redPacketExpiresAt,
  redPacketOutcomeOf,
  redPacketLifetimeText,
  WALLET_ERROR,
} from './wallet';

describe('Red packet (chat-and-wallet-api.md §6.2): the state a failed open leaves it in', () => {
  it('already claimed by this user, all claimed and expired each have their own state', () => {
    expect(redPacketOutcomeOf(21007)).toBe('alreadyOpened');
    expect(redPacketOutcomeOf(21008)).toBe('allClaimed');
    expect(redPacketOutcomeOf(21006)).toBe('expired');
  });

  it('every other wallet code, and any unknown code, is a plain failure', () => {
    const others = [21001, 21002, 21003, 21004, 21005, 21009, 0, 500, 1501, 21010];
    for (const code of others) expect(redPacketOutcomeOf(code), String(code)).toBe('failed');
  });

  it('the codes are those of the local server (chat-and-wallet-api.md §6.2)', () => {
    expect(WALLET_ERROR).toEqual({
      insufficientBalance: 21001,
      payPasswordNotSet: 21002,
      payPasswordWrong: 21003,
      payPasswordLocked: 21004,
      redPacketNotFound: 21005,
      redPacketExpired: 21006,
      redPacketAlreadyClaimed: 21007,
      redPacketEmpty: 21008,
      redPacketNotEligible: 21009,
    });
  });
});

describe('Red packets expire 24 hours after sending (the default of the local server)', () => {
  const sentAt = Date.UTC(2026, 10, 24, 9, 30);
  const day = 86_400_000;

  it('the expiry is exactly one day in milliseconds', () => {
    expect(RED_PACKET_EXPIRY_MS).toBe(day);
    expect(redPacketExpiresAt(sentAt)).toBe(sentAt + day);
  });

  it('a packet is open until the last millisecond of its day and expired from then on', () => {
    expect(isRedPacketExpired(sentAt, sentAt)).toBe(false);
    expect(isRedPacketExpired(sentAt, sentAt + day - 1)).toBe(false);
    expect(isRedPacketExpired(sentAt, sentAt + day)).toBe(true);
    expect(isRedPacketExpired(sentAt, sentAt + 3 * day)).toBe(true);
  });

  it('a packet whose send time is unknown (0) never shows as expired', () => {
    expect(isRedPacketExpired(0, sentAt)).toBe(false);
    expect(isRedPacketExpired(0, day)).toBe(false);
    expect(redPacketExpiresAt(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the lifetime of a red packet as the server states it', () => {
  it('whole hours in hours, else minutes, else seconds', () => {
    expect(redPacketLifetimeText(86_400)).toEqual({ i18nKey: 'duration.hours', params: { count: 24 } });
    expect(redPacketLifetimeText(3_600)).toEqual({ i18nKey: 'duration.hour', params: { count: 1 } });
    expect(redPacketLifetimeText(7_200)).toEqual({ i18nKey: 'duration.hours', params: { count: 2 } });
    expect(redPacketLifetimeText(5_400)).toEqual({ i18nKey: 'duration.minutes', params: { count: 90 } });
    expect(redPacketLifetimeText(60)).toEqual({ i18nKey: 'duration.minute', params: { count: 1 } });
    expect(redPacketLifetimeText(45)).toEqual({ i18nKey: 'duration.seconds', params: { count: 45 } });
  });
});
