import { describe, expect, it } from 'vitest';
import { validateMeetingForm, type MeetingForm } from './meeting-form';

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
