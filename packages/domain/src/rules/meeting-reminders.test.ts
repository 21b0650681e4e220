import { describe, expect, it } from 'vitest';
import {
  meetingPlannedEnd,
  rememberMeetingReminded,
  REMINDED_MEETINGS_KEPT,
  REMINDED_MEETINGS_KEPT_MS,
  remindedMeetingsStorageKey,
  wasMeetingReminded,
} from './meeting-reminders';

const HOUR = 60 * 60_000;

describe('the meetings a device has reminded its user of', () => {
  it('remembers a reminded meeting per user', () => {
    expect(remindedMeetingsStorageKey('alice')).not.toBe(remindedMeetingsStorageKey('bob'));
    const stored = rememberMeetingReminded(undefined, 'm1', 10 * HOUR, 9 * HOUR);
    expect(wasMeetingReminded(stored, 'm1')).toBe(true);
    expect(wasMeetingReminded(stored, 'm2')).toBe(false);
    expect(wasMeetingReminded(undefined, 'm1')).toBe(false);
  });

  it('forgets the meetings that ended long ago when it remembers another', () => {
    const old = rememberMeetingReminded(undefined, 'old', 1 * HOUR, 1 * HOUR);
    const recent = rememberMeetingReminded(old, 'recent', 20 * HOUR, 20 * HOUR);
    const later = 1 * HOUR + REMINDED_MEETINGS_KEPT_MS + 1;
    const stored = rememberMeetingReminded(recent, 'new', later + HOUR, later);
    expect(wasMeetingReminded(stored, 'old')).toBe(false);
    expect(wasMeetingReminded(stored, 'recent')).toBe(true);
    expect(wasMeetingReminded(stored, 'new')).toBe(true);
  });

  it('keeps a bounded number, the latest to end', () => {
    let stored: string | undefined;
    for (let i = 0; i <= REMINDED_MEETINGS_KEPT; i += 1) {
      stored = rememberMeetingReminded(stored, `m${i}`, HOUR + i, HOUR);
    }
    expect(Object.keys(JSON.parse(stored!) as object)).toHaveLength(REMINDED_MEETINGS_KEPT);
    expect(wasMeetingReminded(stored, 'm0')).toBe(false);
    expect(wasMeetingReminded(stored, `m${REMINDED_MEETINGS_KEPT}`)).toBe(true);
  });

  it('keeps a meeting for a day after its planned end, to the millisecond', () => {
    expect(REMINDED_MEETINGS_KEPT_MS).toBe(24 * HOUR);
    const stored = rememberMeetingReminded(undefined, 'm1', HOUR, HOUR);
    const atTheLimit = rememberMeetingReminded(stored, 'm2', 30 * HOUR, HOUR + REMINDED_MEETINGS_KEPT_MS);
    expect(wasMeetingReminded(atTheLimit, 'm1')).toBe(true);
    const past = rememberMeetingReminded(stored, 'm2', 30 * HOUR, HOUR + REMINDED_MEETINGS_KEPT_MS + 1);
    expect(wasMeetingReminded(past, 'm1')).toBe(false);
  });

  it('reads a damaged entry as nothing reminded', () => {
    expect(wasMeetingReminded('not json', 'm1')).toBe(false);
    expect(wasMeetingReminded('{"m1":"soon"}', 'm1')).toBe(false);
    expect(wasMeetingReminded('{"m1":1.5}', 'm1')).toBe(false);
    expect(wasMeetingReminded('{"":5}', '')).toBe(false);
    // Damaged entries are not carried into what is stored next.
    expect(JSON.parse(rememberMeetingReminded('{"a":"x","":5,"b":1.5,"c":10}', 'm1', 20, 10))).toEqual({
      m1: 20,
      c: 10,
    });
    expect(wasMeetingReminded(rememberMeetingReminded('[', 'm1', HOUR, 0), 'm1')).toBe(true);
  });

  it('plans the end from the start and the duration', () => {
    expect(meetingPlannedEnd({ startTime: HOUR, durationMinutes: 30 })).toBe(HOUR + 30 * 60_000);
  });
});
