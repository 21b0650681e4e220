import { describe, expect, it } from 'vitest';
import { validateRedPacket } from './red-packet';

const countInvalid = {
  ok: false,
  error: { kind: 'validation', field: 'redPacketCount', i18nKey: 'validation.redPacket.countInvalid' },
};

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
