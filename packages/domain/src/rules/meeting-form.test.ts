import { describe, expect, it } from 'vitest';
import {
  defaultMeetingStart,
  formatLocalDateTime,
  parseLocalDateTime,
  validateMeetingForm,
  type MeetingForm,
} from './meeting-form';

const NOW = 1_800_000_030_000; // 30 s into a minute
const MINUTE = 60_000;
const form: MeetingForm = {
  title: '  Planning  ',
  startTime: NOW + 60 * MINUTE,
  durationMinutes: 30,
  description: ' Roadmap ',
  inviteeUserIDs: [],
  audience: 'group',
};

function keysOf(change: Partial<MeetingForm>): readonly string[] {
  const result = validateMeetingForm({ ...form, ...change }, NOW);
  return result.ok ? [] : result.error.map((e) => `${e.field}:${e.i18nKey}`);
}

describe('the meeting form', () => {
  it('accepts a valid form and trims its words', () => {
    expect(validateMeetingForm(form, NOW)).toEqual({
      ok: true,
      value: {
        title: 'Planning',
        startTime: NOW + 60 * MINUTE,
        durationMinutes: 30,
        description: 'Roadmap',
        inviteeUserIDs: [],
      },
    });
  });

  it('the title is required and at most 100 characters', () => {
    expect(keysOf({ title: '   ' })).toEqual(['meetingTitle:validation.meeting.titleRequired']);
    expect(keysOf({ title: 'x'.repeat(100) })).toEqual([]);
    expect(keysOf({ title: 'x'.repeat(101) })).toEqual(['meetingTitle:validation.meeting.titleTooLong']);
  });

  it('the duration is 15 to 480 whole minutes', () => {
    expect(keysOf({ durationMinutes: 15 })).toEqual([]);
    expect(keysOf({ durationMinutes: 480 })).toEqual([]);
    for (const durationMinutes of [14, 481, 20.5, Number.NaN]) {
      expect(keysOf({ durationMinutes })).toEqual(['meetingDuration:validation.meeting.durationRange']);
    }
  });

  it('the start is required and not in the past; the current minute still counts', () => {
    expect(keysOf({ startTime: undefined })).toEqual(['meetingStart:validation.meeting.startRequired']);
    expect(keysOf({ startTime: NOW - 30_000 })).toEqual([]);
    expect(keysOf({ startTime: NOW - 30_001 })).toEqual(['meetingStart:validation.meeting.startInPast']);
  });

  it('an edit may keep a start that has passed since, but not move it into the past', () => {
    const passed = NOW - 10 * MINUTE;
    expect(validateMeetingForm({ ...form, startTime: passed }, NOW, passed).ok).toBe(true);
    expect(validateMeetingForm({ ...form, startTime: passed - MINUTE }, NOW, passed).ok).toBe(false);
  });

  it('the description is optional and at most 1000 characters', () => {
    expect(keysOf({ description: '' })).toEqual([]);
    expect(keysOf({ description: 'x'.repeat(1001) })).toEqual([
      'meetingDescription:validation.meeting.descriptionTooLong',
    ]);
  });

  it('people picked are one to 100; a group meeting needs none and keeps none', () => {
    expect(keysOf({ audience: 'people' })).toEqual(['meetingInvitees:validation.meeting.inviteesRequired']);
    const many = Array.from({ length: 101 }, (_, i) => `u${i}`);
    expect(keysOf({ audience: 'people', inviteeUserIDs: many })).toEqual([
      'meetingInvitees:validation.meeting.tooManyInvitees',
    ]);
    const picked = validateMeetingForm({ ...form, audience: 'people', inviteeUserIDs: ['bob', 'bob'] }, NOW);
    expect(picked.ok && picked.value.inviteeUserIDs).toEqual(['bob']);
  });

  it('reports every failing field at once', () => {
    expect(keysOf({ title: '', startTime: NOW - 10 * MINUTE, durationMinutes: 5 })).toEqual([
      'meetingTitle:validation.meeting.titleRequired',
      'meetingStart:validation.meeting.startInPast',
      'meetingDuration:validation.meeting.durationRange',
    ]);
  });
});

describe('the start field', () => {
  it('shows and reads a local date and time', () => {
    const at = Date.UTC(2026, 0, 15, 1, 30); // 09:30 in UTC+8
    expect(formatLocalDateTime(at, 480)).toBe('2026-01-15T09:30');
    expect(parseLocalDateTime('2026-01-15T09:30', () => 480)).toBe(at);
    expect(parseLocalDateTime('2026-02-30T09:30', () => 480)).toBeUndefined();
    expect(parseLocalDateTime('2026-01-15T24:00', () => 480)).toBeUndefined();
    expect(parseLocalDateTime('', () => 480)).toBeUndefined();
  });

  it('starts the form at the next half hour at least a quarter of an hour away', () => {
    const nine = Date.UTC(2026, 0, 15, 9, 0);
    expect(defaultMeetingStart(nine)).toBe(Date.UTC(2026, 0, 15, 9, 30));
    expect(defaultMeetingStart(nine + 16 * MINUTE)).toBe(Date.UTC(2026, 0, 15, 10, 0));
  });
});
