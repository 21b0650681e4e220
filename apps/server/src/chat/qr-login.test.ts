import { afterEach, describe, expect, it } from 'vitest';
import type { ChatConfig } from './config';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';

/** A code's life unless `--qr-code-seconds` says otherwise. */
const QR_CODE_TTL_MS = 120_000;

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

type User = { userID: string; chatToken: string; imToken: string };
interface Created {
  code: string;
  secret: string;
  expireTime: number;
}
interface Waited {
  state: string;
  expireTime: number;
  user?: { userID: string; nickname: string; faceURL: string };
  session?: User;
}

async function setUp(config: Partial<ChatConfig> = {}): Promise<{ alice: User; bob: User }> {
  h = await createChatHarness(config);
  const alice = await h.register({ email: 'alice@example.com', nickname: 'Alice' });
  const bob = await h.register({ email: 'bob@example.com', nickname: 'Bob' });
  return { alice, bob };
}

async function create(ip = '127.0.0.1', body: object = { platform: 3, deviceName: 'Chrome on Linux' }) {
  const r = await h.post<Created>('/qrlogin/create', body, { ip });
  expect(r.errCode).toBe(0);
  if (!r.data) throw new Error('no code');
  return r.data;
}
const wait = (c: Created, known?: string, ip?: string) =>
  h.post<Waited>(
    '/qrlogin/wait',
    { code: c.code, secret: c.secret, ...(known ? { known } : {}) },
    ip ? { ip } : {},
  );
const act = (what: 'scan' | 'confirm' | 'cancel', u: User, code: string) =>
  h.post<{ platform: number; deviceName: string; createTime: number }>(
    `/qrlogin/${what}`,
    { code },
    { token: u.chatToken },
  );

