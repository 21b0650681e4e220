import { describe, expect, it } from 'vitest';
import {
  buildMeetingEndSignal,
  buildMeetingLeavingSignal,
  MEETING_END_STAGGER_MS,
  MEETING_TILES_PER_PAGE,
  meetingEndPostDelay,
  meetingPage,
  meetingPageCount,
  parseMeetingEndSignal,
  parseMeetingLeavingSignal,
} from './meeting-room';

describe('the meeting room rules', () => {
  it('holds nine tiles a page and pages beyond', () => {
    expect(MEETING_TILES_PER_PAGE).toBe(9);
    const tiles = Array.from({ length: 20 }, (_, i) => i);
    expect(meetingPageCount(0)).toBe(1);
    expect(meetingPageCount(9)).toBe(1);
    expect(meetingPageCount(10)).toBe(2);
    expect(meetingPage(tiles, 0).tiles).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(meetingPage(tiles, 2)).toEqual({ page: 2, tiles: [18, 19] });
  });

  it('keeps a page that no longer exists in range once people leave', () => {
    expect(meetingPage([1, 2, 3], 4)).toEqual({ page: 0, tiles: [1, 2, 3] });
    expect(meetingPage([1, 2, 3], -1).page).toBe(0);
  });

  it('reads back the end-for-everyone message and nothing else', () => {
    expect(parseMeetingEndSignal(buildMeetingEndSignal('m1'))).toBe('m1');
    expect(parseMeetingEndSignal('{"type":"endForAll","meetingID":""}')).toBeUndefined();
    expect(parseMeetingEndSignal('{"type":"other","meetingID":"m1"}')).toBeUndefined();
    expect(parseMeetingEndSignal('{"type":"endForAll","meetingID":5}')).toBeUndefined();
    expect(parseMeetingEndSignal('not json')).toBeUndefined();
    expect(parseMeetingEndSignal('null')).toBeUndefined();
  });

  it('reads back the leaving message, never as an end, and nothing else as a leave', () => {
    expect(parseMeetingLeavingSignal(buildMeetingLeavingSignal('m1'))).toBe('m1');
    expect(parseMeetingEndSignal(buildMeetingLeavingSignal('m1'))).toBeUndefined();
    expect(parseMeetingLeavingSignal(buildMeetingEndSignal('m1'))).toBeUndefined();
    expect(parseMeetingLeavingSignal('{"type":"leaving","meetingID":""}')).toBeUndefined();
    expect(parseMeetingLeavingSignal('not json')).toBeUndefined();
  });

  it('of those who left together, the lowest user id posts the end first, the next ones later', () => {
    expect(meetingEndPostDelay('alice', [])).toBe(0);
    expect(meetingEndPostDelay('alice', ['bob', 'carol'])).toBe(0);
    expect(meetingEndPostDelay('bob', ['alice', 'carol'])).toBe(MEETING_END_STAGGER_MS);
    expect(meetingEndPostDelay('carol', ['alice', 'bob', 'bob', 'carol'])).toBe(2 * MEETING_END_STAGGER_MS);
  });
});
