import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
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
const context = { locale: 'en-US', selfUserID: 'me', nowMs: 0, utcOffsetMinutes: 0 } as const;

describe('text bubbles', () => {
  it('a text or at-text message without its element shows an empty body, not a made-up text', () => {
    expect(bubbleBody(message({ contentType: ContentType.Text }), context)).toEqual({
      kind: 'text',
      quote: undefined,
      parts: [],
    });
    expect(bubbleBody(message({ contentType: ContentType.AtText }), context)).toEqual({
      kind: 'text',
      quote: undefined,
      parts: [],
    });
  });

  it('an at-text message shows its text with the mention highlighted', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: {
        text: 'hi [[at-Carol#carol]] and more',
        atUserList: ['carol'],
        atUsersInfo: [{ atUserID: 'carol', groupNickname: 'Carol' }],
      },
    });
    expect(bubbleBody(at, context)).toEqual({
      kind: 'text',
      quote: undefined,
      parts: [
        { kind: 'text', text: 'hi ' },
        { kind: 'mention', text: '@Carol', userID: 'carol' },
        { kind: 'text', text: ' and more' },
      ],
    });
  });
});
