// SDK-driven: blacklist add and remove; sending to someone who blocked you fails with 1302; a new device's sync.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  history,
  makeFriends,
  receivedMessage,
  sendText,
  singleConversationID,
  textsOf,
} from '../support/scenario';
import { SdkCallError, SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('blacklist (real SDK against @teamim/server)', () => {
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

  /** Alice and Bob, friends, each signed in on one device, and Bob on Alice's blacklist. */
  async function aliceBlocksBob() {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await makeFriends(a, b);
    await a.data('addBlack', { toUserID: bob.userID });
    await a.waitFor('OnBlackAdded', (black) => black.userID === bob.userID);
    return { alice, bob, a, b };
  }

  it('blocks and unblocks; a blocked sender gets BlockedByPeer (1302) and nothing is delivered', async () => {
    const { alice, bob, a, b } = await aliceBlocksBob();
    expect((await a.data('getBlackList')).map((black) => black.userID)).toContain(bob.userID);

    const failure: unknown = await sendText(b, alice.userID, 'can you hear me?').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SdkCallError);
    expect((failure as SdkCallError).errCode).toBe(1302);

    await a.data('removeBlack', bob.userID);
    await a.waitFor('OnBlackDeleted', (black) => black.userID === bob.userID);
    expect((await a.data('getBlackList')).map((black) => black.userID)).not.toContain(bob.userID);

    const after = await sendText(b, alice.userID, 'and now?');
    await receivedMessage(a, after.clientMsgID);
    // The message sent while blocked was never stored for alice.
    expect(textsOf(await history(a, singleConversationID(alice.userID, bob.userID)))).toEqual(['and now?']);
  });

  it("a new device's first sync stores the blocks made elsewhere in its background, reporting nothing", async () => {
    const { alice, bob } = await aliceBlocksBob();

    // Another platform, so the first device stays signed in; a new worker, so an empty local database.
    const fresh = await harness.loginSynced(alice.userID, 2);
    // The SDK reads the blacklist without waiting for it (it may still be empty once the sync has
    // finished, on a loaded machine) and stores it without an event: the app checks the server's
    // (ContactStore.reconcileBlacklist).
    const deadline = Date.now() + 20_000;
    let stored: string[] = [];
    while (Date.now() < deadline) {
      stored = (await fresh.data('getBlackList')).map((black) => black.userID);
      if (stored.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(stored).toEqual([bob.userID]);
    expect(fresh.events.names()).not.toContain('OnBlackAdded');
  });
});
