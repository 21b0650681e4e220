import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import { parseCustomData } from './custom-message';
import { ContentType } from '../entities/message';
import { conversation, message } from '../testing/builders';
import { conversationPreview, messagePreview, messageSummary, parseLatestMessage } from './preview';
import { composeQuotedText } from './quote';

const en = { locale: 'en-US' as const, selfUserID: 'me' };
const zh = { locale: 'zh-CN' as const, selfUserID: 'me' };
const picture = { uuid: 'p', type: 'png', size: 1, width: 1, height: 1, url: 'u' };

describe('§5/§9 Message preview', () => {
  it('§9 message preview is limited to 50 characters on one line', () => {
    const long = message({
      contentType: ContentType.Text,
      textElem: { content: `line1\n${'x'.repeat(80)}` },
    });
    const preview = messagePreview(long, en);
    expect(preview).toBe(`line1 ${'x'.repeat(44)}`);
    expect([...preview]).toHaveLength(50);
    expect(
      messagePreview(message({ contentType: ContentType.Text, textElem: { content: '😀'.repeat(60) } }), en),
    ).toBe('😀'.repeat(50));
  });

  it('§3 mentions read as @nickname and quote blocks are left out', () => {
    const at = message({
      contentType: ContentType.AtText,
      atTextElem: { text: 'hi [[at-Bob#b]] and [[at-All#AtAllTag]]', atUserList: ['b', 'AtAllTag'] },
    });
    expect(messageSummary(at, en)).toBe('hi @Bob and @everyone');
    expect(messageSummary(at, zh)).toBe('hi @Bob and @所有人');
    const quoted = message({
      contentType: ContentType.Text,
      textElem: { content: composeQuotedText({ senderName: 'Bob', summary: 'lunch?' }, 'yes') },
    });
    expect(messageSummary(quoted, en)).toBe('yes');
    expect(
      messageSummary(
        message({ contentType: ContentType.Quote, quoteElem: { text: 'sure', quoteMessage: quoted } }),
        en,
      ),
    ).toBe('sure');
  });

  it('a preview shows the mentions its bubble shows: a typed token stays as typed', () => {
    const typed = message({ contentType: ContentType.Text, textElem: { content: '[[at-Mallory#m1]] hi' } });
    expect(messageSummary(typed, en)).toBe('[[at-Mallory#m1]] hi');
    expect(
      conversationPreview(conversation({ conversationID: 'c', latestMsg: JSON.stringify(typed) }), en),
    ).toBe('[[at-Mallory#m1]] hi');
    // An at-text message mentions only the users its list declares, under the list's name.
    const mixed = message({
      contentType: ContentType.AtText,
      atTextElem: {
        text: '[[at-Bobby#b]] and [[at-Mallory#m1]] hi',
        atUserList: ['b'],
        atUsersInfo: [{ atUserID: 'b', groupNickname: 'Bob' }],
      },
    });
    expect(messageSummary(mixed, en)).toBe('@Bob and [[at-Mallory#m1]] hi');
    const reply = message({
      contentType: ContentType.Quote,
      quoteElem: { text: '[[at-Mallory#m1]] ok', quoteMessage: typed },
    });
    expect(messageSummary(reply, en)).toBe('[[at-Mallory#m1]] ok');
  });

  it('§3 media, red packets and calls get labels in both locales', () => {
    const cases: [Parameters<typeof message>[0], string, string][] = [
      [
        {
          contentType: ContentType.Picture,
          pictureElem: { sourcePicture: picture, bigPicture: picture, snapshotPicture: picture },
        },
        '[Picture]',
        '[图片]',
      ],
      [{ contentType: ContentType.Voice }, '[Voice]', '[语音]'],
      [{ contentType: ContentType.Video }, '[Video]', '[视频]'],
      [
        {
          contentType: ContentType.File,
          fileElem: { uuid: 'f', sourceUrl: 'u', fileName: 'a.pdf', fileSize: 1 },
        },
        '[File] a.pdf',
        '[文件] a.pdf',
      ],
      [{ contentType: ContentType.File }, '[File]', '[文件]'],
      [
        { contentType: ContentType.Card, cardElem: { userID: 'c', nickname: 'Cat', faceURL: '' } },
        '[Card] Cat',
        '[名片] Cat',
      ],
      [{ contentType: ContentType.Location }, '[Location]', '[位置]'],
      [{ contentType: ContentType.Face }, '[Emoji]', '[表情]'],
      [{ contentType: ContentType.Merge }, '[Chat history]', '[聊天记录]'],
      [
        {
          contentType: ContentType.Custom,
          customElem: {
            data: JSON.stringify({ customType: CustomType.RedPacket, id: 'r1', message: 'Happy' }),
            description: '',
            extension: '',
            payload: parseCustomData(
              JSON.stringify({ customType: CustomType.RedPacket, id: 'r1', message: 'Happy' }),
            ),
          },
        },
        '[Red packet] Happy',
        '[红包] Happy',
      ],
      [
        {
          contentType: ContentType.Custom,
          customElem: {
            data: JSON.stringify({
              customType: CustomType.CallingInvite,
              invitation: { roomID: 'r', inviterUserID: 'a', inviteeUserIDList: ['b'], mediaType: 'video' },
            }),
            description: '',
            extension: '',
            payload: parseCustomData(
              JSON.stringify({
                customType: CustomType.CallingInvite,
                invitation: { roomID: 'r', inviterUserID: 'a', inviteeUserIDList: ['b'], mediaType: 'video' },
              }),
            ),
          },
        },
        '[Call]',
        '[音视频通话]',
      ],
      [
        {
          contentType: ContentType.Custom,
          customElem: {
            data: '{"customType":999}',
            description: '',
            extension: '',
            payload: parseCustomData('{"customType":999}'),
          },
        },
        '[Unsupported message]',
        '[暂不支持的消息]',
      ],
      [{ contentType: 9999 }, '[Unsupported message]', '[暂不支持的消息]'],
    ];
    for (const [overrides, english, chinese] of cases) {
      expect(messageSummary(message(overrides), en)).toBe(english);
      expect(messageSummary(message(overrides), zh)).toBe(chinese);
    }
    expect(messageSummary(message({ contentType: ContentType.Typing }), en)).toBe('');
    expect(messageSummary(message({ contentType: ContentType.Text }), en)).toBe('');
  });

  it('§4 notification messages preview as their tip text', () => {
    const revoked = message({
      contentType: ContentType.Revoke,
      notificationElem: { detail: JSON.stringify({ revokerID: 'me', revokerNickname: 'Me' }) },
    });
    expect(messagePreview(revoked, en)).toBe('You revoked a message');
  });
});

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
        payload: parseCustomData(JSON.stringify({ customType: CustomType.RedPacket, id: 'r1' })),
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

