import { MUTE_DURATIONS_SECONDS, PERMANENT_MUTE_SECONDS } from '../constants';
import type { GroupMember } from '../entities/group';
import type { Locale } from '../entities/settings';
import { translate } from '../i18n/translate';
import type { TranslatableText } from '../i18n/translate';

/** §4 A member is muted while muteEndTime is later than now. */
export function isMemberMuted(member: Pick<GroupMember, 'muteEndTime'>, nowMs: number): boolean {
  return member.muteEndTime > nowMs;
}

/** Milliseconds of mute left (0 when not muted). */
export function remainingMuteMs(member: Pick<GroupMember, 'muteEndTime'>, nowMs: number): number {
  return Math.max(0, member.muteEndTime - nowMs);
}

/** §4 Unmuting is a mute of 0 seconds. */
export const UNMUTE_SECONDS = 0;

/** The muteEndTime a mute of `seconds` starting at `nowMs` gives. */
export function muteEndTimeAfter(nowMs: number, seconds: number): number {
  return nowMs + seconds * 1000;
}

export function isPermanentMute(seconds: number): boolean {
  return seconds >= PERMANENT_MUTE_SECONDS;
}

/** A duration as a label: "5 minutes", "1 hour", "7 days", "Permanent". */
export function muteDurationText(seconds: number): TranslatableText {
  if (isPermanentMute(seconds)) return { i18nKey: 'duration.permanent' };
  if (seconds > 0 && seconds % 86_400 === 0) {
    const count = seconds / 86_400;
    return { i18nKey: count === 1 ? 'duration.day' : 'duration.days', params: { count } };
  }
  if (seconds > 0 && seconds % 3_600 === 0) {
    const count = seconds / 3_600;
    return { i18nKey: count === 1 ? 'duration.hour' : 'duration.hours', params: { count } };
  }
  if (seconds > 0 && seconds % 60 === 0) {
    const count = seconds / 60;
    return { i18nKey: count === 1 ? 'duration.minute' : 'duration.minutes', params: { count } };
  }
  return { i18nKey: 'duration.seconds', params: { count: seconds } };
}

export function formatMuteDuration(seconds: number, locale: Locale): string {
  const text = muteDurationText(seconds);
  return translate(locale, text.i18nKey, text.params);
}

export interface MuteDurationOption {
  readonly seconds: number;
  readonly label: TranslatableText;
}

/** §4 The fixed mute choices, then permanent. */
export const MUTE_DURATION_OPTIONS: readonly MuteDurationOption[] = [
  ...MUTE_DURATIONS_SECONDS.map((seconds) => ({ seconds, label: muteDurationText(seconds) })),
  { seconds: PERMANENT_MUTE_SECONDS, label: muteDurationText(PERMANENT_MUTE_SECONDS) },
];
