// SDK-driven: a device that comes back with its local database syncs incrementally (version
// logs and seqs) and the SDK fires its live callbacks for what changed while it was away. A server
// that answered every incremental sync with `full: true` would update silently and fail here.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  conversationChange,
  latestMessage,
  makeFriends,
  receivedMessage,
  sendText,
  singleConversationID,
  textOf,
} from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('incremental sync of a returning device (real SDK against @teamim/server)', () => {
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

  it('fires live callbacks for friend, conversation and message changes made while it was away', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [web, desktop, b] = await Promise.all([
      harness.loginSynced(alice.userID, 5),
      harness.loginSynced(alice.userID, 3),
      harness.loginSynced(bob.userID),
    ]);
    await makeFriends(web, b);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const hello = await sendText(b, alice.userID, 'hello');
    await receivedMessage(web, hello.clientMsgID);
    await receivedMessage(desktop, hello.clientMsgID);

    // The web device goes away; its local database stays.
    await web.logout();
    await desktop.data('updateFriends', { friendUserIDs: [bob.userID], remark: 'Bob from work' });
    await desktop.waitFor('OnFriendInfoChanged', (f) => f.remark === 'Bob from work');
    await desktop.data('setConversation', { conversationID, isPinned: true });
    await conversationChange(desktop, conversationID, (c) => c.isPinned);
    const missed = await sendText(b, alice.userID, 'while the web was away');
    await receivedMessage(desktop, missed.clientMsgID);

    const since = web.events.mark();
    await web.loginAgain();

    // Not a fresh install: the SDK synced from its stored state.
    expect(web.events.all('OnSyncServerStart', since)[0]?.data).toBe(false);
    await web.waitFor(
      'OnFriendInfoChanged',
      (f) => f.userID === bob.userID && f.remark === 'Bob from work',
      20_000,
      since,
    );
    await conversationChange(web, conversationID, (c) => c.isPinned, since);
    await conversationChange(web, conversationID, (c) => c.latestMsg.includes(missed.clientMsgID), since);
    const view = await conversation(web, conversationID);
    expect(view?.isPinned).toBe(true);
    expect(textOf(latestMessage(view))).toBe('while the web was away');
  });
});
