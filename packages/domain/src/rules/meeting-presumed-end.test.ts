import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import {
  MEETING_LIMITS,
  MeetingState,
  type MeetingCardData,
  type MeetingUpdateData,
} from '../entities/meeting';
import { translate } from '../i18n/translate';
import { canJoinMeeting, foldMeeting, meetingPresumedEndAt, meetingStateAt } from './meeting';
import { meetingStateText } from './meeting-text';

const START = 1_800_000_000_000;
const MINUTE = 60_000;
const LIMIT = MEETING_LIMITS.maxDurationMinutes * MINUTE;

const scheduledCard: MeetingCardData = {
  customType: CustomType.MeetingCard,
  meetingID: 'm1',
  roomID: 'meeting-m1',
  kind: 'scheduled',
  title: 'Planning',
  hostUserID: 'alice',
  startTime: START,
  durationMinutes: 30,
  description: '',
  inviteeUserIDs: [],
};
const quickCard: MeetingCardData = { ...scheduledCard, kind: 'quick', durationMinutes: 60 };

function update(action: MeetingUpdateData['action'], at: number, rest: Partial<MeetingUpdateData> = {}) {
  return { customType: CustomType.MeetingUpdate, meetingID: 'm1', action, at, ...rest } as MeetingUpdateData;
}

describe('a meeting whose end was never reported', () => {
  it('a quick meeting is presumed finished the longest meeting after it started, and nobody joins it then', () => {
    const meeting = foldMeeting(quickCard, []);
    expect(meetingPresumedEndAt(meeting)).toBe(START + LIMIT);
    expect(meetingStateAt(meeting, START + LIMIT - 1)).toBe(MeetingState.InProgress);
    expect(canJoinMeeting(meeting, START + LIMIT - 1)).toBe(true);
    expect(meetingStateAt(meeting, START + LIMIT)).toBe(MeetingState.Finished);
    expect(canJoinMeeting(meeting, START + LIMIT)).toBe(false);
  });

  it('a scheduled meeting is presumed finished the longest meeting after its planned end', () => {
    const early = foldMeeting(scheduledCard, [update('started', START - 5 * MINUTE)]);
    const plannedEnd = START + 30 * MINUTE;
    expect(meetingStateAt(early, plannedEnd + LIMIT - 1)).toBe(MeetingState.InProgress);
    expect(meetingStateAt(early, plannedEnd + LIMIT)).toBe(MeetingState.Finished);
    expect(canJoinMeeting(early, plannedEnd + LIMIT)).toBe(false);
  });

  it('a scheduled meeting begun after its planned end runs the longest meeting from its start', () => {
    const late = foldMeeting(scheduledCard, [update('started', START + 120 * MINUTE)]);
    expect(meetingStateAt(late, START + 120 * MINUTE + LIMIT - 1)).toBe(MeetingState.InProgress);
    expect(meetingStateAt(late, START + 120 * MINUTE + LIMIT)).toBe(MeetingState.Finished);
  });

  it('nothing is presumed of a meeting not begun, ended or cancelled', () => {
    const waiting = foldMeeting(scheduledCard, []);
    expect(meetingPresumedEndAt(waiting)).toBeUndefined();
    expect(meetingStateAt(waiting, START + 10 * LIMIT)).toBe(MeetingState.AwaitingStart);
    const ended = foldMeeting(quickCard, [
      update('ended', START + MINUTE, { participantUserIDs: ['alice'], durationSeconds: 60 }),
    ]);
    expect(meetingPresumedEndAt(ended)).toBeUndefined();
    expect(meetingPresumedEndAt(foldMeeting(scheduledCard, [update('cancelled', START)]))).toBeUndefined();
  });

  it('the card says only that it finished, in both languages, with no duration or count it never had', () => {
    const meeting = foldMeeting(quickCard, []);
    const text = meetingStateText(meeting, meetingStateAt(meeting, START + LIMIT));
    expect(text).toEqual({ key: 'meeting.state.finished' });
    expect(translate('en-US', text.key, text.params)).toBe('Finished');
    expect(translate('zh-CN', text.key, text.params)).toBe('已结束');
    const reported = foldMeeting(quickCard, [
      update('ended', START + MINUTE, { participantUserIDs: ['alice', 'bob'], durationSeconds: 60 }),
    ]);
    const summary = meetingStateText(reported, MeetingState.Finished);
    expect(translate('en-US', summary.key, summary.params)).toBe('Finished · 01:00 · 2 took part');
  });
});
