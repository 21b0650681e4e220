import { describe, expect, it } from 'vitest';
import { CustomType } from '../entities/custom-message';
import { ContentType } from '../entities/message';
import { conversation } from '../testing/builders';
import { compactLatestMessage } from './latest-message';
import { conversationPreview, parseLatestMessage } from './preview';
import { composeQuotedText } from './quote';

const en = { locale: 'en-US' as const, selfUserID: 'me' };
const zh = { locale: 'zh-CN' as const, selfUserID: 'me' };

/** A message as the SDK writes a conversation's `latestMsg`: every field, the custom data unparsed. */
function sdkMessage(contentType: number, elem: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clientMsgID: '0478165044349beef2fddd7eff1024dd',
    serverMsgID: 'e8adcb132c92db750000000000003eb8',
    createTime: 1794592576312,
    sendTime: 1794592576312,
    sessionType: 3,
    sendID: 'alice',
    recvID: '',
    groupID: 'g1',
    msgFrom: 100,
    contentType,
    senderPlatformID: 5,
    senderNickname: 'Alice',
    senderFaceUrl: 'https://x/alice.png',
    seq: 5,
    isRead: false,
    status: 2,
    attachedInfoElem: { groupHasReadInfo: { hasReadCount: 0, groupMemberCount: 3 }, isPrivateChat: false },
    ex: '',
    localEx: '',
    ...elem,
  };
}

const text = (content: string) => sdkMessage(ContentType.Text, { textElem: { content } });
const detail = (value: unknown) => ({ notificationElem: { detail: JSON.stringify(value) } });
const opUser = { userID: 'bob', nickname: 'Bob' };

/** One message of each kind the list previews, and the shapes that are not messages. */
const corpus: readonly string[] = [
  text('Can we move the meeting to 3pm?'),
  text(`  many\n\nlines   and ${'x'.repeat(80)}`),
  text(composeQuotedText({ senderName: 'Bob', summary: 'lunch?' }, 'yes')),
  text('[[at-Mallory#m1]] typed, not a mention'),
  sdkMessage(ContentType.AtText, {
    atTextElem: {
      text: 'hi [[at-Bobby#b]] and [[at-All#AtAllTag]]',
      atUserList: ['b', 'AtAllTag'],
      atUsersInfo: [{ atUserID: 'b', groupNickname: 'Bob' }],
      isAtSelf: false,
      quoteMessage: text('the quoted one'),
    },
  }),
  sdkMessage(ContentType.Quote, { quoteElem: { text: 'sure', quoteMessage: text('lunch?') } }),
  sdkMessage(ContentType.Picture, {
    pictureElem: { sourcePath: '/tmp/a.png', sourcePicture: { uuid: 'p', url: 'https://x/p.png' } },
  }),
  sdkMessage(ContentType.Voice, { soundElem: { duration: 3, sourceUrl: 'https://x/v.mp3' } }),
  sdkMessage(ContentType.Video, { videoElem: { videoUrl: 'https://x/v.mp4', duration: 9 } }),
  sdkMessage(ContentType.File, { fileElem: { fileName: 'report.pdf', fileSize: 9, sourceUrl: 'u' } }),
  sdkMessage(ContentType.Card, { cardElem: { userID: 'u1', nickname: 'Bob', faceURL: 'f' } }),
  sdkMessage(ContentType.Location, { locationElem: { description: 'here', longitude: 1, latitude: 2 } }),
  sdkMessage(ContentType.Face, { faceElem: { index: 1, data: 'smile' } }),
  sdkMessage(ContentType.Merge, { mergeElem: { title: 'Chat', abstractList: ['a: hi'] } }),
  sdkMessage(ContentType.Custom, {
    customElem: {
      data: JSON.stringify({ customType: CustomType.RedPacket, id: 'r1', message: 'Happy' }),
      description: '',
      extension: '',
    },
  }),
  sdkMessage(ContentType.Custom, {
    customElem: {
      data: JSON.stringify({
        customType: CustomType.CallRecord,
        mediaType: 'video',
        result: 'answered',
        durationSeconds: 75,
      }),
      description: '',
      extension: '',
    },
  }),
  sdkMessage(ContentType.Custom, { customElem: { data: '{"customType":999}' } }),
  sdkMessage(ContentType.GroupCreated, detail({ opUser, group: { groupID: 'g1' } })),
  sdkMessage(
    ContentType.MemberKicked,
    detail({ opUser: { userID: 'me', nickname: 'Me' }, kickedUserList: [opUser, { userID: 'c' }] }),
  ),
  sdkMessage(ContentType.GroupMemberMuted, detail({ opUser, mutedUser: opUser, mutedSeconds: 600 })),
  sdkMessage(ContentType.Revoke, detail({ revokerID: 'me', revokerNickname: 'Me' })),
  sdkMessage(ContentType.FriendAdded),
  sdkMessage(ContentType.Typing, { typingElem: { msgTips: 'yes' } }),
  sdkMessage(9999),
].map((m) => JSON.stringify(m));

