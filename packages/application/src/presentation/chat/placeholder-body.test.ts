import { describe, expect, it } from 'vitest';
import {
  ContentType,
  MessageStatus,
  SessionType,
  parseCustomData,
  type Locale,
  type Message,
} from '@teamim/domain';
import { bubbleBody } from './bubble-body';

const message = (change: Partial<Message>): Message => ({
  clientMsgID: 'm1',
  sendID: 'bob',
  recvID: 'me',
  groupID: '',
  sessionType: SessionType.Single,
  contentType: ContentType.Text,
  sendTime: 1,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: true,
  ...change,
});
const context = (locale: Locale) => ({ locale, selfUserID: 'me', nowMs: 0, utcOffsetMinutes: 0 });

describe('spec §8 "unsupported message" placeholder', () => {
  it('shows for an unknown custom type and an unknown content type, in both languages', () => {
    const custom = message({
      contentType: ContentType.Custom,
      customElem: {
        data: '{"customType":4242,"data":{}}',
        description: '',
        extension: '',
        payload: parseCustomData('{"customType":4242,"data":{}}'),
      },
    });
    expect(bubbleBody(custom, context('en-US'))).toEqual({
      kind: 'unsupported',
      text: '[Unsupported message]',
    });
    expect(bubbleBody(custom, context('zh-CN'))).toEqual({ kind: 'unsupported', text: '[暂不支持的消息]' });
    expect(bubbleBody(message({ contentType: 9999 }), context('en-US')).kind).toBe('unsupported');
    expect(bubbleBody(message({ contentType: ContentType.AdvancedText }), context('en-US')).kind).toBe(
      'unsupported',
    );
  });

  it('does not show for kinds with a body or a summary of their own', () => {
    expect(bubbleBody(message({ textElem: { content: 'hi' } }), context('en-US')).kind).toBe('text');
    const voice = bubbleBody(message({ contentType: ContentType.Voice }), context('en-US'));
    expect(voice).toEqual({ kind: 'text', quote: undefined, parts: [{ kind: 'text', text: '[Voice]' }] });
    const packet = message({
      contentType: ContentType.Custom,
      customElem: {
        data: '{"customType":300,"id":"p1","message":"hi"}',
        description: '',
        extension: '',
        payload: parseCustomData('{"customType":300,"id":"p1","message":"hi"}'),
      },
    });
    expect(bubbleBody(packet, context('en-US')).kind).not.toBe('unsupported');
  });
});
