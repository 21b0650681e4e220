import { describe, expect, it } from 'vitest';
import { buildMeetingCardData, buildMeetingUpdateData, ContentType, parseCustomData } from '@teamim/domain';
import { bubbleBody } from './bubble-body';

function custom(data: string) {
  return {
    clientMsgID: 'c1',
    serverMsgID: '',
    createTime: 0,
    sendTime: 0,
    sessionType: 3,
    sendID: 'alice',
    recvID: '',
    groupID: 'g1',
    senderNickname: 'Alice',
    senderFaceUrl: '',
    contentType: ContentType.Custom,
    status: 2,
    isRead: false,
    seq: 1,
    customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
  } as const;
}

const context = { locale: 'en-US', selfUserID: 'bob', nowMs: 0, utcOffsetMinutes: 0 } as const;

describe('meeting messages in the chat', () => {
  it('a card names its meeting, whose view reads the live state; its title stays plain text', () => {
    const data = buildMeetingCardData({
      meetingID: 'm1',
      roomID: 'meeting-m1',
      kind: 'quick',
      title: '<b>Sync</b>',
      hostUserID: 'alice',
      startTime: 1,
      durationMinutes: 60,
      description: '',
      inviteeUserIDs: [],
    });
    expect(bubbleBody(custom(data), context)).toEqual({
      kind: 'meetingCard',
      meetingID: 'm1',
      title: '<b>Sync</b>',
    });
  });

  it("an update is a line in the reader's language", () => {
    const ended = buildMeetingUpdateData({
      meetingID: 'm1',
      action: 'ended',
      at: 1,
      participantUserIDs: ['a', 'b', 'c'],
      durationSeconds: 725,
    });
    expect(bubbleBody(custom(ended), context)).toEqual({
      kind: 'meetingUpdate',
      action: 'ended',
      text: 'Meeting ended · 12:05 · 3 took part',
    });
    const cancelled = buildMeetingUpdateData({ meetingID: 'm1', action: 'cancelled', at: 1 });
    expect(bubbleBody(custom(cancelled), { ...context, locale: 'zh-CN' })).toMatchObject({
      text: '会议已取消',
    });
  });

  it('a card out of shape is an unsupported message, not a meeting', () => {
    const hostile = JSON.stringify({ customType: 206, meetingID: 'm1', title: 5 });
    expect(bubbleBody(custom(hostile), context).kind).toBe('unsupported');
  });
});