describe('§4 the list keeps of a latest message what its preview reads', () => {
  it('previews each kind of message exactly as the SDK’s whole message does, in both languages', () => {
    for (const latestMsg of corpus) {
      const whole = conversation({ conversationID: 'sg_g1', latestMsg });
      const compact = { ...whole, latestMsg: compactLatestMessage(latestMsg) };
      for (const context of [en, zh, { ...en, selfUserID: 'bob' }]) {
        expect(conversationPreview(compact, context), latestMsg).toBe(conversationPreview(whole, context));
      }
      expect(parseLatestMessage(compact)?.clientMsgID).toBe('0478165044349beef2fddd7eff1024dd');
    }
  });

  it('keeps a text message in well under half the SDK’s text', () => {
    const whole = corpus[0] ?? '';
    const compact = compactLatestMessage(whole);
    expect(compact).toBe(
      '{"clientMsgID":"0478165044349beef2fddd7eff1024dd","contentType":101,' +
        '"textElem":{"content":"Can we move the meeting to 3pm?"}}',
    );
    expect(compact.length * 2).toBeLessThan(whole.length);
  });

  it('leaves what is not a message as it is: no message, no preview', () => {
    for (const latestMsg of [
      '',
      '{oops',
      'null',
      '[{"clientMsgID":"m1","contentType":101}]',
      '{"a":1}',
      // An id without a kind, or a kind without an id (the sender would go in a compact copy).
      '{"clientMsgID":"m1","contentType":"101","sendID":"bob","textElem":{"content":"hi"}}',
      '{"clientMsgID":1,"contentType":101,"sendID":"bob","textElem":{"content":"hi"}}',
    ]) {
      expect(compactLatestMessage(latestMsg)).toBe(latestMsg);
    }
  });

  it('drops an element that is not an object', () => {
    for (const textElem of ['null', '"hi"', '["hi"]']) {
      expect(compactLatestMessage(`{"clientMsgID":"m1","contentType":101,"textElem":${textElem}}`)).toBe(
        '{"clientMsgID":"m1","contentType":101}',
      );
    }
  });

  it('keeps every field a preview reads of mentions and custom messages', () => {
    const mention = {
      clientMsgID: 'm1',
      contentType: ContentType.AtText,
      sendID: 'bob',
      atTextElem: {
        text: '@alice hi',
        atUserList: ['alice'],
        atUsersInfo: [{ atUserID: 'alice', groupNickname: 'Alice' }],
        isAtSelf: true,
        quoteMessage: { clientMsgID: 'q' },
      },
    };
    expect(JSON.parse(compactLatestMessage(JSON.stringify(mention)))).toEqual({
      clientMsgID: 'm1',
      contentType: ContentType.AtText,
      atTextElem: {
        text: '@alice hi',
        atUserList: ['alice'],
        atUsersInfo: [{ atUserID: 'alice', groupNickname: 'Alice' }],
        isAtSelf: true,
      },
    });
    const custom = {
      clientMsgID: 'm2',
      contentType: ContentType.Custom,
      customElem: { data: '{"customType":206}', description: 'Sync', extension: 'x', other: 1 },
    };
    expect(JSON.parse(compactLatestMessage(JSON.stringify(custom)))).toEqual({
      clientMsgID: 'm2',
      contentType: ContentType.Custom,
      customElem: { data: '{"customType":206}', description: 'Sync', extension: 'x' },
    });
  });
});
