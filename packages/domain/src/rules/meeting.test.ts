import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import {
  MeetingState,
  type MeetingCardData,
  type MeetingUpdateAction,
  type MeetingUpdateData,
} from '../entities/meeting';
import { ContentType } from '../entities/message';
import { message } from '../testing/builders';
import { parseCustomData } from './custom-message';
import {
  buildMeetingCardData,
  buildMeetingUpdateData,
  canJoinMeeting,
  foldMeeting,
  meetingRoomID,
  meetingStateAt,
} from './meeting';
import { collectMeetings, meetingUpdatesAfterTheEnd } from './meeting-collect';
import { meetingStateText, meetingUpdateText } from './meeting-text';
import { messagePreview } from './preview';

const START = 1_800_000_000_000;
const MINUTE = 60_000;

const scheduledCard: MeetingCardData = {
  customType: CustomType.MeetingCard,
  meetingID: 'm1',
  roomID: meetingRoomID('m1'),
  kind: 'scheduled',
  title: 'Planning',
  hostUserID: 'alice',
  startTime: START,
  durationMinutes: 30,
  description: 'Q3 roadmap',
  inviteeUserIDs: [],
};
const quickCard: MeetingCardData = { ...scheduledCard, meetingID: 'q1', kind: 'quick', roomID: 'meeting-q1' };

function update(action: MeetingUpdateData['action'], at: number, rest: Partial<MeetingUpdateData> = {}) {
  return { customType: CustomType.MeetingUpdate, meetingID: 'm1', action, at, ...rest } as MeetingUpdateData;
}
const { customType: _card, ...cardFields } = scheduledCard;