describe('sign-in by QR code', () => {
  it('a scanned and confirmed code gives the waiting page a new session of the scanning user, once', async () => {
    const { alice } = await setUp();
    const c = await create();
    expect(c.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.expireTime).toBe(h.clock.now() + QR_CODE_TTL_MS);
    expect((await wait(c)).data).toEqual({ state: 'waiting', expireTime: c.expireTime });

    // The page's long poll is answered by the scan, with the scanning account's name.
    const pending = wait(c, 'waiting');
    const scanned = await act('scan', alice, c.code);
    expect(scanned.data).toEqual({
      platform: 3,
      deviceName: 'Chrome on Linux',
      createTime: c.expireTime - QR_CODE_TTL_MS,
      expireTime: c.expireTime,
    });
    const seen = (await pending).data;
    expect(seen?.state).toBe('scanned');
    expect(seen?.user).toEqual({ userID: alice.userID, nickname: 'Alice', faceURL: '' });
    expect(seen?.session).toBeUndefined();

    const confirmedWait = wait(c, 'scanned');
    expect((await act('confirm', alice, c.code)).errCode).toBe(0);
    const done = (await confirmedWait).data;
    expect(done?.state).toBe('confirmed');
    const session = done?.session;
    expect(session?.userID).toBe(alice.userID);
    // A new IM session of alice on the waiting page's own platform, and a chat token that works.
    expect(h.im.tokens.get(session?.imToken ?? '')).toEqual({ userID: alice.userID, platformID: 3 });
    expect(session?.imToken).not.toBe(alice.imToken);
    const me = await h.post(
      '/user/find/full',
      { userIDs: [alice.userID] },
      { token: session?.chatToken ?? '' },
    );
    expect(me.errCode).toBe(0);

    // One-time: the code is spent, for the page and for anyone scanning it again.
    expect((await wait(c)).errCode).toBe(20301);
    expect((await act('scan', alice, c.code)).errCode).toBe(20301);
    expect((await act('confirm', alice, c.code)).errCode).toBe(20301);
  });

  it('a cancelled code tells the waiting page and can no longer be confirmed', async () => {
    const { alice } = await setUp();
    const c = await create();
    expect((await act('scan', alice, c.code)).errCode).toBe(0);
    const pending = wait(c, 'scanned');
    expect((await act('cancel', alice, c.code)).errCode).toBe(0);
    expect((await pending).data?.state).toBe('cancelled');
    expect((await act('confirm', alice, c.code)).errCode).toBe(20301);
    expect((await wait(c)).errCode).toBe(20301);
  });

  it('a code expires after two minutes: the page is told, and nobody may scan or confirm it', async () => {
    const { alice, bob } = await setUp();
    const c = await create();
    const scanned = await create();
    expect((await act('scan', bob, scanned.code)).errCode).toBe(0);
    h.clock.advance(QR_CODE_TTL_MS);
    expect((await act('scan', alice, c.code)).errCode).toBe(20302);
    expect((await act('confirm', bob, scanned.code)).errCode).toBe(20302);
    expect((await wait(c, 'waiting')).data?.state).toBe('expired');
    expect((await wait(scanned)).data?.state).toBe('expired');
  });

  it("a deployment may shorten a code's life (--qr-code-seconds), so a test can watch one expire", async () => {
    const { alice } = await setUp({ qrCodeSeconds: 5 });
    const c = await create();
    expect(c.expireTime).toBe(h.clock.now() + 5_000);
    h.clock.advance(4_999);
    expect((await act('scan', alice, c.code)).errCode).toBe(0);
    h.clock.advance(1);
    expect((await act('confirm', alice, c.code)).errCode).toBe(20302);
    expect((await wait(c)).data?.state).toBe('expired');
    // The page has been told, and the scanner who confirms late still hears why.
    expect((await act('confirm', alice, c.code)).errCode).toBe(20302);
  });

  it("only the account that scanned a code may confirm or cancel it; a second scan is someone else's code", async () => {
    const { alice, bob } = await setUp();
    const c = await create();
    expect((await act('scan', alice, c.code)).errCode).toBe(0);
    expect((await act('scan', bob, c.code)).errCode).toBe(20303);
    expect((await act('confirm', bob, c.code)).errCode).toBe(20303);
    expect((await act('cancel', bob, c.code)).errCode).toBe(20303);
    // Scanning again (the link opened twice) is harmless for the scanner.
    expect((await act('scan', alice, c.code)).errCode).toBe(0);
    expect((await wait(c)).data?.user?.userID).toBe(alice.userID);
  });

  it('a code must be scanned before it is confirmed', async () => {
    const { alice } = await setUp();
    const c = await create();
    expect((await act('confirm', alice, c.code)).errCode).toBe(1002);
    expect((await wait(c)).data?.state).toBe('waiting');
  });

  it("the waiting page's secret is required: the code alone, or another code's secret, learns nothing", async () => {
    const { alice } = await setUp();
    const c = await create();
    const other = await create();
    expect((await act('scan', alice, c.code)).errCode).toBe(0);
    expect((await act('confirm', alice, c.code)).errCode).toBe(0);
    const wrong = await wait({ ...c, secret: other.secret });
    expect(wrong.errCode).toBe(1002);
    expect(wrong.data).toBeUndefined();
    expect((await h.post('/qrlogin/wait', { code: c.code }, {})).errCode).toBe(1001);
    // The rightful page still collects its session.
    expect((await wait(c)).data?.session?.userID).toBe(alice.userID);
  });

  it('scanning, confirming and cancelling need the user’s own chat token', async () => {
    await setUp();
    const c = await create();
    for (const what of ['scan', 'confirm', 'cancel']) {
      expect((await h.post(`/qrlogin/${what}`, { code: c.code }, {})).errCode).toBe(1001);
      expect((await h.post(`/qrlogin/${what}`, { code: c.code }, { token: 'not-a-jwt' })).errCode).toBe(1503);
    }
    expect((await wait(c)).data?.state).toBe('waiting');
  });

  it('refuses malformed input before looking anything up', async () => {
    const { alice } = await setUp();
    const bad = async (path: string, body: object, token?: string) =>
      (await h.post(path, body, token ? { token } : {})).errCode;
    expect(await bad('/qrlogin/create', { platform: 10 })).toBe(1001);
    expect(await bad('/qrlogin/create', { platform: '5' })).toBe(1001);
    expect(await bad('/qrlogin/create', {})).toBe(1001);
    expect(await bad('/qrlogin/create', { platform: 5, deviceName: 'a\u0000b' })).toBe(1001);
    expect(await bad('/qrlogin/create', { platform: 5, deviceName: 'x'.repeat(65) })).toBe(1001);
    expect(await bad('/qrlogin/wait', { code: 'short', secret: 'short' })).toBe(1001);
    const c = await create();
    expect(await bad('/qrlogin/wait', { code: c.code, secret: c.secret, known: 'bogus' })).toBe(1001);
    expect(await bad('/qrlogin/scan', { code: `${c.code.slice(1)}!` }, alice.chatToken)).toBe(1001);
    expect(await bad('/qrlogin/scan', { code: 42 }, alice.chatToken)).toBe(1001);
  });

  it('limits code creation per address', async () => {
    await setUp({ qrCodesPerIp: 3 });
    for (let i = 0; i < 3; i++) await create('10.0.0.1');
    expect((await h.post('/qrlogin/create', { platform: 5 }, { ip: '10.0.0.1' })).errCode).toBe(20005);
    await create('10.0.0.2');
    h.clock.advance(600_000);
    await create('10.0.0.1');
  });

  it('limits guesses: unknown codes and wrong secrets per address, unknown codes per user', async () => {
    const { alice } = await setUp({ loginMaxFailuresPerIp: 3 });
    const c = await create();
    const other = await create();
    for (let i = 0; i < 3; i++)
      expect((await wait({ ...c, secret: other.secret }, undefined, '10.0.0.9')).errCode).toBe(1002);
    // Blocked even with the right secret from that address; another address is not.
    expect((await wait(c, undefined, '10.0.0.9')).errCode).toBe(20005);
    expect((await wait(c)).errCode).toBe(0);
    const unknown = 'A'.repeat(32);
    for (let i = 0; i < 3; i++) expect((await act('scan', alice, unknown)).errCode).toBe(20301);
    expect((await act('scan', alice, c.code)).errCode).toBe(20005);
  });

  it('holds a wait open until something changes, then answers the unchanged state', async () => {
    await setUp({ qrWaitSeconds: 1 });
    const c = await create();
    const started = Date.now();
    const r = await wait(c, 'waiting');
    expect(r.data?.state).toBe('waiting');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('never writes a code, a secret or a token to the log', async () => {
    const { alice } = await setUp();
    const c = await create();
    await act('scan', alice, c.code);
    await act('confirm', alice, c.code);
    const session = (await wait(c)).data?.session;
    const logged = JSON.stringify(h.logger.lines);
    for (const s of [c.code, c.secret, session?.imToken ?? 'x', session?.chatToken ?? 'x'])
      expect(logged).not.toContain(s);
  });
});
