// SDK-driven: revoke replaces the message on both sides (also on a fresh login); delete removes
// a message for one user only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REVOKED,
  contentTypeOf,
  history,
  makeFriends,
  receivedMessage,
  sendText,
  singleConversationID,
  textsOf,
} from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('revoke and delete (real SDK against @teamim/server)', () => {
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

  it('revoke replaces the message on both sides, also on a fresh login', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    await sendText(a, bob.userID, 'stays');
    const oops = await sendText(a, bob.userID, 'oops');
    await receivedMessage(b, oops.clientMsgID);

    await a.data('revokeMessage', { conversationID, clientMsgID: oops.clientMsgID });
    const revoked = await b.waitFor(
      'OnNewRecvMessageRevoked',
      (info) => info.clientMsgID === oops.clientMsgID,
    );
    expect(revoked.data).toMatchObject({ revokerID: alice.userID, sourceMessageSendID: alice.userID });

    for (const client of [a, b]) {
      const messages = await history(client, conversationID);
      const replaced = messages.find((m) => m.clientMsgID === oops.clientMsgID);
      expect(replaced && contentTypeOf(replaced)).toBe(REVOKED);
      expect(textsOf(messages)).toEqual(['stays']);
    }
    const fresh = await harness.loginSynced(bob.userID, 3);
    const messages = await history(fresh, conversationID);
    const replaced = messages.find((m) => m.clientMsgID === oops.clientMsgID);
    expect(replaced && contentTypeOf(replaced)).toBe(REVOKED);
    expect(textsOf(messages)).toEqual(['stays']);
  });

  it('delete removes a message for the deleting user only, on every device', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    await sendText(b, alice.userID, 'keep');
    const doomed = await sendText(b, alice.userID, 'delete me');
    await receivedMessage(a, doomed.clientMsgID);

    await a.data('deleteMessage', { conversationID, clientMsgID: doomed.clientMsgID });
    expect(textsOf(await history(a, conversationID))).toEqual(['keep']);
    expect(textsOf(await history(b, conversationID))).toEqual(['keep', 'delete me']);

    const [freshAlice, freshBob] = await Promise.all([
      harness.loginSynced(alice.userID, 3),
      harness.loginSynced(bob.userID, 3),
    ]);
    expect(textsOf(await history(freshAlice, conversationID))).toEqual(['keep']);
    expect(textsOf(await history(freshBob, conversationID))).toEqual(['keep', 'delete me']);
  });
});
