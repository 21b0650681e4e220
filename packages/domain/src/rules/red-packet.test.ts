import { describe, expect, it } from 'vitest';
import { validateRedPacket } from './red-packet';

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
