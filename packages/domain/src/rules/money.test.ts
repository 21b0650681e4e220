import { describe, expect, it } from 'vitest';
import { BalanceLogType } from '../entities/wallet';
import { balanceLogTypeKey, formatCentsAsYuan, isValidCents, parseYuanToCents } from './money';

describe('§9 Money in integer cents with yuan display', () => {
  it('§9 balance shows yuan with two decimals', () => {
    expect(formatCentsAsYuan(12345)).toBe('123.45');
    expect(formatCentsAsYuan(5)).toBe('0.05');
    expect(formatCentsAsYuan(0)).toBe('0.00');
    expect(formatCentsAsYuan(-250)).toBe('-2.50');
    expect(formatCentsAsYuan(250, { signed: true })).toBe('+2.50');
    expect(formatCentsAsYuan(0, { signed: true })).toBe('0.00');
    expect(formatCentsAsYuan(-1, { signed: true })).toBe('-0.01');
  });

  it('§9 rejects amounts that are not whole cents', () => {
    expect(() => formatCentsAsYuan(1.5)).toThrow(RangeError);
    expect(isValidCents(2 ** 53)).toBe(false);
    expect(isValidCents(100)).toBe(true);
  });

  it('§3 parses typed yuan into cents without floating-point error', () => {
    expect(parseYuanToCents('0.1')).toEqual({ ok: true, value: 10 });
    expect(parseYuanToCents('19.99')).toEqual({ ok: true, value: 1999 });
    expect(parseYuanToCents(' 12 ')).toEqual({ ok: true, value: 1200 });
    expect(parseYuanToCents('12.')).toEqual({ ok: true, value: 1200 });
    expect(parseYuanToCents('.5')).toEqual({ ok: true, value: 50 });
    expect(parseYuanToCents('.05')).toEqual({ ok: true, value: 5 });
    for (const input of ['.555', 'a.5', '.55x', '.']) {
      expect(parseYuanToCents(input)).toEqual({ ok: false, error: 'invalid' });
    }
    expect(() => formatCentsAsYuan(1.5)).toThrow('not a whole number of cents: 1.5');
    expect(parseYuanToCents('')).toEqual({ ok: false, error: 'empty' });
    for (const bad of ['1.234', '-1', '1e2', 'abc', '1,5', '.', '99999999999999999999']) {
      expect(parseYuanToCents(bad)).toEqual({ ok: false, error: 'invalid' });
    }
  });

  it('§3 ledger types: 0 system, 1 red packet, 2 withdrawal, 3 top-up, else unknown', () => {
    expect(balanceLogTypeKey(BalanceLogType.System)).toBe('wallet.type.system');
    expect(balanceLogTypeKey(BalanceLogType.RedPacket)).toBe('wallet.type.redPacket');
    expect(balanceLogTypeKey(BalanceLogType.Withdrawal)).toBe('wallet.type.withdrawal');
    expect(balanceLogTypeKey(BalanceLogType.TopUp)).toBe('wallet.type.topUp');
    expect(balanceLogTypeKey(7)).toBe('wallet.type.unknown');
  });
});
