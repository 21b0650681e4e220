// SDK-driven: a fresh device pages through a long history; the SDK pulls older messages by
// range and by seq list (1002/1005) and sees every message once, in order.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receivedMessage, sendText, singleConversationID, textOf } from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import type { MessageItem } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('history paging (real SDK against @teamim/server)', () => {
  let server: TestServer;
  let harness: SdkHarness;

  beforeAll(async () => {
    server = await startTestServer();
    harness = new SdkHarness(server);
  });
  afterEach(async () => {
    await harness.closeAll();
  });
  afterAll(async () => {
    await server.close();
  });

  it('pages a fresh device through 25 messages without gaps or duplicates', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const total = 25;
    for (let i = 1; i <= total; i++) {
      const [from, to, receiver] = i % 2 === 0 ? [b, alice.userID, a] : [a, bob.userID, b];
      const sent = await sendText(from, to, `m${i}`);
      if (i === total) await receivedMessage(receiver, sent.clientMsgID);
    }
    await harness.closeAll();

    const fresh = await harness.loginSynced(bob.userID, 3);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const seen: MessageItem[] = [];
    let start = '';
    for (let page = 0; page < 10; page++) {
      const result = await fresh.data('getAdvancedHistoryMessageList', {
        conversationID,
        startClientMsgID: start,
        count: 10,
        viewType: 0,
      });
      seen.unshift(...result.messageList);
      if (result.isEnd || result.messageList.length === 0) break;
      start = result.messageList[0]?.clientMsgID ?? '';
    }
    expect(seen.map(textOf)).toEqual(Array.from({ length: total }, (_, i) => `m${i + 1}`));
    const seqs = seen.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(total);
  });
});
