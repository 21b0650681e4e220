// SDK-driven: a profile change reaches the user's other device (OnSelfInfoUpdated) and their
// friends (OnFriendInfoChanged); clearing a conversation empties it for that user only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
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

describe('profile updates and clearing a conversation (real SDK against @teamim/server)', () => {
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

  it("a nickname change reaches the user's other device and their friends", async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const web = await harness.loginSynced(alice.userID, 5);
    const desktop = await harness.loginSynced(alice.userID, 3);
    const b = await harness.loginSynced(bob.userID);
    await makeFriends(web, b);
    const sinceDesktop = desktop.events.mark();
    const sinceBob = b.events.mark();

    await web.data('setSelfInfo', { nickname: 'Alice the Great' });

    await web.waitFor('OnSelfInfoUpdated', (me) => me.nickname === 'Alice the Great');
    await desktop.waitFor(
      'OnSelfInfoUpdated',
      (me) => me.nickname === 'Alice the Great',
      20_000,
      sinceDesktop,
    );
    await b.waitFor(
      'OnFriendInfoChanged',
      (f) => f.userID === alice.userID && f.nickname === 'Alice the Great',
      20_000,
      sinceBob,
    );
    expect(await desktop.data('getSelfUserInfo')).toMatchObject({ nickname: 'Alice the Great' });
    const [info] = await b.data('getUsersInfo', [alice.userID]);
    expect(info?.nickname).toBe('Alice the Great');
  });

  it('clearing a conversation empties it for that user on every device, the peer keeps it', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const conversationID = singleConversationID(alice.userID, bob.userID);
    await sendText(a, bob.userID, 'one');
    const two = await sendText(b, alice.userID, 'two');
    await receivedMessage(a, two.clientMsgID);

    await a.data('clearConversationAndDeleteAllMsg', conversationID);
    expect(textsOf(await history(a, conversationID))).toEqual([]);
    expect(textsOf(await history(b, conversationID))).toEqual(['one', 'two']);

    const fresh = await harness.loginSynced(alice.userID, 3);
    expect(textsOf(await history(fresh, conversationID))).toEqual([]);
    // New messages after the clear still arrive.
    const three = await sendText(b, alice.userID, 'three');
    await receivedMessage(fresh, three.clientMsgID);
    expect(textsOf(await history(fresh, conversationID))).toEqual(['three']);
  });
});
