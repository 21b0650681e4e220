import { BALANCE_DISPLAY, RECENT_TIME } from '../constants';
import type { Locale } from '../entities/settings';
import type { I18nKey } from '../i18n/messages';
import { translate } from '../i18n/translate';
import { calendarDayNumber, nextDayStartMs } from './calendar-day';

export { calendarDayNumber };

/**
 * Time display. Rules never read the clock or the host time zone: callers pass `nowMs` and the
 * user's UTC offset in minutes (east positive, e.g. +480 for China), so results are deterministic.
 */

const MS_PER_MINUTE = 60_000;

export interface TimeContext {
  readonly nowMs: number;
  readonly utcOffsetMinutes: number;
  readonly locale: Locale;
}

interface CalendarParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly weekday: number;
}

function localParts(timestampMs: number, utcOffsetMinutes: number): CalendarParts {
  const shifted = new Date(timestampMs + utcOffsetMinutes * MS_PER_MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "HH:mm" (24 hours). */
export function formatClock(timestampMs: number, utcOffsetMinutes: number): string {
  const parts = localParts(timestampMs, utcOffsetMinutes);
  return `${pad2(parts.hours)}:${pad2(parts.minutes)}`;
}

/**
 * §9 Recent-time display: within a minute "just now"; within the last 7 calendar days a calendar
 * text (today / yesterday / weekday, with the time); otherwise "M/D HH:mm". Times in the future
 * (clock skew) count as just now.
 */
export function formatRecentTime(timestampMs: number, context: TimeContext): string {
  const { nowMs, utcOffsetMinutes, locale } = context;
  if (nowMs - timestampMs < RECENT_TIME.justNowWithinMs) return translate(locale, 'time.justNow');
  const time = formatClock(timestampMs, utcOffsetMinutes);
  const daysAgo =
    calendarDayNumber(nowMs, utcOffsetMinutes) - calendarDayNumber(timestampMs, utcOffsetMinutes);
  if (daysAgo === 0) return translate(locale, 'time.today', { time });
  if (daysAgo === 1) return translate(locale, 'time.yesterday', { time });
  const parts = localParts(timestampMs, utcOffsetMinutes);
  if (daysAgo < RECENT_TIME.calendarWithinDays) {
    const weekday = translate(locale, `time.weekday.${parts.weekday}` as I18nKey);
    return translate(locale, 'time.weekdayTime', { weekday, time });
  }
  return translate(locale, 'time.monthDayTime', { month: parts.month, day: parts.day, time });
}

/**
 * The first instant after `nowMs` at which `formatRecentTime(timestampMs, …)` may read differently: the
 * end of "just now", else the next local midnight (today, yesterday, the weekday and the 7 days all move
 * then). Views of a long history re-format only the times that can have changed.
 */
export function recentTimeChangesAt(
  timestampMs: number,
  context: Pick<TimeContext, 'nowMs' | 'utcOffsetMinutes'>,
): number {
  const { nowMs, utcOffsetMinutes } = context;
  const justNowEnds = timestampMs + RECENT_TIME.justNowWithinMs;
  return nowMs < justNowEnds ? justNowEnds : nextDayStartMs(nowMs, utcOffsetMinutes);
}

/** §2 User card birth and group card creation date: "YYYY/M/D". Returns '' for 0 (unknown). */
export function formatCalendarDate(timestampMs: number, utcOffsetMinutes: number): string {
  if (timestampMs === 0 || !Number.isFinite(timestampMs)) return '';
  const parts = localParts(timestampMs, utcOffsetMinutes);
  return `${parts.year}/${parts.month}/${parts.day}`;
}

/** §9 Balance detail times are the server text trimmed to 16 characters ("YYYY-MM-DD HH:mm"). */
export function trimBalanceTime(createTime: string): string {
  return createTime.slice(0, BALANCE_DISPLAY.timeLength);
}

/** §2 Call timer: minutes:seconds, both at least two digits. */
export function formatCallTimer(elapsedSeconds: number): string {
  const total = Math.max(0, Math.floor(elapsedSeconds));
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`;
}
