// Tests of the SDK harness itself, against the stand-in server (which answers empty successes, so
// nothing here says anything about the real server).
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventWaitTimeout, SdkCallError, SdkClient, SdkHarness } from '../support/sdk';
import { decodeRequest, encodeResponse } from '../support/standin/frames';
import { startStandinServer } from '../support/standin/server';
import type { StandinServer } from '../support/standin/server';

// A GetNewestSeq request the real SDK sent, and the reply it accepted (observed-login reference, §3).
const SDK_1001_GOB =
  '657f0301010c47656e6572616c577352657101ff80000106010d5265714964656e7469666965720104000105546f6b656e010c0001' +
  '0653656e644944010c00010b4f7065726174696f6e4944010c0001074d7367496e6372010c00010444617461010a0000004fff8001' +
  'fe07d202027531012465653066393663372d656563312d343666642d613935652d346636323730663139363339011675315f3137' +
  '393533303932333330393237323137323401040a02753100';
const ACCEPTED_1001_REPLY_GOB =
  '687f0301010d47656e6572616c57735265737001ff80000106010d5265714964656e7469666965720104000107457272436f646501' +
  '040001064572724d7367010c0001074d7367496e6372010c00010b4f7065726174696f6e4944010c00010444617461010a00000063' +
  'ff8001fe07d2031675315f31373935333039333736323136313531343333012465653933633231322d343033342d343664362d6236' +
  '33642d323637343737303563306431011c0a0c0a0873695f75315f75321002120c0a0873695f75315f7532100100';

describe('stand-in frames', () => {
  it('decodes a GetNewestSeq request captured from the SDK', () => {
    const request = decodeRequest(gzipSync(Buffer.from(SDK_1001_GOB, 'hex')));
    expect(request).toEqual({
      ReqIdentifier: 1001,
      SendID: 'u1',
      OperationID: 'ee0f96c7-eec1-46fd-a95e-4f6270f19639',
      MsgIncr: 'u1_1795309233092721724',
      Data: Buffer.from('0a027531', 'hex'),
    });
  });

  it('encodes a reply byte-identical to one the SDK accepted', () => {
    const frame = encodeResponse({
      ReqIdentifier: 1001,
      MsgIncr: 'u1_1795309376216151433',
      OperationID: 'ee93c212-4034-46d6-b63d-26747705c0d1',
      Data: Buffer.from('0a0c0a0873695f75315f75321002120c0a0873695f75315f75321001', 'hex'),
    });
    expect(gunzipSync(frame).toString('hex')).toBe(ACCEPTED_1001_REPLY_GOB);
  });
});

describe('SDK harness (real SDK, stand-in server)', () => {
  let server: StandinServer;
  let harness: SdkHarness;

  beforeAll(async () => {
    server = await startStandinServer();
    harness = new SdkHarness(server);
  });
  afterAll(async () => {
    await harness.closeAll();
    await server.close();
  });

  it('runs two independent instances through login and the initial sync', async () => {
    const [alice, bob] = await Promise.all([harness.login('alice'), harness.login('bob', 3)]);
    await Promise.all([alice.synced(), bob.synced()]);

    for (const client of [alice, bob]) {
      const names = client.events.names();
      expect(names.indexOf('OnConnectSuccess')).toBeGreaterThanOrEqual(0);
      expect(names.indexOf('OnSyncServerStart')).toBeLessThan(names.indexOf('OnSyncServerFinish'));
      // A fresh local DB reports itself as a first install.
      expect(client.events.all('OnSyncServerStart')[0]?.data).toBe(true);
      expect(client.metrics.loginMs).toBeGreaterThan(0);
    }
    // Each instance connected with its own identity.
    expect(server.requests.filter((r) => r === 'ws 1001')).toHaveLength(2);
    for (const userID of ['alice', 'bob']) {
      expect(server.requests).toContain(
        `http /api/friend/get_incremental_friends {"userID":"${userID}","versionID":"","version":0}`,
      );
    }

    // Method calls go through to the SDK and come back as data.
    expect(await alice.data('getAllConversationList')).toEqual([]);
    expect(await alice.data('getLoginStatus')).toBe(3);
    // The Go log is captured for diagnosis.
    expect(alice.logs(/login start/).length).toBeGreaterThan(0);
  });

  it('reports SDK rejections with their errCode', async () => {
    const carol = await harness.loginSynced('carol');
    // The stand-in knows no users, so the SDK cannot find this one.
    const failure: unknown = await carol.sdk.getUsersInfo(['nobody']).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SdkCallError);
    expect((failure as SdkCallError).errCode).toBe(10005);
    expect((failure as SdkCallError).errMsg).toContain('10100 User ID not found');
    await expect(carol.waitFor('OnFriendAdded', () => true, 300)).rejects.toBeInstanceOf(EventWaitTimeout);
  });

  it('sees OnUserTokenExpired when the server rejects the token', async () => {
    const dave = await harness.login('dave', 5, { token: 'wrong' });
    await dave.waitFor('OnUserTokenExpired');
  });

  it('tears an instance down: calls fail afterwards', async () => {
    const erin = await SdkClient.start({
      userID: 'erin',
      token: await server.userToken('erin', 5),
      platformID: 5,
      apiAddr: server.apiAddr,
      wsAddr: server.wsAddr,
    });
    await erin.synced();
    await erin.close();
    await expect(erin.data('getAllConversationList')).rejects.toBeInstanceOf(SdkCallError);
  });
});
