import { jsonProperties } from './json';

/*
 * The meeting room's own rules: how many tiles a page holds, and the messages the room carries besides
 * media (the host ending the meeting for everyone, a participant leaving). They travel as LiveKit data
 * messages, whose sender identity the SFU stamps from the token, so a client cannot pose as another.
 */

/** Tiles on one page of the meeting grid (as Google Meet's and Teams' default layouts). */
export const MEETING_TILES_PER_PAGE = 9;

/** The data message topic of meeting control messages. */
export const MEETING_CONTROL_TOPIC = 'teamim.meeting';

interface MeetingEndSignal {
  readonly type: 'endForAll';
  readonly meetingID: string;
}

export function buildMeetingEndSignal(meetingID: string): string {
  const signal: MeetingEndSignal = { type: 'endForAll', meetingID };
  return JSON.stringify(signal);
}

/** The meeting a control message ends for everyone, or undefined for anything else. */
export function parseMeetingEndSignal(text: string): string | undefined {
  const { type, meetingID } = jsonProperties(text);
  if (type !== 'endForAll' || typeof meetingID !== 'string' || meetingID === '') return undefined;
  return meetingID;
}

interface MeetingLeavingSignal {
  readonly type: 'leaving';
  readonly meetingID: string;
}

/**
 * The message a participant sends as it leaves, before it disconnects: the others count it gone at
 * once, so two who leave together each learn the other is going while still in the room.
 */
export function buildMeetingLeavingSignal(meetingID: string): string {
  const signal: MeetingLeavingSignal = { type: 'leaving', meetingID };
  return JSON.stringify(signal);
}

/** The meeting a control message says its sender is leaving, or undefined for anything else. */
export function parseMeetingLeavingSignal(text: string): string | undefined {
  const { type, meetingID } = jsonProperties(text);
  if (type !== 'leaving' || typeof meetingID !== 'string' || meetingID === '') return undefined;
  return meetingID;
}

/**
 * How long a participant that announced its leave stays in the room (its view already closed) to hear
 * whether the others are leaving too: once every other has gone or announced, it leaves at once. A
 * reliable data message crosses the SFU in well under this, so two who leave within it both learn that
 * nobody stays.
 */
export const MEETING_LEAVE_GRACE_MS = 1_000;

/**
 * How long a meeting room's access (its token), asked for while a meeting the user may join is on
 * screen, is kept for the Join that follows: far within the token's life (an hour, at OpenIM's chat and
 * at ours), which the SFU checks only when the room is joined.
 */
export const MEETING_ACCESS_REUSE_MS = 5 * 60_000;

/**
 * The wait between the posts of the end by participants that left together and each found nobody
 * staying, in the order of their user ids: the first posts at once, each next one only if no end has
 * reached it by its turn, so the chat gets one end, and still gets it if the first could not post.
 * Generous, because the first end has to be sent and pushed to the next page within it: on a starved
 * two-core machine 3 s was not enough and the chat showed the end twice.
 */
export const MEETING_END_STAGGER_MS = 10_000;

/**
 * How long the own user waits before posting the end of a meeting it left as the last one in: its
 * place among `coLeavers` (the others that announced leaving while it was in the room, each of whom
 * may also have found nobody staying) by user id, times {@link MEETING_END_STAGGER_MS}.
 */
export function meetingEndPostDelay(selfUserID: string, coLeavers: readonly string[]): number {
  const before = new Set(coLeavers.filter((userID) => userID < selfUserID && userID !== selfUserID));
  return before.size * MEETING_END_STAGGER_MS;
}

/** How many pages `count` tiles fill (at least one, for the own tile). */
export function meetingPageCount(count: number, perPage = MEETING_TILES_PER_PAGE): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The tiles of page `page` (0-based), the page clamped into range. */
export function meetingPage<T>(
  tiles: readonly T[],
  page: number,
  perPage = MEETING_TILES_PER_PAGE,
): { readonly page: number; readonly tiles: readonly T[] } {
  const last = meetingPageCount(tiles.length, perPage) - 1;
  const clamped = Math.min(Math.max(0, page), last);
  return { page: clamped, tiles: tiles.slice(clamped * perPage, (clamped + 1) * perPage) };
}