describe('meeting card and update JSON', () => {
  it('a card round-trips through its JSON', () => {
    expect(parseCustomData(buildMeetingCardData(cardFields))).toEqual({
      kind: 'meetingCard',
      card: scheduledCard,
    });
    const withInvitees = { ...cardFields, inviteeUserIDs: ['bob', 'carol'] };
    expect(parseCustomData(buildMeetingCardData(withInvitees))).toEqual({
      kind: 'meetingCard',
      card: { ...scheduledCard, inviteeUserIDs: ['bob', 'carol'] },
    });
  });

  it('every kind of update round-trips through its JSON', () => {
    const updates: Omit<MeetingUpdateData, 'customType'>[] = [
      { meetingID: 'm1', action: 'started', at: START },
      { meetingID: 'm1', action: 'cancelled', at: START },
      {
        meetingID: 'm1',
        action: 'ended',
        at: START,
        participantUserIDs: ['alice', 'bob'],
        durationSeconds: 725,
      },
      {
        meetingID: 'm1',
        action: 'edited',
        at: START,
        title: 'New',
        startTime: START + MINUTE,
        durationMinutes: 45,
        description: '',
      },
    ];
    for (const u of updates) {
      expect(parseCustomData(buildMeetingUpdateData(u))).toEqual({
        kind: 'meetingUpdate',
        update: { customType: CustomType.MeetingUpdate, ...u },
      });
    }
  });

  it('a card that is out of shape in any field is unknown, never half read', () => {
    const hostile: Record<string, unknown>[] = [
      { meetingID: '' },
      { meetingID: 5 },
      { meetingID: 'x'.repeat(129) },
      { roomID: null },
      { kind: 'webinar' },
      { title: '   ' },
      { title: 'x'.repeat(101) },
      { title: { toString: 'x' } },
      { hostUserID: undefined },
      { startTime: -1 },
      { startTime: 1.5 },
      { startTime: '1800000000000' },
      { durationMinutes: 14 },
      { durationMinutes: 481 },
      { durationMinutes: 30.5 },
      { description: 'x'.repeat(1001) },
      { description: 7 },
      { inviteeUserIDs: 'bob' },
      { inviteeUserIDs: ['bob', 3] },
      { inviteeUserIDs: Array.from({ length: 101 }, (_, i) => `u${i}`) },
    ];
    for (const change of hostile) {
      expect(parseCustomData(JSON.stringify({ ...scheduledCard, ...change }))).toEqual({
        kind: 'unknown',
        customType: CustomType.MeetingCard,
      });
    }
    expect(parseCustomData('{"customType":206')).toEqual({ kind: 'unknown', customType: undefined });
    expect(parseCustomData('[206]')).toEqual({ kind: 'unknown', customType: undefined });
  });

  it('an update that is out of shape is unknown', () => {
    const hostile: Record<string, unknown>[] = [
      { action: 'started', at: 0 },
      { action: 'exploded', at: START },
      { action: 'started', at: START, meetingID: '' },
      { action: 'ended', at: START, durationSeconds: 5 },
      { action: 'ended', at: START, participantUserIDs: ['a'], durationSeconds: -1 },
      { action: 'ended', at: START, participantUserIDs: [''], durationSeconds: 5 },
      { action: 'edited', at: START, title: '', startTime: START, durationMinutes: 30, description: '' },
      { action: 'edited', at: START, title: 'T', startTime: START, durationMinutes: 600, description: '' },
      { action: 'edited', at: START, title: 'T', startTime: START, durationMinutes: 30 },
    ];
    for (const change of hostile) {
      expect(parseCustomData(JSON.stringify({ customType: 207, meetingID: 'm1', ...change }))).toEqual({
        kind: 'unknown',
        customType: CustomType.MeetingUpdate,
      });
    }
  });

  it('duplicate invitees collapse to one and a title with markup stays plain text', () => {
    const card = { ...cardFields, title: '<img src=x onerror=alert(1)>', inviteeUserIDs: ['bob', 'bob'] };
    const parsed = parseCustomData(buildMeetingCardData(card));
    expect(parsed.kind === 'meetingCard' && parsed.card.inviteeUserIDs).toEqual(['bob']);
    expect(parsed.kind === 'meetingCard' && parsed.card.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('a meeting has a room of its own, apart from calls', () => {
    expect(meetingRoomID('abc')).toBe('meeting-abc');
  });
});

describe('meeting states and transitions', () => {
  it('a scheduled meeting is not started before its time and awaits its start from then on', () => {
    const meeting = foldMeeting(scheduledCard, []);
    expect(meetingStateAt(meeting, START - 1)).toBe(MeetingState.NotStarted);
    expect(meetingStateAt(meeting, START)).toBe(MeetingState.AwaitingStart);
    expect(meetingStateAt(meeting, START + 10 * 60 * MINUTE)).toBe(MeetingState.AwaitingStart);
    expect(canJoinMeeting(meeting, START - 1)).toBe(false);
    expect(canJoinMeeting(meeting, START)).toBe(true);
  });

  it('a quick meeting is in progress from its posting', () => {
    const meeting = foldMeeting(quickCard, []);
    expect(meeting.startedAt).toBe(START);
    expect(meetingStateAt(meeting, START)).toBe(MeetingState.InProgress);
    expect(canJoinMeeting(meeting, START)).toBe(true);
  });

  it('starting early makes it in progress before its time; a second start keeps the first', () => {
    const meeting = foldMeeting(scheduledCard, [
      update('started', START - 5 * MINUTE),
      update('started', START),
    ]);
    expect(meeting.startedAt).toBe(START - 5 * MINUTE);
    expect(meetingStateAt(meeting, START - MINUTE)).toBe(MeetingState.InProgress);
    expect(canJoinMeeting(meeting, START - MINUTE)).toBe(true);
  });

  it('an ended meeting is finished with its duration and who took part', () => {
    const meeting = foldMeeting(scheduledCard, [
      update('started', START),
      update('ended', START + 725_000, {
        participantUserIDs: ['alice', 'bob', 'carol'],
        durationSeconds: 725,
      }),
    ]);
    expect(meetingStateAt(meeting, START + 1_000_000)).toBe(MeetingState.Finished);
    expect(canJoinMeeting(meeting, START + 1_000_000)).toBe(false);
    expect(meeting.durationSeconds).toBe(725);
    expect(meetingStateText(meeting, MeetingState.Finished)).toEqual({
      key: 'meeting.finishedSummary',
      params: { duration: '12:05', count: 3 },
    });
  });

  it('an end without a start counts as started at the end', () => {
    const meeting = foldMeeting(scheduledCard, [
      update('ended', START, { participantUserIDs: ['alice'], durationSeconds: 0 }),
    ]);
    expect(meeting.startedAt).toBe(START);
    expect(meetingStateAt(meeting, START)).toBe(MeetingState.Finished);
  });

  it('an end with nobody in it calls the meeting off, a quick one too: cancelled, and its line says so', () => {
    const nobody = update('ended', START, { participantUserIDs: [], durationSeconds: 0 });
    for (const card of [scheduledCard, { ...scheduledCard, kind: 'quick' as const }]) {
      const meeting = foldMeeting(card, [nobody]);
      expect(meetingStateAt(meeting, START + MINUTE)).toBe(MeetingState.Cancelled);
      expect(canJoinMeeting(meeting, START + MINUTE)).toBe(false);
    }
    expect(meetingUpdateText(nobody)).toEqual({ key: 'meeting.update.cancelled' });
  });

  it('a cancelled meeting is cancelled at every time and cannot be joined', () => {
    const meeting = foldMeeting(scheduledCard, [update('cancelled', START - MINUTE)]);
    for (const now of [START - 2 * MINUTE, START, START + 60 * MINUTE]) {
      expect(meetingStateAt(meeting, now)).toBe(MeetingState.Cancelled);
      expect(canJoinMeeting(meeting, now)).toBe(false);
    }
    expect(meetingStateText(meeting, MeetingState.Cancelled)).toEqual({ key: 'meeting.state.cancelled' });
  });

  it('a meeting that has begun cannot be cancelled', () => {
    const meeting = foldMeeting(scheduledCard, [
      update('started', START),
      update('cancelled', START + MINUTE),
    ]);
    expect(meetingStateAt(meeting, START + 2 * MINUTE)).toBe(MeetingState.InProgress);
  });

  it('ended and cancelled are final: nothing later changes the meeting', () => {
    const ended = foldMeeting(scheduledCard, [
      update('started', START),
      update('ended', START + MINUTE, { participantUserIDs: ['alice'], durationSeconds: 60 }),
      update('started', START + 2 * MINUTE),
      update('ended', START + 3 * MINUTE, { participantUserIDs: ['bob'], durationSeconds: 180 }),
      update('edited', START + 4 * MINUTE, {
        title: 'Late',
        startTime: START,
        durationMinutes: 30,
        description: '',
      }),
    ]);
    expect(ended.endedAt).toBe(START + MINUTE);
    expect(ended.participantUserIDs).toEqual(['alice']);
    expect(ended.title).toBe('Planning');
    const cancelled = foldMeeting(scheduledCard, [
      update('cancelled', START - 2 * MINUTE),
      update('started', START),
      update('edited', START + MINUTE, {
        title: 'Late',
        startTime: START,
        durationMinutes: 30,
        description: '',
      }),
    ]);
    expect(meetingStateAt(cancelled, START + MINUTE)).toBe(MeetingState.Cancelled);
    expect(cancelled.title).toBe('Planning');
  });

  it('updates apply by their time, whatever order they arrive in', () => {
    const inOrder = [
      update('edited', START - 3 * MINUTE, {
        title: 'A',
        startTime: START,
        durationMinutes: 30,
        description: '',
      }),
      update('edited', START - 2 * MINUTE, {
        title: 'B',
        startTime: START,
        durationMinutes: 30,
        description: '',
      }),
      update('started', START - MINUTE),
      update('ended', START, { participantUserIDs: ['alice'], durationSeconds: 60 }),
    ];
    const shuffled = [inOrder[3], inOrder[1], inOrder[2], inOrder[0]] as MeetingUpdateData[];
    expect(foldMeeting(scheduledCard, shuffled)).toEqual(foldMeeting(scheduledCard, inOrder));
    expect(foldMeeting(scheduledCard, shuffled).title).toBe('B');
  });

  it("another meeting's updates are ignored", () => {
    const other = { ...update('cancelled', START), meetingID: 'm2' };
    expect(meetingStateAt(foldMeeting(scheduledCard, [other]), START - 1)).toBe(MeetingState.NotStarted);
  });

  it('an edit before the start moves the time; after the start it keeps the time and changes only words', () => {
    const edit = update('edited', START - MINUTE, {
      title: 'Moved',
      startTime: START + 60 * MINUTE,
      durationMinutes: 60,
      description: 'New words',
    });
    const before = foldMeeting(scheduledCard, [edit]);
    expect(before).toMatchObject({ title: 'Moved', startTime: START + 60 * MINUTE, durationMinutes: 60 });
    expect(meetingStateAt(before, START + MINUTE)).toBe(MeetingState.NotStarted);
    const after = foldMeeting(scheduledCard, [update('started', START - 2 * MINUTE), edit]);
    expect(after).toMatchObject({
      title: 'Moved',
      description: 'New words',
      startTime: START,
      durationMinutes: 30,
    });
  });
});

describe('meeting texts', () => {
  it('each update has its line, the end with duration and count', () => {
    expect(meetingUpdateText(update('started', START))).toEqual({ key: 'meeting.update.started' });
    expect(meetingUpdateText(update('cancelled', START))).toEqual({ key: 'meeting.update.cancelled' });
    expect(meetingUpdateText(update('edited', START))).toEqual({ key: 'meeting.update.edited' });
    expect(
      meetingUpdateText(
        update('ended', START, { participantUserIDs: ['a', 'b', 'c'], durationSeconds: 725 }),
      ),
    ).toEqual({ key: 'meeting.update.ended', params: { duration: '12:05', count: 3 } });
  });

  it('the conversation list previews a card by its title and an update by its line', () => {
    const naming = { locale: 'en-US' as const, selfUserID: 'alice' };
    const card = parseCustomData(buildMeetingCardData(cardFields));
    const cardMessage = message({
      contentType: ContentType.Custom,
      customElem: { data: buildMeetingCardData(cardFields), description: '', extension: '', payload: card },
    });
    expect(messagePreview(cardMessage, naming)).toBe('[Meeting] Planning');
    const data = buildMeetingUpdateData({
      meetingID: 'm1',
      action: 'ended',
      at: START,
      participantUserIDs: ['a', 'b', 'c'],
      durationSeconds: 725,
    });
    const ended = message({
      contentType: ContentType.Custom,
      customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
    });
    expect(messagePreview(ended, naming)).toBe('Meeting ended · 12:05 · 3 took part');
    expect(messagePreview(ended, { ...naming, locale: 'zh-CN' })).toBe('会议已结束 · 12:05 · 3人参加');
  });
});

describe('meetings in a list of messages', () => {
  function custom(data: string, clientMsgID: string) {
    return message({
      clientMsgID,
      contentType: ContentType.Custom,
      customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
    });
  }

  it('gathers each card with its updates; the first card of an id wins; orphan updates wait', () => {
    const card = custom(buildMeetingCardData(cardFields), 'c1');
    const repost = custom(buildMeetingCardData({ ...cardFields, title: 'Forged' }), 'c2');
    const started = custom(buildMeetingUpdateData({ meetingID: 'm1', action: 'started', at: START }), 'u1');
    const orphan = custom(buildMeetingUpdateData({ meetingID: 'zz', action: 'cancelled', at: START }), 'u2');
    const text = message({ contentType: ContentType.Text, textElem: { content: 'hi' } });
    const threads = collectMeetings([started, card, text, repost, orphan]);
    expect([...threads.keys()]).toEqual(['m1']);
    expect(threads.get('m1')?.card.title).toBe('Planning');
    expect(threads.get('m1')?.cardMessage.clientMsgID).toBe('c1');
    expect(threads.get('m1')?.updates.map((u) => u.action)).toEqual(['started']);
  });

  it("names the updates after a meeting's end, of that meeting only", () => {
    const update = (meetingID: string, action: MeetingUpdateAction, id: string, at = START) =>
      custom(
        buildMeetingUpdateData({
          meetingID,
          action,
          at,
          ...(action === 'ended' ? { participantUserIDs: ['ann'], durationSeconds: 60 } : {}),
          ...(action === 'edited'
            ? { title: 'Later', startTime: START, durationMinutes: 30, description: '' }
            : {}),
        }),
        id,
      );
    const list = [
      update('m1', 'started', 'u1'),
      update('m2', 'started', 'u2'),
      update('m1', 'ended', 'u3'),
      message({ contentType: ContentType.Text, textElem: { content: 'bye' } }),
      update('m1', 'ended', 'u4', START + 9_000),
      update('m2', 'cancelled', 'u5'),
      update('m1', 'edited', 'u6'),
      update('m2', 'ended', 'u7'),
    ];
    // The cancellation (u5) is no end here: it counts only for a meeting that had not begun.
    expect([...meetingUpdatesAfterTheEnd(list)].sort()).toEqual(['u4', 'u6']);
    expect(meetingUpdatesAfterTheEnd(list.slice(0, 4)).size).toBe(0);
  });
});
