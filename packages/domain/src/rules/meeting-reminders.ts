import type { Meeting } from '../entities/meeting';
import { jsonProperties } from './json';

/**
 * How long after a meeting's planned end the device still remembers it reminded the user. Past it no
 * reminder can come again (one counts only briefly after the start), so the entry only takes room.
 */
export const REMINDED_MEETINGS_KEPT_MS = 24 * 60 * 60_000;

/** The most reminded meetings a device remembers per user (the latest to end), whatever their times. */
export const REMINDED_MEETINGS_KEPT = 200;

/**
 * Local storage: the meetings whose start this device has reminded the user of, per user, as a JSON
 * object of meeting id to the meeting's planned end (ms). Shared by the tabs of one browser and kept
 * across sign-ins, so a reminder comes once per meeting on a device, not once per session.
 */
export function remindedMeetingsStorageKey(userID: string): string {
  return `IM_MEETINGS_REMINDED_${userID}`;
}

/** The stored entries, read defensively: anything but an id with a time counts as absent. */
function parseReminded(stored: string | undefined): Map<string, number> {
  const entries = new Map<string, number>();
  if (stored === undefined) return entries;
  for (const [meetingID, endsAt] of Object.entries(jsonProperties(stored))) {
    if (meetingID !== '' && Number.isSafeInteger(endsAt)) entries.set(meetingID, endsAt as number);
  }
  return entries;
}

export function wasMeetingReminded(stored: string | undefined, meetingID: string): boolean {
  return parseReminded(stored).has(meetingID);
}

/** The planned end of a meeting: its start plus its duration. */
export function meetingPlannedEnd(meeting: Pick<Meeting, 'startTime' | 'durationMinutes'>): number {
  return meeting.startTime + meeting.durationMinutes * 60_000;
}

/**
 * What to store once the user was reminded of `meetingID`: the entries kept so far plus this one,
 * without the meetings that ended long ago, and at most {@link REMINDED_MEETINGS_KEPT} of them.
 */
export function rememberMeetingReminded(
  stored: string | undefined,
  meetingID: string,
  endsAt: number,
  now: number,
): string {
  const entries = parseReminded(stored);
  entries.set(meetingID, endsAt);
  const kept = [...entries]
    .filter(([, end]) => end + REMINDED_MEETINGS_KEPT_MS >= now)
    .sort((a, b) => b[1] - a[1])
    .slice(0, REMINDED_MEETINGS_KEPT);
  return JSON.stringify(Object.fromEntries(kept));
}
