// SDK-driven: the multi-login policy kicks an older session of the same platform (2002,
// OnKickedOffline) and leaves other platforms alone; force_logout kicks too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('sessions and multi-login (real SDK against @teamim/server)', () => {
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

  it('a new token on the same platform kicks the older session, other platforms stay', async () => {
    const { alice } = uniqueUsers('alice');
    await server.registerUsers([alice]);
    const [oldWeb, desktop] = [
      await harness.loginSynced(alice.userID, 5),
      await harness.loginSynced(alice.userID, 3),
    ];
    const sinceOld = oldWeb.events.mark();
    const sinceDesktop = desktop.events.mark();

    const newWeb = await harness.loginSynced(alice.userID, 5);

    await oldWeb.waitFor('OnKickedOffline', () => true, 20_000, sinceOld);
    expect(newWeb.events.names()).not.toContain('OnKickedOffline');
    // The desktop session is untouched: no kick, no reconnect.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(desktop.events.names(sinceDesktop)).not.toContain('OnKickedOffline');
    expect(desktop.events.names(sinceDesktop)).not.toContain('OnConnecting');
    expect(await newWeb.data('getSelfUserInfo')).toMatchObject({ userID: alice.userID });
  });

  it('force_logout kicks the session with OnKickedOffline', async () => {
    const { alice } = uniqueUsers('alice');
    await server.registerUsers([alice]);
    const client = await harness.loginSynced(alice.userID, 5);
    const since = client.events.mark();

    await server.api(
      '/auth/force_logout',
      { userID: alice.userID, platformID: 5 },
      await server.adminToken(),
    );

    await client.waitFor('OnKickedOffline', () => true, 20_000, since);
  });
});
