// PARKED, not collected by Vitest (not a *.test.ts file): the large-backlog scenario, kept type-checked
// until the server passes it. To try it: cp this file to ../im-large-backlog.test.ts, fix the import
// paths (one level up) and run `npx vitest run --project tests integration/im-large-backlog`.
// SDK-driven: frame size discipline. A backlog far above the SDK's 1 MiB frame limit (after
// gzip; the texts are random, so they do not compress) reaches a returning device completely, without
// the connection dropping into a reconnect loop.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText, singleConversationID, textsOf } from '../../support/scenario';
import { SdkHarness } from '../../support/sdk';
import type { MessageItem } from '../../support/sdk';
import { startTestServer, uniqueUsers } from '../../support/server';
import type { TestServer } from '../../support/server';

describe('large backlogs (real SDK against @teamim/server)', () => {
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

  it('delivers 24 incompressible 64 KiB messages (1.5 MiB) to a device that was offline', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const warmup = await sendText(a, bob.userID, 'before');
    await b.waitFor('OnRecvNewMessages', (msgs) => msgs.some((m) => m.clientMsgID === warmup.clientMsgID));
    await b.logout();

    const texts = Array.from({ length: 24 }, (_, i) => `${i}:${randomBytes(48 * 1024).toString('base64')}`);
    for (const text of texts) await sendText(a, bob.userID, text);

    const since = b.events.mark();
    await b.loginAgain();
    const connects = (): number => b.events.names(since).filter((n) => n === 'OnConnectSuccess').length;
    // Page back 20 at a time, as the official demo client does: one page is about 1.3 MiB of text.
    const seen: MessageItem[] = [];
    let start = '';
    for (let page = 0; page < 6; page++) {
      const result = await b.data('getAdvancedHistoryMessageList', {
        conversationID,
        startClientMsgID: start,
        count: 20,
        viewType: 0,
      });
      seen.unshift(...result.messageList);
      if (result.isEnd || result.messageList.length === 0) break;
      start = result.messageList[0]?.clientMsgID ?? '';
    }
    expect(textsOf(seen)).toEqual(['before', ...texts]);
    // One connection for the whole catch-up: no 1009 close and reconnect loop.
    expect(connects()).toBe(1);
  });
});
