import { describe, expect, it } from 'vitest';
import { conversationPreview, ContentType, type Conversation } from '@teamim/domain';
import { createOpenImPorts } from './index';
import { rawMessage, ScriptedSdk } from './testing/scripted-sdk';

const CONFIG = { apiAddr: 'http://h/api', wsAddr: 'ws://h/ws', platformID: 5, connectTimeoutMs: 200 };
const en = { locale: 'en-US' as const, selfUserID: 'bob' };

/** An SDK conversation item whose latest message is `message`, as the SDK's JSON text. */
const item = (conversationID: string, message: Record<string, unknown>) => ({
  conversationID,
  conversationType: 1,
  userID: 'alice',
  groupID: '',
  showName: 'Alice',
  faceURL: '',
  recvMsgOpt: 0,
  unreadCount: 1,
  groupAtType: 0,
  latestMsg: JSON.stringify(message),
  latestMsgSendTime: 5,
  draftText: '',
  draftTextTime: 0,
  isPinned: false,
  isPrivateChat: false,
  burnDuration: 30,
  isNotInGroup: false,
  ex: '',
  attachedInfo: '',
});

describe('conversations from the SDK', () => {
  it('carry the latest message compacted to what the row previews, with the same preview', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    const quoted = rawMessage({ textElem: { content: 'lunch at noon?' } });
    const messages = [
      rawMessage({ textElem: { content: 'Can we move the meeting to 3pm?' } }),
      rawMessage({ contentType: ContentType.Quote, quoteElem: { text: 'sure', quoteMessage: quoted } }),
      rawMessage({
        contentType: ContentType.File,
        fileElem: { fileName: 'a.pdf', sourceUrl: 'https://x/a' },
      }),
    ];
    fake.answers.set('getConversationListSplit', () => messages.map((m, i) => item(`si_${i}`, m)));

    const page = await ports.conversations.getConversationsPage(0, 500);

    const previews = page.map((c) => conversationPreview(c, en));
    expect(previews).toEqual(['Can we move the meeting to 3pm?', 'sure', '[File] a.pdf']);
    const sdkCopies: Conversation[] = page.map((c, i) => ({ ...c, latestMsg: JSON.stringify(messages[i]) }));
    expect(sdkCopies.map((c) => conversationPreview(c, en))).toEqual(previews);
    expect(JSON.parse(page[1]?.latestMsg ?? '')).toEqual({
      clientMsgID: 'c1',
      contentType: ContentType.Quote,
      quoteElem: { text: 'sure' },
    });
    for (const [i, c] of page.entries())
      expect(c.latestMsg.length).toBeLessThan(JSON.stringify(messages[i]).length / 2);
  });
});