describe('§3/§4 Conversation preview', () => {
  it('§3 latestMsg is the SDK JSON text; malformed values give no message', () => {
    const latest = message({ contentType: ContentType.Text, textElem: { content: 'hello' } });
    expect(parseLatestMessage({ latestMsg: JSON.stringify(latest) })).toEqual(latest);
    expect(parseLatestMessage({ latestMsg: '' })).toBeUndefined();
    expect(parseLatestMessage({ latestMsg: '{oops' })).toBeUndefined();
    expect(parseLatestMessage({ latestMsg: 'null' })).toBeUndefined();
    expect(parseLatestMessage({ latestMsg: '{"clientMsgID":1}' })).toBeUndefined();
    expect(parseLatestMessage({ latestMsg: '{"clientMsgID":"m1"}' })).toBeUndefined();
    expect(parseLatestMessage({ latestMsg: '{"contentType":101}' })).toBeUndefined();
  });

  it('§4 the draft shows before the latest message', () => {
    const latest = message({ contentType: ContentType.Text, textElem: { content: 'hello' } });
    const base = conversation({ conversationID: 'si_a_b', latestMsg: JSON.stringify(latest) });
    expect(conversationPreview(base, en)).toBe('hello');
    expect(conversationPreview({ ...base, draftText: 'to [[at-Bob#b]]' }, en)).toBe('[Draft] to @Bob');
    expect(conversationPreview({ ...base, draftText: '  ' }, zh)).toBe('hello');
    expect(conversationPreview(conversation({ conversationID: 'empty' }), en)).toBe('');
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

describe('§5/§9 Summaries of messages that lack their element', () => {
  it('§9 a missing element gives an empty or generic summary, never a crash', () => {
    expect(messageSummary(message({ contentType: ContentType.AtText }), en)).toBe('');
    expect(messageSummary(message({ contentType: ContentType.Quote }), en)).toBe('');
    expect(messageSummary(message({ contentType: ContentType.Card }), en)).toBe(
      messageSummary(
        message({ contentType: ContentType.Card, cardElem: { userID: 'u', nickname: '', faceURL: '' } }),
        en,
      ),
    );
    expect(messageSummary(message({ contentType: ContentType.Custom }), en)).toBe(
      messageSummary(
        message({
          contentType: ContentType.Custom,
          customElem: { data: '', description: '', extension: '', payload: parseCustomData('') },
        }),
        en,
      ),
    );
  });

  it('§9 the preview collapses runs of whitespace and trims the ends', () => {
    const text = (content: string) => message({ contentType: ContentType.Text, textElem: { content } });
    expect(messagePreview(text('  a \n\n  b  '), en)).toBe('a b');
  });
});
