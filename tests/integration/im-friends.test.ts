// SDK-driven: friend request, accept (callbacks on both sides), remark and delete.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('friends (real SDK against @teamim/server)', () => {
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

  it('request and accept fire the application and friend callbacks on both sides', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);

    await a.data('addFriend', { toUserID: bob.userID, reqMsg: 'hi, it is alice' });
    const application = await b.waitFor(
      'OnFriendApplicationAdded',
      (app) => app.fromUserID === alice.userID && app.toUserID === bob.userID,
    );
    expect(application.data).toMatchObject({
      reqMsg: 'hi, it is alice',
      fromNickname: alice.nickname,
      handleResult: 0,
    });
    await a.waitFor(
      'OnFriendApplicationAdded',
      (app) => app.fromUserID === alice.userID && app.toUserID === bob.userID,
    );
    const inbox = await b.data('getFriendApplicationListAsRecipient');
    expect(inbox.map((app) => app.fromUserID)).toContain(alice.userID);
    const sent = await a.data('getFriendApplicationListAsApplicant');
    expect(sent.map((app) => app.toUserID)).toContain(bob.userID);

    await b.data('acceptFriendApplication', { toUserID: alice.userID, handleMsg: 'welcome' });
    await a.waitFor(
      'OnFriendApplicationAccepted',
      (app) => app.toUserID === bob.userID && Number(app.handleResult) === 1,
    );
    const added = await a.waitFor('OnFriendAdded', (f) => f.userID === bob.userID);
    expect(added.data.nickname).toBe(bob.nickname);
    const addedBack = await b.waitFor('OnFriendAdded', (f) => f.userID === alice.userID);
    expect(addedBack.data.nickname).toBe(alice.nickname);
    expect((await a.data('getFriendList')).map((f) => f.userID)).toContain(bob.userID);
    expect((await b.data('getFriendList')).map((f) => f.userID)).toContain(alice.userID);
  });

  it('a remark and a deletion reach the SDK live and are kept on the server', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const [a, b] = await Promise.all([harness.loginSynced(alice.userID), harness.loginSynced(bob.userID)]);
    await a.data('addFriend', { toUserID: bob.userID, reqMsg: '' });
    await b.waitFor('OnFriendApplicationAdded', (app) => app.fromUserID === alice.userID);
    await b.data('acceptFriendApplication', { toUserID: alice.userID, handleMsg: '' });
    await a.waitFor('OnFriendAdded', (f) => f.userID === bob.userID);

    await a.data('updateFriends', { friendUserIDs: [bob.userID], remark: 'Bobby' });
    await a.waitFor('OnFriendInfoChanged', (f) => f.userID === bob.userID && f.remark === 'Bobby');
    // The remark is stored on the server: a fresh device of alice's syncs it.
    const second = await harness.loginSynced(alice.userID, 3);
    expect((await second.data('getFriendList')).find((f) => f.userID === bob.userID)?.remark).toBe('Bobby');
    await harness.close(second);

    await a.data('deleteFriend', bob.userID);
    await a.waitFor('OnFriendDeleted', (f) => f.userID === bob.userID);
    expect((await a.data('getFriendList')).map((f) => f.userID)).not.toContain(bob.userID);
    const third = await harness.loginSynced(alice.userID, 3);
    expect((await third.data('getFriendList')).map((f) => f.userID)).not.toContain(bob.userID);
  });
});
