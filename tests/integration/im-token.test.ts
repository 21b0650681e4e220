// SDK-driven: an expired or revoked token logs the SDK out (OnUserTokenExpired).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

const DAY_MS = 86_400_000;

describe('token expiry and revocation (real SDK against @teamim/server)', () => {
  let server: TestServer;
  let harness: SdkHarness;
  // The server's clock, moved forward to make tokens expire without waiting.
  let clockOffsetMs = 0;

  beforeAll(async () => {
    server = await startTestServer({
      now: () => Date.now() + clockOffsetMs,
      tokenExpireSeconds: DAY_MS / 1000,
    });
    harness = new SdkHarness(server);
  });
  afterEach(async () => {
    await harness.closeAll();
  });
  afterAll(async () => {
    await server.close();
  });

  it('an expired token is refused at connect and the SDK reports OnUserTokenExpired', async () => {
    const { alice } = uniqueUsers('alice');
    await server.registerUsers([alice]);
    const token = await server.userToken(alice.userID, 5);
    clockOffsetMs += 2 * DAY_MS;
    try {
      const client = await harness.login(alice.userID, 5, { token });
      await client.waitFor('OnUserTokenExpired');
      expect(client.events.names()).not.toContain('OnConnectSuccess');
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('revoking the token of a connected SDK logs it out with OnUserTokenExpired', async () => {
    const { alice } = uniqueUsers('alice');
    await server.registerUsers([alice]);
    const client = await harness.loginSynced(alice.userID, 5);
    const since = client.events.mark();

    await server.api(
      '/auth/revoke_token',
      { userID: alice.userID, platformID: 5 },
      await server.adminToken(),
    );

    await client.waitFor('OnUserTokenExpired', () => true, 30_000, since);
    // The SDK gives up for good: no new connection after the expiry.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(client.events.names(since)).not.toContain('OnConnectSuccess');
  });
});
