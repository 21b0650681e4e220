import type { HistoryPage } from '@teamim/application';
import { ContentType, type Message } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { searchByType } from './local-search';
import type { OpenImSdk } from './sdk';

/** An SDK whose user has `count` conversations, each with a long history of text messages. */
function accountWith(count: number): { sdk: OpenImSdk; reads: Map<string, number> } {
  const conversations = Array.from({ length: count }, (_, i) => ({
    conversationID: `si_a_${i}`,
    latestMsgSendTime: 1_000_000 - i,
  }));
  const sdk = {
    getConversationListSplit: ({ offset, count: n }: { offset: number; count: number }) =>
      Promise.resolve({ data: conversations.slice(offset, offset + n) }),
  } as unknown as OpenImSdk;
  return { sdk, reads: new Map() };
}

function readHistory(reads: Map<string, number>) {
  return (conversationID: string, _start: string, count: number): Promise<HistoryPage> => {
    const page = reads.get(conversationID) ?? 0;
    reads.set(conversationID, page + 1);
    const messages = Array.from(
      { length: count },
      (_, i) =>
        ({
          clientMsgID: `${conversationID}-${page}-${i}`,
          contentType: ContentType.Text,
          sendTime: 500_000 - page * count + i,
        }) as Message,
    );
    return Promise.resolve({ messages, isEnd: false } as HistoryPage);
  };
}

describe('searchByType', () => {
  it('reads only the 30 most recently active conversations, 200 messages deep, however large the account', async () => {
    const { sdk, reads } = accountWith(250);
    const found = await searchByType(sdk, readHistory(reads), ContentType.Custom, 500);
    expect(found).toEqual([]);
    expect([...reads.keys()]).toEqual(Array.from({ length: 30 }, (_, i) => `si_a_${i}`));
    expect(Math.max(...reads.values())).toBe(2);
  });
});
