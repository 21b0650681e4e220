// A friend's remark set and then cleared: the SDK's local friend record, its OnFriendInfoChanged event and
// a later login (same local database, as a browser reload) all end with the empty remark.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFriends } from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('clearing a friend remark (real SDK against @teamim/server)', () => {
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

  it(
    'a cleared remark is empty on the device, after a re-login and on a new device',
    { timeout: 150_000 },
    async () => {
      const { alice, bob } = uniqueUsers('alice', 'bob');
      await server.registerUsers([alice, bob]);
      const a = await harness.loginSynced(alice.userID);
      const b = await harness.loginSynced(bob.userID);
      await makeFriends(a, b);
      const remarkOf = async (client: typeof a): Promise<string | undefined> =>
        (await client.data('getFriendList')).find((f) => f.userID === bob.userID)?.remark;

      await a.data('updateFriends', { friendUserIDs: [bob.userID], remark: 'Bobby' });
      await a.waitFor('OnFriendInfoChanged', (f) => f.userID === bob.userID && f.remark === 'Bobby');
      expect(await remarkOf(a)).toBe('Bobby');

      // The SDK stores a changed friend without its empty fields: only the full sync that the server asks
      // for after a cleared remark rewrites the device's table.
      await a.data('updateFriends', { friendUserIDs: [bob.userID], remark: '' });
      await expect.poll(() => remarkOf(a), { timeout: 60_000 }).toBe('');
      expect((await a.data('getFriendList')).map((f) => f.userID)).toContain(bob.userID);

      // A reload: the same local database logs in again and syncs from its stored versions.
      await a.logout();
      await a.loginAgain();
      expect(await remarkOf(a)).toBe('');

      const fresh = await harness.loginSynced(alice.userID, 3);
      expect(await remarkOf(fresh)).toBe('');

      // A remark set again after the clear arrives live as before.
      await a.data('updateFriends', { friendUserIDs: [bob.userID], remark: 'Bob B.' });
      await a.waitFor('OnFriendInfoChanged', (f) => f.userID === bob.userID && f.remark === 'Bob B.');
      expect(await remarkOf(a)).toBe('Bob B.');
    },
  );
});
