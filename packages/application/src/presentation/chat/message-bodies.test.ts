import { describe, expect, it } from 'vitest';
import {
  buildCallRecordData,
  buildCallSignalData,
  buildRedPacketData,
  CallMediaType,
  ContentType,
  MessageStatus,
  RED_PACKET_OPENED_MARK,
  SessionType,
  type Message,
  parseCustomData,
} from '@teamim/domain';
import { messageActions } from './message-actions';
import { unsupportedBody } from './placeholder-body';
import { quoteBubbleBody } from './quote-body';
import { redPacketBody } from './red-packet-body';

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

const custom = (data: string, change: Partial<Message> = {}): Message =>
  message({
    contentType: ContentType.Custom,
    customElem: { data, description: '', extension: '', payload: parseCustomData(data) },
    ...change,
  });

const en = { locale: 'en-US', selfUserID: 'me', nowMs: 0, utcOffsetMinutes: 0 } as const;

describe('unsupportedBody (spec §8 "unsupported message")', () => {
  it('leaves out the custom kinds this client knows: red packets, call records and call signals', () => {
    const signal = buildCallSignalData(200, {
      roomID: 'r1',
      inviterUserID: 'bob',
      inviteeUserIDList: ['me'],
      mediaType: CallMediaType.Audio,
    });
    expect(unsupportedBody(custom(buildRedPacketData('p1', 'hi')), en)).toBeUndefined();
    expect(
      unsupportedBody(custom(buildCallRecordData(CallMediaType.Video, 'answered', 5)), en),
    ).toBeUndefined();
    expect(unsupportedBody(custom(signal), en)).toBeUndefined();
  });

  it('shows for a custom message without content, and for custom data of an unknown type', () => {
    const bare = message({ contentType: ContentType.Custom });
    expect(unsupportedBody(bare, en)).toEqual({ kind: 'unsupported', text: '[Unsupported message]' });
    expect(unsupportedBody(custom('{"customType":4242}'), en)).toEqual({
      kind: 'unsupported',
      text: '[Unsupported message]',
    });
  });
});

describe('redPacketBody (spec §4 red packets)', () => {
  const packet = buildRedPacketData('p1', 'Happy new year');

  it('a packet I sent to a group, unopened and fresh', () => {
    const sent = custom(packet, {
      sendID: 'me',
      groupID: 'g1',
      sessionType: SessionType.Group,
      sendTime: 5_000,
    });
    expect(redPacketBody(sent, { selfUserID: 'me', nowMs: 6_000 })).toEqual({
      kind: 'redPacket',
      greeting: 'Happy new year',
      opened: false,
      expired: false,
      mine: true,
      isGroup: true,
      message: sent,
    });
  });

  it("someone else's packet in a one-to-one chat, opened here and a day old", () => {
    const received = custom(packet, { sendTime: 5_000, localEx: RED_PACKET_OPENED_MARK });
    expect(redPacketBody(received, { selfUserID: 'me', nowMs: 5_000 + 24 * 60 * 60 * 1000 })).toEqual({
      kind: 'redPacket',
      greeting: 'Happy new year',
      opened: true,
      expired: true,
      mine: false,
      isGroup: false,
      message: received,
    });
  });
});

describe('quoteBubbleBody (quote messages)', () => {
  it('a quote whose original did not come with it shows the unsupported text as its block', () => {
    const reply = message({ contentType: ContentType.Quote, quoteElem: { text: 'a reply' } });
    expect(quoteBubbleBody(reply, en)).toEqual({
      kind: 'quote',
      quote: {
        id: '',
        seq: 0,
        author: '',
        excerpt: '[Unsupported message]',
        revoked: false,
        caption: '[Unsupported message]',
      },
      reply: 'a reply',
    });
  });

  it('a quote message without a quote element is still a quote, with an empty reply', () => {
    expect(quoteBubbleBody(message({ contentType: ContentType.Quote }), en)).toEqual({
      kind: 'quote',
      quote: {
        id: '',
        seq: 0,
        author: '',
        excerpt: '[Unsupported message]',
        revoked: false,
        caption: '[Unsupported message]',
      },
      reply: '',
    });
  });

  it("the block names the original's author and its one line, also as its caption", () => {
    const original = message({
      clientMsgID: 'o1',
      seq: 7,
      sendID: 'carol',
      senderNickname: 'Carol',
      textElem: { content: 'lunch\n  at noon?' },
    });
    const reply = message({
      contentType: ContentType.Quote,
      quoteElem: { text: 'yes', quoteMessage: original },
    });
    expect(quoteBubbleBody(reply, en)).toEqual({
      kind: 'quote',
      quote: {
        id: 'o1',
        seq: 7,
        author: 'Carol',
        excerpt: 'lunch at noon?',
        revoked: false,
        caption: 'quote Carol: lunch at noon?',
      },
      reply: 'yes',
    });
    expect(quoteBubbleBody(message({ textElem: { content: 'plain' } }), en)).toBeUndefined();
  });
});

describe('messageActions of messages that are not on the server yet (spec §2)', () => {
  it('a failed text offers copy and delete, a failed file or packet only delete, a failed notice nothing', () => {
    const failed = { status: MessageStatus.Failed };
    const context = { selfUserID: 'me', pinned: false };
    expect(messageActions(message({ ...failed, textElem: { content: 'x' } }), context)).toEqual([
      'copy',
      'delete',
    ]);
    expect(messageActions(message({ ...failed, contentType: ContentType.File }), context)).toEqual([
      'delete',
    ]);
    expect(messageActions(custom(buildRedPacketData('p', 'x'), failed), context)).toEqual(['delete']);
    expect(messageActions(message({ ...failed, contentType: ContentType.GroupCreated }), context)).toEqual(
      [],
    );
    expect(messageActions(message({ ...failed, contentType: ContentType.Typing }), context)).toEqual([]);
  });
});
