// SDK-driven: message sizes are bounded without breaking the session. An oversized message is
// refused with an error the SDK reports, and both SDKs keep working afterwards (no dead reader).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receivedMessage, sendText, textOf } from '../support/scenario';
import { SdkCallError, SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

describe('message size limits (real SDK against @teamim/server)', () => {
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

  it('delivers a large text intact, refuses an oversized one, and both sessions keep working', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    await server.registerUsers([alice, bob]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);

    const large = 'L'.repeat(60 * 1024);
    const sentLarge = await sendText(a, bob.userID, large);
    expect(textOf(await receivedMessage(b, sentLarge.clientMsgID))).toBe(large);

    const oversized = 'X'.repeat(400 * 1024);
    const failure: unknown = await sendText(a, bob.userID, oversized).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SdkCallError);
    // Refused by the server (ArgsError), not by the SDK.
    expect((failure as SdkCallError).errCode).toBe(1001);

    const after = await sendText(a, bob.userID, 'still here');
    expect(textOf(await receivedMessage(b, after.clientMsgID))).toBe('still here');
    const back = await sendText(b, alice.userID, 'me too');
    expect(textOf(await receivedMessage(a, back.clientMsgID))).toBe('me too');
    expect(a.events.names()).not.toContain('OnConnectFailed');
  });
});
