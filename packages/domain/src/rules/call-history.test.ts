import { describe, expect, it } from 'vitest';
import { ContentType, SessionType, type Message } from '../entities/message';
import type { CallRecordResult } from '../entities/custom-message';
import { message } from '../testing/builders';
import { buildCallHistory, callHistoryOutcomeText, missedCallCount } from './call-history';
import { buildCallRecordData, parseCustomData } from './custom-message';
import { buildMeetingCardData, buildMeetingUpdateData } from './meeting';

const context = { selfUserID: 'me', handledElsewhere: new Set<string>(), now: 10_000_000 };

let serial = 0;
function custom(data: string, overrides: Partial<Message> = {}): Message {
  serial += 1;
  return message({
    contentType: ContentType.Custom,
    clientMsgID: `m${serial}`,
    customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
    ...overrides,
  });
}

function record(result: CallRecordResult, from: 'me' | 'alice', time: number, duration = 0, roomID?: string) {
  return custom(buildCallRecordData('video', result, duration, roomID), {
    sendID: from,
    recvID: from === 'me' ? 'alice' : 'me',
    sendTime: time,
  });
}

const card = {
  meetingID: 'mt1',
  roomID: 'meeting-mt1',
  kind: 'quick' as const,
  title: 'Standup',
  hostUserID: 'alice',
  startTime: 5_000,
  durationMinutes: 30,
  description: '',
  inviteeUserIDs: [] as string[],
};

function inGroup(data: string, time: number): Message {
  return custom(data, {
    sessionType: SessionType.Group,
    groupID: 'g1',
    recvID: '',
    sendID: 'alice',
    sendTime: time,
  });
}

describe('call history from call records', () => {
  it('each outcome, with its direction: the record is sent by the one who called', () => {
    const entries = buildCallHistory(
      [
        record('answered', 'me', 1_000, 65),
        record('rejected', 'alice', 2_000),
        record('cancelled', 'alice', 3_000),
        record('unanswered', 'me', 4_000),
        record('unanswered', 'alice', 5_000),
        record('cancelled', 'me', 6_000),
      ],
      context,
    );
    expect(entries.map((e) => [e.time, e.direction, e.outcome, e.missed, e.durationSeconds])).toEqual([
      [6_000, 'outgoing', 'cancelled', false, 0],
      [5_000, 'incoming', 'unanswered', true, 0],
      [4_000, 'outgoing', 'unanswered', false, 0],
      [3_000, 'incoming', 'cancelled', true, 0],
      [2_000, 'incoming', 'rejected', false, 0],
      [1_000, 'outgoing', 'answered', false, 65],
    ]);
    expect(entries[0]).toMatchObject({ kind: 'call', peerUserID: 'alice', mediaType: 'video' });
    expect(entries[0]?.conversationID).toBe('si_alice_me');
  });

  it("a call this device saw taken by another of the user's devices is handled elsewhere, not missed", () => {
    const handledElsewhere = new Set(['room-2']);
    const entries = buildCallHistory(
      [record('answered', 'alice', 1_000, 30, 'room-2'), record('cancelled', 'alice', 2_000, 0, 'room-3')],
      { ...context, handledElsewhere },
    );
    expect(entries.map((e) => [e.outcome, e.missed, e.durationSeconds])).toEqual([
      ['cancelled', true, 0],
      ['handledElsewhere', false, 0],
    ]);
    // A record written before records named their room cannot be matched, and says what it says.
    const old = buildCallHistory([record('rejected', 'alice', 1_000)], { ...context, handledElsewhere });
    expect(old[0]?.outcome).toBe('rejected');
  });

  it('hostile input: records in groups, to oneself, between others or out of shape are left out', () => {
    const entries = buildCallHistory(
      [
        inGroup(buildCallRecordData('audio', 'unanswered', 0), 1_000),
        custom(buildCallRecordData('audio', 'unanswered', 0), { sendID: 'me', recvID: 'me' }),
        custom(buildCallRecordData('audio', 'unanswered', 0), { sendID: 'alice', recvID: 'bob' }),
        custom('{"customType":205,"mediaType":"audio","result":"lost","durationSeconds":0}'),
        custom('not json at all'),
        custom('{"customType":205,"mediaType":"audio","result":"answered","durationSeconds":-5}'),
        message({ contentType: ContentType.Text, textElem: { content: '{"customType":205}' } }),
      ],
      context,
    );
    expect(entries).toEqual([]);
  });
});

