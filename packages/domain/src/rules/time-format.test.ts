import { describe, expect, it } from 'vitest';
import {
  calendarDayNumber,
  formatCalendarDate,
  formatCallTimer,
  formatClock,
  formatRecentTime,
  recentTimeChangesAt,
  trimBalanceTime,
} from './time-format';
import { isRedPacketExpired, redPacketExpiresAt } from './red-packet';

const SHANGHAI = 480;
// Sunday 22 November 2026, half past ten in the morning in Shanghai.
const now = Date.UTC(2026, 10, 22, 2, 30);
const at = (day: number, hours: number, minutes: number) => Date.UTC(2026, 10, day, hours - 8, minutes);

describe('§9 Recent-time display', () => {
  const zh = { nowMs: now, utcOffsetMinutes: SHANGHAI, locale: 'zh-CN' as const };
  const en = { ...zh, locale: 'en-US' as const };

  it("§9 within a minute shows 'just now' (also for clock skew into the future)", () => {
    expect(formatRecentTime(now - 59_000, en)).toBe('Just now');
    expect(formatRecentTime(now - 59_000, zh)).toBe('刚刚');
    expect(formatRecentTime(now + 5_000, en)).toBe('Just now');
  });

  it('§9 the same day and the day before show calendar text', () => {
    expect(formatRecentTime(now - 60_000, en)).toBe('Today 10:29');
    expect(formatRecentTime(at(22, 0, 5), zh)).toBe('今天 00:05');
    expect(formatRecentTime(at(21, 23, 59), en)).toBe('Yesterday 23:59');
    expect(formatRecentTime(at(21, 8, 0), zh)).toBe('昨天 08:00');
  });

  it('§9 under 7 days shows the weekday and time', () => {
    expect(formatRecentTime(at(20, 9, 15), en)).toBe('Friday 09:15');
    expect(formatRecentTime(at(16, 18, 0), zh)).toBe('星期一 18:00');
  });

  it('§9 otherwise M/D HH:mm', () => {
    expect(formatRecentTime(at(15, 7, 5), en)).toBe('11/15 07:05');
    expect(formatRecentTime(Date.UTC(2025, 0, 2, 4, 0), zh)).toBe('1/2 12:00');
  });

  it('§9 calendar days follow the given time zone, not UTC', () => {
    // 23:30 UTC on the 21st is 07:30 on the 22nd in Shanghai: today, not yesterday.
    expect(formatRecentTime(Date.UTC(2026, 10, 21, 23, 30), en)).toBe('Today 07:30');
    expect(formatRecentTime(Date.UTC(2026, 10, 21, 23, 30), { ...en, utcOffsetMinutes: 0 })).toBe(
      'Yesterday 23:30',
    );
    expect(calendarDayNumber(0, 0)).toBe(0);
    expect(calendarDayNumber(-1, 0)).toBe(-1);
    expect(formatClock(Date.UTC(2026, 0, 1, 0, 7), -300)).toBe('19:07');
  });
});

describe('When a recent-time text can change (so that a clock tick re-formats only those)', () => {
  const zh = { nowMs: now, utcOffsetMinutes: SHANGHAI, locale: 'zh-CN' as const };
  const midnight = at(23, 0, 0);

  it('"just now" until a minute after the message, then at the next local midnight', () => {
    expect(recentTimeChangesAt(now - 59_000, zh)).toBe(now + 1_000);
    expect(recentTimeChangesAt(now + 5_000, zh)).toBe(now + 65_000);
    expect(recentTimeChangesAt(now - 60_000, zh)).toBe(midnight);
    expect(recentTimeChangesAt(at(16, 18, 0), zh)).toBe(midnight);
    // Midnight of the given zone, not of UTC (four in the afternoon UTC is midnight in Shanghai).
    expect(midnight).toBe(Date.UTC(2026, 10, 22, 16, 0));
    expect(recentTimeChangesAt(now - 60_000, { ...zh, utcOffsetMinutes: -300 })).toBe(
      Date.UTC(2026, 10, 22, 5, 0),
    );
    // At midnight itself the next change is a day later.
    expect(recentTimeChangesAt(at(20, 9, 15), { ...zh, nowMs: midnight })).toBe(midnight + 86_400_000);
  });

  it('the text reads the same from now until that instant, and differs there', () => {
    for (const message of [
      now - 30_000,
      now - 60_000,
      at(22, 0, 5),
      at(21, 23, 59),
      at(16, 18, 0),
      at(15, 7, 5),
    ]) {
      const changesAt = recentTimeChangesAt(message, zh);
      const text = formatRecentTime(message, zh);
      for (const later of [now + 1, (now + changesAt) / 2, changesAt - 1]) {
        expect(formatRecentTime(message, { ...zh, nowMs: Math.floor(later) })).toBe(text);
      }
      // Every case but the 8-day-old one (a date, which no midnight changes) reads differently then.
      if (message !== at(15, 7, 5))
        expect(formatRecentTime(message, { ...zh, nowMs: changesAt })).not.toBe(text);
    }
  });

  it('a red packet expires exactly when isRedPacketExpired turns true; an unknown send time never', () => {
    const expiresAt = redPacketExpiresAt(now);
    expect(isRedPacketExpired(now, expiresAt - 1)).toBe(false);
    expect(isRedPacketExpired(now, expiresAt)).toBe(true);
    expect(redPacketExpiresAt(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('§2/§9 Other time formats', () => {
  it('§2 birth and creation dates read YYYY/M/D; 0 is unknown', () => {
    expect(formatCalendarDate(Date.UTC(1990, 4, 6, 20, 0), SHANGHAI)).toBe('1990/5/7');
    expect(formatCalendarDate(0, SHANGHAI)).toBe('');
    expect(formatCalendarDate(Number.NaN, SHANGHAI)).toBe('');
  });

  it('§9 balance detail times are trimmed to 16 characters', () => {
    expect(trimBalanceTime('2026-11-22 10:30:59')).toBe('2026-11-22 10:30');
    expect(trimBalanceTime('short')).toBe('short');
  });

  it('§2 the call timer is minutes:seconds with two digits each', () => {
    expect(formatCallTimer(0)).toBe('00:00');
    expect(formatCallTimer(65.9)).toBe('01:05');
    expect(formatCallTimer(3599)).toBe('59:59');
    expect(formatCallTimer(6000)).toBe('100:00');
    expect(formatCallTimer(-3)).toBe('00:00');
  });
});
