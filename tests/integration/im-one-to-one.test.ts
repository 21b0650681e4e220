// SDK-driven: one-to-one text both ways, offline delivery, and the sender's other device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  conversationChange,
  history,
  makeFriends,
  receivedMessage,
  sendText,
  singleConversationID,
  latestMessage,
  textsOf,
  textOf,
} from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('one-to-one messages (real SDK against @teamim/server)', () => {
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

  it('delivers text both ways between two online users', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    const conversationID = singleConversationID(alice.userID, bob.userID);

    const sent = await sendText(a, bob.userID, 'hello bob');
    // The server acknowledged it: a server ID, a send time and a sequence number in the conversation.
    expect(sent.status).toBe(2);
    expect(sent.serverMsgID).not.toBe('');
    expect(sent.sendTime).toBeGreaterThan(0);

    const got = await receivedMessage(b, sent.clientMsgID);
    expect(got).toMatchObject({ sendID: alice.userID, recvID: bob.userID, sessionType: 1, contentType: 101 });
    expect(textOf(got)).toBe('hello bob');
    expect(got.seq).toBeGreaterThan(0);
    const bobsView = await conversationChange(b, conversationID, (c) => c.unreadCount >= 1);
    expect(bobsView.userID).toBe(alice.userID);

    const reply = await sendText(b, alice.userID, 'hello alice');
    const back = await receivedMessage(a, reply.clientMsgID);
    expect(textOf(back)).toBe('hello alice');
    expect(back.seq).toBe(got.seq + 1);

    // Both sides' history holds both messages in order.
    for (const client of [a, b]) {
      const texts = textsOf(await history(client, conversationID));
      expect(texts).toEqual(['hello bob', 'hello alice']);
    }
  });

  it('delivers messages sent while the receiver was offline after its login', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    await harness.close(b);

    await sendText(a, bob.userID, 'while you were away 1');
    await sendText(a, bob.userID, 'while you were away 2');
    await sendText(a, bob.userID, 'while you were away 3');

    const back = await harness.loginSynced(bob.userID);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const view = await conversation(back, conversationID);
    expect(view?.unreadCount).toBeGreaterThanOrEqual(3);
    expect(textOf(latestMessage(view))).toBe('while you were away 3');
    const texts = textsOf(await history(back, conversationID));
    expect(texts).toEqual(['while you were away 1', 'while you were away 2', 'while you were away 3']);
  });

  it("gives the sender's second device its own sent messages", async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [web, desktop, b] = await Promise.all([
      harness.loginSynced(alice.userID, 5),
      harness.loginSynced(alice.userID, 3),
      harness.loginSynced(bob.userID),
    ]);
    await makeFriends(web, b);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const unreadBefore = (await conversation(desktop, conversationID))?.unreadCount ?? 0;

    const sent = await sendText(web, bob.userID, 'sent from the web');
    const mirrored = await receivedMessage(desktop, sent.clientMsgID);
    expect(mirrored).toMatchObject({ sendID: alice.userID, recvID: bob.userID });
    expect(textOf(mirrored)).toBe('sent from the web');
    const view = await conversationChange(desktop, conversationID, (c) =>
      c.latestMsg.includes(sent.clientMsgID),
    );
    // One's own message, arriving from another device, does not count as unread.
    expect(view.unreadCount).toBe(unreadBefore);
    await receivedMessage(b, sent.clientMsgID);
  });
});
