import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import { ContentType } from '../entities/message';
import { conversation, message } from '../testing/builders';
import { conversationPreview, messageSummary, parseLatestMessage } from './preview';

const en = { locale: 'en-US' as const, selfUserID: 'me' };
const zh = { locale: 'zh-CN' as const, selfUserID: 'me' };

describe('§3 message summaries with an empty part end at the label', () => {
  it('a card without a nickname reads as the card label alone, without a trailing space', () => {
    const card = message({
      contentType: ContentType.Card,
      cardElem: { userID: 'u1', nickname: '', faceURL: '' },
    });
    expect(messageSummary(card, en)).toBe('[Card]');
    expect(messageSummary(card, zh)).toBe('[名片]');
    const named = message({
      contentType: ContentType.Card,
      cardElem: { userID: 'u1', nickname: 'Bob', faceURL: '' },
    });
    expect(messageSummary(named, en)).toBe('[Card] Bob');
  });

  it('a red packet without a greeting reads as the red packet label alone', () => {
    const packet = message({
      contentType: ContentType.Custom,
      customElem: {
        data: JSON.stringify({ customType: CustomType.RedPacket, id: 'r1' }),
        description: '',
        extension: '',
      },
    });
    expect(messageSummary(packet, en)).toBe('[Red packet]');
    expect(messageSummary(packet, zh)).toBe('[红包]');
  });

  it('a custom message without its data is unsupported', () => {
    expect(messageSummary(message({ contentType: ContentType.Custom }), en)).toBe('[Unsupported message]');
    expect(messageSummary(message({ contentType: ContentType.Custom }), zh)).toBe('[暂不支持的消息]');
  });
});

describe('§4 the latest message of a conversation is read from the SDK JSON defensively', () => {
  it('JSON that is not a message object gives no latest message and an empty second line', () => {
    for (const latestMsg of [
      '',
      ' ',
      '42',
      '"m1"',
      'true',
      '[]',
      '[{"clientMsgID":"m1","contentType":101}]',
    ]) {
      expect(parseLatestMessage({ latestMsg }), latestMsg).toBeUndefined();
      expect(conversationPreview(conversation({ conversationID: 'c1', latestMsg }), en)).toBe('');
    }
  });

  it('a message object is read whole, and its preview shown', () => {
    const latest = message({ contentType: ContentType.Text, textElem: { content: 'see you' }, seq: 4 });
    expect(parseLatestMessage({ latestMsg: JSON.stringify(latest) })).toEqual(latest);
    expect(
      conversationPreview(conversation({ conversationID: 'c1', latestMsg: JSON.stringify(latest) }), en),
    ).toBe('see you');
  });
});