describe('call history from meeting cards', () => {
  const ended = (participants: string[], at = 9_000) =>
    inGroup(
      buildMeetingUpdateData({
        meetingID: 'mt1',
        action: 'ended',
        at,
        participantUserIDs: participants,
        durationSeconds: 600,
      }),
      at,
    );

  it('a meeting the user took part in is joined, with its length; one it ended without them is missed', () => {
    const joined = buildCallHistory(
      [inGroup(buildMeetingCardData(card), 5_000), ended(['alice', 'me'])],
      context,
    );
    expect(joined).toEqual([
      expect.objectContaining({
        kind: 'meeting',
        id: 'mt1',
        direction: 'incoming',
        outcome: 'meetingJoined',
        durationSeconds: 600,
        time: 5_000,
        missed: false,
        groupID: 'g1',
        conversationID: 'sg_g1',
      }),
    ]);
    const missed = buildCallHistory([inGroup(buildMeetingCardData(card), 5_000), ended(['alice'])], context);
    expect(missed[0]).toMatchObject({ outcome: 'meetingMissed', missed: true });
    // Ended with nobody in it: called off as its card went out, nothing anyone missed.
    expect(buildCallHistory([inGroup(buildMeetingCardData(card), 5_000), ended([])], context)).toEqual([]);
    const hosted = buildCallHistory(
      [inGroup(buildMeetingCardData({ ...card, hostUserID: 'me' }), 5_000)],
      context,
    );
    expect(hosted[0]).toMatchObject({ direction: 'outgoing', outcome: 'meetingInProgress', missed: false });
  });

  it('a scheduled meeting is listed once its time has come, not before, and not when called off', () => {
    const scheduled = { ...card, kind: 'scheduled' as const, startTime: 20_000 };
    const at = (now: number, ...extra: Message[]) =>
      buildCallHistory([inGroup(buildMeetingCardData(scheduled), 1_000), ...extra], { ...context, now });
    expect(at(19_999)).toEqual([]);
    expect(at(20_000)[0]).toMatchObject({ outcome: 'meetingAwaitingStart', time: 20_000 });
    const cancel = inGroup(
      buildMeetingUpdateData({ meetingID: 'mt1', action: 'cancelled', at: 2_000 }),
      2_000,
    );
    expect(at(30_000, cancel)).toEqual([]);
  });

  it('a card posted in several chats is one entry; a card for other invitees is not the user’s', () => {
    const cardData = buildMeetingCardData(card);
    const twice = buildCallHistory(
      [inGroup(cardData, 5_000), custom(cardData, { sendTime: 5_001 })],
      context,
    );
    expect(twice).toHaveLength(1);
    const others = buildMeetingCardData({ ...card, inviteeUserIDs: ['bob'] });
    expect(buildCallHistory([custom(others)], context)).toEqual([]);
  });

  it('calls and meetings together, newest first; the badge counts missed entries newer than the last look', () => {
    const entries = buildCallHistory(
      [
        record('cancelled', 'alice', 4_000),
        inGroup(buildMeetingCardData(card), 5_000),
        ended(['alice']),
        record('answered', 'me', 9_500, 3),
      ],
      context,
    );
    expect(entries.map((e) => e.outcome)).toEqual(['answered', 'meetingMissed', 'cancelled']);
    expect(missedCallCount(entries, 0)).toBe(2);
    expect(missedCallCount(entries, 4_000)).toBe(1);
    expect(missedCallCount(entries, 5_000)).toBe(0);
  });
});

describe('the outcome as the row says it', () => {
  it('durations, missed calls and the rest', () => {
    expect(callHistoryOutcomeText({ outcome: 'answered', missed: false, durationSeconds: 65 })).toEqual({
      key: 'callHistory.answered',
      params: { duration: '01:05' },
    });
    expect(callHistoryOutcomeText({ outcome: 'cancelled', missed: true, durationSeconds: 0 })).toEqual({
      key: 'callHistory.missed',
    });
    expect(callHistoryOutcomeText({ outcome: 'cancelled', missed: false, durationSeconds: 0 })).toEqual({
      key: 'callHistory.cancelled',
    });
    expect(callHistoryOutcomeText({ outcome: 'meetingMissed', missed: true, durationSeconds: 0 })).toEqual({
      key: 'callHistory.meetingMissed',
    });
    expect(
      callHistoryOutcomeText({ outcome: 'handledElsewhere', missed: false, durationSeconds: 0 }),
    ).toEqual({
      key: 'callHistory.handledElsewhere',
    });
  });
});
