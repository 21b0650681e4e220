import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { apiOk, registerUsers, textMsg } from '../testing/client';
import { OpenImTestClient } from '../wire/testing/client';
import { WsRequestError } from '../wire/testing/connection';

let s: RunningServer;
const clients: OpenImTestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  await s.close();
});

async function open(userID: string, token: string, platformID = 5): Promise<OpenImTestClient> {
  const c = await OpenImTestClient.open({ url: s.wsUrl, userID, token, platformID });
  clients.push(c);
  return c;
}

async function adminToken(): Promise<string> {
  const answer = await apiOk<{ token: string }>(s, '/auth/get_admin_token', {
    secret: s.config.adminSecret,
    userID: 'imAdmin',
  });
  return answer.token;
}

describe('WebSocket end to end (gateway + core)', () => {
  it('sends 1003 with fan-out to the peer and every device of the sender, then syncs with 1001/1002/1006', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
    const t = await registerUsers(s, ['alice', 'bob']);
    const admin = await adminToken();
    const aliceMobile = (
      await apiOk<{ token: string }>(s, '/auth/get_user_token', { userID: 'alice', platformID: 2 }, admin)
    ).token;
    const a1 = await open('alice', t['alice'] ?? '');
    const a2 = await open('alice', aliceMobile, 2);
    const b = await open('bob', t['bob'] ?? '');

    const resp = await a1.sendMsg(textMsg('alice', 'bob', 'hello bob', 'cm-1'));
    expect(resp.clientMsgID).toBe('cm-1');
    expect(resp.serverMsgID).toMatch(/^[0-9a-f]{32}$/);
    for (const c of [a1, a2, b]) {
      const push = await c.waitForPush((p) => p.msgs['si_alice_bob'] !== undefined, 15_000);
      expect(push.msgs['si_alice_bob']?.Msgs[0]).toMatchObject({
        seq: 1,
        clientMsgID: 'cm-1',
        status: 2,
        sendID: 'alice',
      });
    }
    expect(await b.getNewestSeq()).toMatchObject({ maxSeqs: { si_alice_bob: 1 } });
    const pulled = await b.pullMsgByRange({
      seqRanges: [{ conversationID: 'si_alice_bob', begin: 0, end: 1, num: 1 }],
      order: 0,
    });
    expect(new TextDecoder().decode(pulled.msgs['si_alice_bob']?.Msgs[0]?.content)).toBe(
      '{"content":"hello bob"}',
    );
    const reads = await b.getConvMaxReadSeq();
    expect(reads.seqs['si_alice_bob']).toMatchObject({ maxSeq: 1, hasReadSeq: 0 });

    // Spoofed sender: a typed error, and the connection stays usable.
    await expect(b.sendMsg(textMsg('alice', 'bob', 'spoof', 'cm-2'))).rejects.toBeInstanceOf(WsRequestError);
    expect(b.isOpen).toBe(true);

    // A notification pushed by an HTTP mutation reaches the WS session.
    await apiOk(
      s,
      '/friend/add_friend',
      { fromUserID: 'bob', toUserID: 'alice', reqMsg: 'hi', ex: '' },
      t['bob'],
    );
    const note = await a1.waitForPush((p) => p.notificationMsgs['n_alice_bob'] !== undefined, 15_000);
    expect(note.notificationMsgs['n_alice_bob']?.Msgs[0]?.contentType).toBe(1203);
    for (const c of [a1, a2, b]) expect(c.fatalErrors).toEqual([]);
  });

  it('ends sessions on force_logout (2002) and on token revocation, and refuses the old token at the handshake', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
    const t = await registerUsers(s, ['alice', 'bob']);
    const admin = await adminToken();
    const a = await open('alice', t['alice'] ?? '');
    await apiOk(s, '/auth/force_logout', { userID: 'alice', platformID: 5 }, admin);
    await a.waitClosed();
    expect(a.kicked).toBe(true);
    const again = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'alice', token: t['alice'] ?? '' });
    expect(again.handshake.errCode).toBe(1506);

    const b = await open('bob', t['bob'] ?? '');
    await apiOk(s, '/auth/revoke_token', { userID: 'bob' }, admin);
    await b.waitClosed();
    const retry = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'bob', token: t['bob'] ?? '' });
    expect(retry.handshake.errCode).toBe(1501);
  });

  it('kicks the older session when another token logs in on the same platform, and marks its token kicked', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
    const t = await registerUsers(s, ['alice']);
    const admin = await adminToken();
    const first = await open('alice', t['alice'] ?? '');
    const second = (
      await apiOk<{ token: string }>(s, '/auth/get_user_token', { userID: 'alice', platformID: 5 }, admin)
    ).token;
    const b = await open('alice', second);
    await first.waitClosed();
    expect(first.kicked).toBe(true);
    expect(b.isOpen).toBe(true);
    const reuse = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'alice', token: t['alice'] ?? '' });
    expect(reuse.handshake.errCode).toBe(1506);
  });

  it('keeps the newer login when a page that was offline comes back with an older token', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
    const t = await registerUsers(s, ['alice']);
    const admin = await adminToken();
    const older = t['alice'] ?? '';
    // Token times are in ms: make sure the second login is later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = (
      await apiOk<{ token: string }>(s, '/auth/get_user_token', { userID: 'alice', platformID: 5 }, admin)
    ).token;
    // The newer login connects while the older page is offline; then the older page reconnects.
    const active = await open('alice', newer);
    const stale = await open('alice', older);
    await stale.waitClosed();
    expect(stale.kicked).toBe(true);
    expect(active.isOpen).toBe(true);
    expect(active.kicked).toBe(false);
    const reuse = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'alice', token: older });
    expect(reuse.handshake.errCode).toBe(1506);
    const again = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'alice', token: newer });
    expect(again.handshake.errCode).toBe(0);
    await again.client?.close();
  });

  it('sends 1207 to the other devices of the blocker but not to the calling device, which syncs by itself', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
    const t = await registerUsers(s, ['alice', 'bob']);
    const admin = await adminToken();
    const mobileToken = (
      await apiOk<{ token: string }>(s, '/auth/get_user_token', { userID: 'alice', platformID: 2 }, admin)
    ).token;
    const web = await open('alice', t['alice'] ?? '');
    const mobile = await open('alice', mobileToken, 2);
    const bob = await open('bob', t['bob'] ?? '');
    await apiOk(s, '/friend/add_black', { ownerUserID: 'alice', blackUserID: 'bob', ex: '' }, t['alice']);
    const got = await mobile.waitForPush((p) => p.notificationMsgs['n_alice_bob'] !== undefined, 15_000);
    expect(got.notificationMsgs['n_alice_bob']?.Msgs[0]?.contentType).toBe(1207);
    // A later push proves the web connection was reachable all along.
    await apiOk(s, '/friend/remove_black', { ownerUserID: 'alice', blackUserID: 'bob' }, t['alice']);
    await web.waitForPush((p) => p.notificationMsgs['n_alice_bob']?.Msgs[0]?.contentType === 1208, 15_000);
    expect(web.pushes.some((p) => p.notificationMsgs['n_alice_bob']?.Msgs[0]?.contentType === 1207)).toBe(
      false,
    );
    expect(bob.pushes).toEqual([]);
  });

  it('closes a live session when its token expires so the reconnect sees 1501', async () => {
    let now = Date.now();
    s = await createServer({
      memory: true,
      port: 0,
      logLevel: 'silent',
      now: () => now,
      tokenExpireSeconds: 60,
      tokenCheckIntervalMs: 50,
    });
    const t = await registerUsers(s, ['alice']);
    const a = await open('alice', t['alice'] ?? '');
    now += 61_000;
    await a.waitClosed();
    const retry = await OpenImTestClient.connect({ url: s.wsUrl, userID: 'alice', token: t['alice'] ?? '' });
    expect(retry.handshake.errCode).toBe(1501);
  });
});

describe('re-sends after a crash', () => {
  it('answers a re-sent 1003 after a restart with the original server ID and time, stored once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamim-resend-'));
    try {
      s = await createServer({ dataDir: dir, port: 0, logLevel: 'silent' });
      const t = await registerUsers(s, ['alice', 'bob']);
      const a = await open('alice', t['alice'] ?? '');
      const first = await a.sendMsg(textMsg('alice', 'bob', 'did this arrive?', 'resend-1'));
      await a.close();
      // The acknowledgement was lost: the SDK reconnects to the restarted server and sends again.
      await s.close();
      s = await createServer({ dataDir: dir, port: 0, logLevel: 'silent' });
      const a2 = await open('alice', t['alice'] ?? '');
      const again = await a2.sendMsg(textMsg('alice', 'bob', 'did this arrive?', 'resend-1'));
      expect(again).toMatchObject({
        clientMsgID: 'resend-1',
        serverMsgID: first.serverMsgID,
        sendTime: first.sendTime,
      });
      expect(await a2.getNewestSeq()).toMatchObject({ maxSeqs: { si_alice_bob: 1 } });
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
