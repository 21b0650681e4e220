import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import type { MeetingCardData } from '../entities/meeting';
import { foldMeeting } from './meeting';
import {
  isMeetingStayAbandoned,
  MEETING_STAY_ABANDONED_MS,
  meetingStayStorageKey,
  parseMeetingStay,
  recoveredMeetingEnd,
  serializeMeetingStay,
  type MeetingStayRecord,
} from './meeting-stay';

const START = 1_800_000_000_000;

const card: MeetingCardData = {
  customType: CustomType.MeetingCard,
  meetingID: 'm1',
  roomID: 'meeting-m1',
  kind: 'quick',
  title: 'Sync',
  hostUserID: 'alice',
  startTime: START,
  durationMinutes: 60,
  description: '',
  inviteeUserIDs: [],
};

const record: MeetingStayRecord = {
  meetingID: 'm1',
  conversationID: 'sg_g1',
  others: 0,
  seen: ['alice', 'bob'],
  joinedAt: START + 60_000,
  updatedAt: START + 600_000,
};

describe('the stay a device keeps of its meeting', () => {
  it('reads back what it wrote, per user, and nothing out of shape', () => {
    expect(meetingStayStorageKey('bob')).not.toBe(meetingStayStorageKey('alice'));
    expect(parseMeetingStay(serializeMeetingStay(record))).toEqual(record);
    expect(parseMeetingStay(undefined)).toBeUndefined();
    expect(parseMeetingStay('not json')).toBeUndefined();
    expect(parseMeetingStay(JSON.stringify({ ...record, others: -1 }))).toBeUndefined();
    expect(parseMeetingStay(JSON.stringify({ ...record, seen: [5] }))).toBeUndefined();
    expect(parseMeetingStay(JSON.stringify({ ...record, updatedAt: 0 }))).toBeUndefined();
  });

  it('a stay left alone ends the meeting at its last write, from the meeting start', () => {
    expect(recoveredMeetingEnd(record, foldMeeting(card, []), 'alice')).toEqual({
      at: START + 600_000,
      participantUserIDs: ['alice', 'bob'],
      durationSeconds: 600,
    });
  });

  it('ends nothing when others were still in, the meeting already ended, or its card is unknown', () => {
    const meeting = foldMeeting(card, []);
    expect(recoveredMeetingEnd({ ...record, others: 1 }, meeting, 'alice')).toBeUndefined();
    expect(recoveredMeetingEnd(record, undefined, 'alice')).toBeUndefined();
    const ended = foldMeeting(card, [
      {
        customType: CustomType.MeetingUpdate,
        meetingID: 'm1',
        action: 'ended',
        at: START + 1_000,
        participantUserIDs: ['bob'],
        durationSeconds: 1,
      },
    ]);
    expect(recoveredMeetingEnd(record, ended, 'alice')).toBeUndefined();
  });

  it('is abandoned once nobody has written it for twice the time a page in the room takes to', () => {
    expect(isMeetingStayAbandoned(record, record.updatedAt + MEETING_STAY_ABANDONED_MS - 1)).toBe(false);
    expect(isMeetingStayAbandoned(record, record.updatedAt + MEETING_STAY_ABANDONED_MS)).toBe(true);
  });
});
