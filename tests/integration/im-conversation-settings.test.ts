// SDK-driven: pin and receive option set on one device reach the other (OnConversationChanged),
// and marking as read zeroes the unread count on both devices.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  conversationChange,
  makeFriends,
  receivedMessage,
  sendText,
  singleConversationID,
} from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import type { SdkClient } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer, TestUser } from '../support/server';

describe('conversation settings and read state across devices (real SDK against @teamim/server)', () => {
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

  /** alice on the web and on the desktop, bob on the web, friends, with bob's `count` messages delivered. */
  async function twoDevicesWithMessages(count: number): Promise<{
    web: SdkClient;
    desktop: SdkClient;
    bob: SdkClient;
    alice: TestUser;
    conversationID: string;
  }> {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [web, desktop, b] = await Promise.all([
      harness.loginSynced(alice.userID, 5),
      harness.loginSynced(alice.userID, 3),
      harness.loginSynced(bob.userID),
    ]);
    await makeFriends(web, b);
    for (let i = 1; i <= count; i++) {
      const sent = await sendText(b, alice.userID, `message ${i}`);
      await Promise.all([receivedMessage(web, sent.clientMsgID), receivedMessage(desktop, sent.clientMsgID)]);
    }
    return { web, desktop, bob: b, alice, conversationID: singleConversationID(alice.userID, bob.userID) };
  }

  it('pin and receive option set on one device reach the other device', async () => {
    const { web, desktop, alice, conversationID } = await twoDevicesWithMessages(1);
    await conversationChange(desktop, conversationID, () => true);

    let since = desktop.events.mark();
    await web.data('setConversation', { conversationID, isPinned: true });
    await conversationChange(desktop, conversationID, (c) => c.isPinned, since);

    since = desktop.events.mark();
    await web.data('setConversation', { conversationID, recvMsgOpt: 2 });
    await conversationChange(desktop, conversationID, (c) => Number(c.recvMsgOpt) === 2, since);

    // Stored on the server: a fresh device gets both settings in its sync.
    const fresh = await harness.loginSynced(alice.userID, 7);
    expect(await conversation(fresh, conversationID)).toMatchObject({ isPinned: true, recvMsgOpt: 2 });
  });

  it('mark as read zeroes the unread count on both devices', async () => {
    const { web, desktop, alice, conversationID } = await twoDevicesWithMessages(2);
    await conversationChange(web, conversationID, (c) => c.unreadCount >= 2);
    await conversationChange(desktop, conversationID, (c) => c.unreadCount >= 2);

    const sinceWeb = web.events.mark();
    const sinceDesktop = desktop.events.mark();
    await web.data('markConversationMessageAsRead', conversationID);
    await conversationChange(web, conversationID, (c) => c.unreadCount === 0, sinceWeb);
    await conversationChange(desktop, conversationID, (c) => c.unreadCount === 0, sinceDesktop);
    await desktop.waitFor('OnTotalUnreadMessageCountChanged', (n) => n === 0, 20_000, sinceDesktop);
    expect(await desktop.data('getTotalUnreadMsgCount')).toBe(0);

    const fresh = await harness.loginSynced(alice.userID, 7);
    expect((await conversation(fresh, conversationID))?.unreadCount).toBe(0);
  });
});
