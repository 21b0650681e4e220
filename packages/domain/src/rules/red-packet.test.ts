import { describe, expect, it } from 'vitest';
import {
  isRedPacketExpired,
  isRedPacketOpened,
  RED_PACKET_EXPIRY_MS,
  RED_PACKET_OPENED_MARK,
  redPacketExpiresAt,
  redPacketOutcomeOf,
  redPacketLifetimeText,
  validateRedPacket,
} from './red-packet';
import { WALLET_ERROR } from './wallet';

const fail = (field: string, i18nKey: string) => ({
  ok: false,
  error: { kind: 'validation', field, i18nKey },
});
const countInvalid = fail('redPacketCount', 'validation.redPacket.countInvalid');

describe('§5 Red packet', () => {
  it('§5 the amount is required', () => {
    expect(validateRedPacket({ isGroup: false, amount: ' ' }, 'zh-CN')).toEqual(
      fail('redPacketAmount', 'validation.redPacket.amountRequired'),
    );
  });

  it('§5 the amount must be a positive number with at most two decimals', () => {
    for (const amount of ['0', '0.00', '1.234', 'abc']) {
      expect(validateRedPacket({ isGroup: false, amount }, 'zh-CN')).toEqual(
        fail('redPacketAmount', 'validation.redPacket.amountInvalid'),
      );
    }
  });

  it('§5 in groups the number is also required, and must be a positive whole number', () => {
    expect(validateRedPacket({ isGroup: true, amount: '10' }, 'zh-CN')).toEqual(
      fail('redPacketCount', 'validation.redPacket.countRequired'),
    );
    for (const count of ['0', '-1', '1.5', 'x']) {
      expect(validateRedPacket({ isGroup: true, amount: '10', count }, 'zh-CN')).toEqual(
        fail('redPacketCount', 'validation.redPacket.countInvalid'),
      );
    }
    expect(validateRedPacket({ isGroup: true, amount: '0.02', count: '3' }, 'zh-CN')).toEqual(
      fail('redPacketAmount', 'validation.redPacket.amountTooSmall'),
    );
  });

  it('§5 each share gets at least one cent: exactly one cent per share is accepted', () => {
    expect(validateRedPacket({ isGroup: true, amount: '0.03', count: '3' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 3, num: 3, message: 'Good fortune and best wishes' },
    });
    expect(validateRedPacket({ isGroup: false, amount: '0.01' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 1, num: 1, message: 'Good fortune and best wishes' },
    });
  });

  it('§5 share counts of ten or more are whole numbers like any other', () => {
    expect(validateRedPacket({ isGroup: true, amount: '12', count: ' 10 ', message: 'hi' }, 'en-US')).toEqual(
      {
        ok: true,
        value: { amountCents: 1200, num: 10, message: 'hi' },
      },
    );
    expect(validateRedPacket({ isGroup: true, amount: '1', count: '100', message: 'hi' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 100, num: 100, message: 'hi' },
    });
    expect(validateRedPacket({ isGroup: true, amount: '0.99', count: '100' }, 'en-US')).toEqual(
      fail('redPacketAmount', 'validation.redPacket.amountTooSmall'),
    );
    for (const count of ['1 0', '10x', 'x10', '99999999999999999999']) {
      expect(validateRedPacket({ isGroup: true, amount: '10', count }, 'en-US')).toEqual(
        fail('redPacketCount', 'validation.redPacket.countInvalid'),
      );
    }
  });

  it('§5 the message defaults to the good-fortune greeting', () => {
    expect(validateRedPacket({ isGroup: true, amount: '10.5', count: '3', message: ' ' }, 'zh-CN')).toEqual({
      ok: true,
      value: { amountCents: 1050, num: 3, message: '恭喜发财，大吉大利' },
    });
    expect(validateRedPacket({ isGroup: false, amount: '1', count: '9' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 100, num: 1, message: 'Good fortune and best wishes' },
    });
    expect(validateRedPacket({ isGroup: false, amount: '1', message: ' Happy birthday ' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 100, num: 1, message: 'Happy birthday' },
    });
  });
});

describe('§5 red packet share count: digits only, at least one', () => {
  it('a group red packet of a single share is allowed', () => {
    expect(validateRedPacket({ isGroup: true, amount: '0.01', count: '1', message: 'hi' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 1, num: 1, message: 'hi' },
    });
    expect(validateRedPacket({ isGroup: true, amount: '5', count: '2', message: 'hi' }, 'en-US')).toEqual({
      ok: true,
      value: { amountCents: 500, num: 2, message: 'hi' },
    });
  });

  it('a count that JavaScript reads as a number but is not plain digits is refused', () => {
    for (const count of ['+5', '1e1', '5.0', '10.', '0x10', '0b11', '5 5']) {
      expect(validateRedPacket({ isGroup: true, amount: '100', count }, 'en-US'), count).toEqual(
        countInvalid,
      );
    }
  });
});

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

describe('§4 an opened red packet', () => {
  it('is marked is_get_redbag in the local extra', () => {
    expect(RED_PACKET_OPENED_MARK).toBe('is_get_redbag');
    expect(isRedPacketOpened({ localEx: 'is_get_redbag' })).toBe(true);
    expect(isRedPacketOpened({})).toBe(false);
  });
});
