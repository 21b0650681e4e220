// SDK-driven: login and the full initial sync, asserted on the SDK's callbacks and getters.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
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

describe('login and full sync (real SDK against @teamim/server)', () => {
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

  it('logs in, connects and finishes the initial sync with the profile stored on the server', async () => {
    const { alice } = uniqueUsers('alice');
    await server.registerUsers([alice]);

    const client = await harness.loginSynced(alice.userID);

    expect(client.events.names()).toContain('OnConnectSuccess');
    expect(client.events.names()).not.toContain('OnSyncServerFailed');
    // A fresh local database syncs as a first install.
    expect(client.events.all('OnSyncServerStart')[0]?.data).toBe(true);
    expect(await client.data('getLoginStatus')).toBe(3);
    // The SDK only knows the nickname if the server's get_users_info returned it.
    expect(await client.data('getSelfUserInfo')).toMatchObject({
      userID: alice.userID,
      nickname: alice.nickname,
    });
    expect(await client.data('getAllConversationList')).toEqual([]);
  });

  it('gives a fresh device the friends, conversations, unread counts and history of the account', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    await sendText(b, alice.userID, 'first');
    const second = await sendText(b, alice.userID, 'second');
    await receivedMessage(a, second.clientMsgID);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    const live = await conversation(a, conversationID);
    expect(live?.unreadCount).toBeGreaterThanOrEqual(2);
    await harness.close(a);

    // Another device of alice's, with an empty local database.
    const fresh = await harness.loginSynced(alice.userID, 3);

    const friends = await fresh.data('getFriendList');
    expect(friends.map((f) => f.userID)).toContain(bob.userID);
    const synced = await conversation(fresh, conversationID);
    expect(synced).toMatchObject({ userID: bob.userID, conversationType: 1, unreadCount: live?.unreadCount });
    expect(textOf(latestMessage(synced))).toBe('second');
    expect(await fresh.data('getTotalUnreadMsgCount')).toBe(live?.unreadCount);
    const texts = textsOf(await history(fresh, conversationID));
    expect(texts).toEqual(['first', 'second']);
  });
});
