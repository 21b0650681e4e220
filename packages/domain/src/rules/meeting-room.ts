import { jsonProperties } from './json';

/*
 * The meeting room's own rules: how many tiles a page holds, and the one message the room carries
 * besides media (the host ending the meeting for everyone). That message travels as a LiveKit data
 * message, whose sender identity the SFU stamps from the token, so a client cannot pose as the host.
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
