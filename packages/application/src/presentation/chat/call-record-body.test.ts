import { describe, expect, it } from 'vitest';
import {
  buildCallRecordData,
  ContentType,
  MessageStatus,
  SessionType,
  parseCustomData,
  type Message,
} from '@teamim/domain';
import { bubbleBody } from './bubble-body';
import type { ViewContext } from './rows';

const context = (locale: ViewContext['locale']): ViewContext => ({
  locale,
  selfUserID: 'me',
  nowMs: 0,
  utcOffsetMinutes: 0,
});

const custom = (data: string): Message => ({
  clientMsgID: 'm1',
  sendID: 'bob',
  recvID: 'me',
  groupID: '',
  sessionType: SessionType.Single,
  sendTime: 1,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: false,
  contentType: ContentType.Custom,
  customElem: { data, description: 'call', extension: '', payload: parseCustomData(data) },
});

describe('call record bubbles (customType 205, spec §4 calls)', () => {
  it('say how the call ended, with the duration of an answered one, in the view language', () => {
    expect(bubbleBody(custom(buildCallRecordData('video', 'answered', 65)), context('en-US'))).toEqual({
      kind: 'callRecord',
      mediaType: 'video',
      result: 'answered',
      text: 'Call duration 01:05',
    });
    const texts = (['cancelled', 'rejected', 'unanswered'] as const).map((result) => {
      const body = bubbleBody(custom(buildCallRecordData('audio', result, 0)), context('zh-CN'));
      return body.kind === 'callRecord' ? body.text : body.kind;
    });
    expect(texts).toEqual(['已取消', '已拒绝', '对方无应答']);
  });

  // Other and malformed custom messages show the unsupported-message placeholder (spec §8).
  it('leave other and malformed custom messages to the unsupported placeholder', () => {
    for (const data of ['{"customType":999,"data":{}}', '{"customType":205,"result":"exploded"}']) {
      expect(bubbleBody(custom(data), context('en-US')).kind).toBe('unsupported');
    }
  });
});
