import type { Meeting } from '../entities/meeting';
import { jsonProperties } from './json';

/*
 * What a device keeps of the meeting its user is in, so that the end is still posted when the page dies
 * with its user alone in the room (a closed tab, a crash): nobody else is left to post it. Like an outbox,
 * the record is written while in the room, removed on an orderly leave, and acted on by the user's next
 * session.
 */

/** The user's stay in a meeting's room, as last written. */
export interface MeetingStayRecord {
  readonly meetingID: string;
  /** Where the user joined from: where the end is posted. */
  readonly conversationID: string;
  /** The others in the room at the last look, those that said they were leaving not counted. */
  readonly others: number;
  /** Everyone seen in the room during the stay, the own user included. */
  readonly seen: readonly string[];
  readonly joinedAt: number;
  /** When the record was last written: the latest the user is known to have been in the room. */
  readonly updatedAt: number;
}

/** How often the record is written while nothing else changes, so its time stays close to the last moment in. */
export const MEETING_STAY_REFRESH_MS = 30_000;

/**
 * How old a record must be for no page to be in its room any more: a page in the room writes it every
 * {@link MEETING_STAY_REFRESH_MS}, so one left twice that long belongs to a page that died (and not to
 * another tab of the same user still in the meeting).
 */
export const MEETING_STAY_ABANDONED_MS = 2 * MEETING_STAY_REFRESH_MS;

/** Whether the page that wrote the record has stopped keeping it, as of `now`. */
export function isMeetingStayAbandoned(record: MeetingStayRecord, now: number): boolean {
  return now - record.updatedAt >= MEETING_STAY_ABANDONED_MS;
}

/** The local storage key of a user's stay (one meeting at a time). */
export function meetingStayStorageKey(userID: string): string {
  return `IM_MEETING_STAY_${userID}`;
}

export function serializeMeetingStay(record: MeetingStayRecord): string {
  return JSON.stringify(record);
}

function isID(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= 128;
}

function isTime(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** The stored record, read defensively: anything out of shape counts as none. */
export function parseMeetingStay(stored: string | undefined): MeetingStayRecord | undefined {
  if (stored === undefined) return undefined;
  const { meetingID, conversationID, others, seen, joinedAt, updatedAt } = jsonProperties(stored);
  if (!isID(meetingID) || !isID(conversationID) || !isTime(joinedAt) || !isTime(updatedAt)) return undefined;
  if (!Number.isSafeInteger(others) || (others as number) < 0) return undefined;
  if (!Array.isArray(seen) || !seen.every(isID)) return undefined;
  return {
    meetingID,
    conversationID,
    others: others as number,
    seen: [...new Set(seen)],
    joinedAt,
    updatedAt,
  };
}

/** The `ended` update a next session posts for a stay its page never left. */
export interface RecoveredMeetingEnd {
  readonly at: number;
  readonly participantUserIDs: readonly string[];
  readonly durationSeconds: number;
}

/**
 * The end a next session posts for a stay its page never left: only when the user was alone in the room
 * at the last look (with others there, the last of them posts it) and nobody has posted one since. It
 * ended at the record's last write, having run from the meeting's start (or the user's join, if earlier).
 */
export function recoveredMeetingEnd(
  record: MeetingStayRecord,
  meeting: Meeting | undefined,
  selfUserID: string,
): RecoveredMeetingEnd | undefined {
  if (record.others !== 0 || meeting === undefined) return undefined;
  if (meeting.endedAt !== undefined || meeting.cancelled) return undefined;
  const startedAt = Math.min(meeting.startedAt ?? record.joinedAt, record.joinedAt);
  return {
    at: record.updatedAt,
    participantUserIDs: [...new Set([...record.seen, selfUserID])],
    durationSeconds: Math.max(0, Math.round((record.updatedAt - startedAt) / 1000)),
  };
}
