import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer, requestLogController } from './app';
import { parseArgs, helpText, FLAGS, resolveConfig } from './config';
import { sendMessage } from './im/messages';
import { api, apiOk, adminToken, registerUsers, textMsg } from './testing/client';

const servers: RunningServer[] = [];
async function start(extra: Parameters<typeof createServer>[0] = {}): Promise<RunningServer> {
  const s = await createServer({
    memory: true,
    port: 0,
    logLevel: 'silent',
    adminSecret: 'test-secret',
    ...extra,
  });
  servers.push(s);
  return s;
}
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

describe('createServer', () => {
  it('logs requests only with --verbose and prints dev-mode verification codes as plain lines', async () => {
    expect(parseArgs(['--verbose'], {}).config.verbose).toBe(true);
    expect(resolveConfig({}).verbose).toBe(false);
    expect(requestLogController(false).isLogDisabled({} as never)).toBe(true);
    expect(requestLogController(true).isLogDisabled({} as never)).toBe(false);

    const lines: string[] = [];
    const s = await start({ announce: (line) => lines.push(line) });
    const res = await fetch(`${s.url}/chat/account/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', operationID: 'op-1' },
      body: JSON.stringify({ usedFor: 1, email: 'new@example.com' }),
    });
    expect(((await res.json()) as { errCode: number }).errCode).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^Verification code for new@example\.com \(1\): \d{6}$/)]);
  });

  it('listens on a random port and answers /healthz', async () => {
    const s = await start();
    expect(s.port).toBeGreaterThan(0);
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers CORS preflights on any path with a long max-age', async () => {
    const s = await start();
    const res = await fetch(`${s.apiUrl}/user/get_users_info`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://elsewhere',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'token,operationid',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-max-age')).toBe('172800');
    expect(res.headers.get('access-control-allow-headers')).toContain('token');
    const post = await api(s, '/user/get_users_info', { userIDs: [] });
    expect(post.errCode).toBe(1001);
  });

  it('wraps framework errors in the OpenIM envelope with 1001', async () => {
    const s = await start({ maxBodyBytes: 2048 });
    const admin = await adminToken(s);
    expect((await api(s, '/user/get_users_info', '{not json', admin)).errCode).toBe(1001);
    const big = await api(s, '/user/get_users_info', { userIDs: ['x'.repeat(5000)] }, admin);
    expect(big).toMatchObject({ errCode: 1001, errMsg: 'request body too large' });
    const unknown = await api(s, '/nope/nothing', {}, admin);
    expect(unknown.errCode).toBe(1001);
    expect(unknown.errMsg).toContain('unknown endpoint');
  });

  it('answers router refusals (bad percent-escapes, overlong parameters) under /api and /chat with the envelope', async () => {
    const s = await start();
    const requests: [string, string][] = [
      ['GET', '/api/object/%ff%fe'],
      ['POST', '/api/%zz'],
      ['POST', '/api/user/%E0%A4%A'],
      ['GET', '/chat/%ff'],
      ['POST', '/chat/account/%c0'],
      ['PUT', `/api/object-upload/${'a'.repeat(4000)}`],
      ['GET', `/api/object-upload/${'a'.repeat(4000)}`],
      ['GET', `/api/object/${'a'.repeat(4000)}`],
      ['POST', '/chat/nowhere'],
      ['POST', '/api/nowhere'],
    ];
    for (const [method, path] of requests) {
      const res = await fetch(`${s.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', operationID: 'op' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      const label = `${method} ${path.slice(0, 40)}`;
      expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort(), label).toEqual(
        expect.arrayContaining(['errCode', 'errDlt', 'errMsg']),
      );
      expect(body['errCode'], label).toBeGreaterThan(0);
      expect(JSON.stringify(body), label).not.toContain('FST_ERR');
    }
    // The web app's own paths are not the API's: a plain 400 there.
    expect((await fetch(`${s.url}/%ff`)).status).toBe(400);
  });

  it('requires the operationID header and a token', async () => {
    const s = await start();
    const noOp = await fetch(`${s.apiUrl}/user/get_users_info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userIDs":[]}',
    });
    expect(await noOp.json()).toMatchObject({ errCode: 1001, errMsg: 'header must have operationID' });
    expect(await api(s, '/user/get_users_info', { userIDs: [] })).toMatchObject({
      errCode: 1001,
      errMsg: 'header must have token',
    });
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, 'garbage')).errCode).toBe(1503);
  });
});

describe('web app and health', () => {
  it('serves the SPA, falls back to index.html for browser navigations under /chat, keeps the APIs JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamim-web-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>TeamIM</title>');
      writeFileSync(join(dir, 'app.js'), 'console.log(1)');
      const s = await start({ webDir: dir });
      const root = await fetch(`${s.url}/`);
      expect(await root.text()).toContain('<title>TeamIM</title>');
      const js = await fetch(`${s.url}/app.js`);
      expect(js.headers.get('content-type')).toContain('javascript');
      const nav = await fetch(`${s.url}/chat/si_alice_bob`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(nav.headers.get('content-type')).toContain('text/html');
      expect(await nav.text()).toContain('TeamIM');
      const deep = await fetch(`${s.url}/contacts/123`, { headers: { accept: 'text/html' } });
      expect(await deep.text()).toContain('TeamIM');
      const traversal = await fetch(`${s.url}/..%2f..%2fetc%2fpasswd`);
      expect(await traversal.text()).not.toContain('root:');
      const apiFetch = await fetch(`${s.url}/chat/app/user/balance/log/balance`, {
        headers: { accept: 'application/json' },
      });
      expect(apiFetch.headers.get('content-type')).toContain('application/json');
      expect((await api(s, '/user/get_users_info', { userIDs: [] }, await adminToken(s))).errCode).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the served app reach the configured LiveKit server (its CSP names it), and only then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamim-web-'));
    try {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>TeamIM</title>');
      const connectSrc = async (s: RunningServer) =>
        ((await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '')
          .split(';')
          .find((d) => d.trim().startsWith('connect-src'))
          ?.trim();
      const withRtc = await start({ webDir: dir, chat: { liveKitUrl: 'ws://127.0.0.1:7880' } });
      expect(await connectSrc(withRtc)).toBe("connect-src 'self' ws://127.0.0.1:7880 http://127.0.0.1:7880");
      expect(await connectSrc(await start({ webDir: dir }))).toBe("connect-src 'self'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports readiness, versions and schema versions on /healthz', async () => {
    const s = await start();
    const h = (await (await fetch(`${s.url}/healthz`)).json()) as Record<string, unknown>;
    expect(h).toMatchObject({ status: 'ok', ready: true, openim: { server: '3.8.3' }, schema: { core: 5 } });
    expect(typeof h['version']).toBe('string');
    expect((h['schema'] as Record<string, number>)['chat']).toBeGreaterThanOrEqual(1);
  });
});

describe('admin bootstrap API', () => {
  it('issues admin tokens only for the right secret and admin IDs', async () => {
    const s = await start();
    expect((await api(s, '/auth/get_admin_token', { secret: 'wrong', userID: 'imAdmin' })).errCode).toBe(
      1002,
    );
    expect((await api(s, '/auth/get_admin_token', { secret: 'test-secret', userID: 'bob' })).errCode).toBe(
      1002,
    );
    expect((await api(s, '/auth/get_admin_token', { secret: 'test-secret' })).errCode).toBe(1001);
    const ok = await apiOk<{ token: string; expireTimeSeconds: number }>(s, '/auth/get_admin_token', {
      secret: 'test-secret',
      userID: 'imAdmin',
    });
    expect(ok.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(ok.expireTimeSeconds).toBeGreaterThan(0);
  });

  it('answers 20005 to an address that guessed the admin secret too often, and only to it', async () => {
    const s = await start({ adminMaxFailuresPerIp: 3 });
    const ask = (secret: string) => api(s, '/auth/get_admin_token', { secret, userID: 'imAdmin' });
    for (let i = 0; i < 3; i++) expect((await ask(`guess-${i}`)).errCode).toBe(1002);
    const blocked = await ask(s.config.adminSecret);
    expect(blocked.errCode).toBe(20005);
    expect(blocked.errMsg).toMatch(/too many/);
    // The defaults leave room for test suites that ask for admin tokens all the time with the right secret.
    const roomy = await start();
    for (let i = 0; i < 30; i++)
      expect(
        (await api(roomy, '/auth/get_admin_token', { secret: roomy.config.adminSecret, userID: 'imAdmin' }))
          .errCode,
      ).toBe(0);
  });

  it('registers users, rejects duplicates atomically and non-admin callers', async () => {
    const s = await start();
    const admin = await adminToken(s);
    const tokens = await registerUsers(s, ['alice']);
    expect(
      (await api(s, '/user/user_register', { users: [{ userID: 'bob' }] }, tokens['alice'])).errCode,
    ).toBe(1002);
    const dup = await api(
      s,
      '/user/user_register',
      { users: [{ userID: 'carol' }, { userID: 'alice' }] },
      admin,
    );
    expect(dup.errCode).toBe(1102);
    // The batch is one transaction: carol must not exist after the failure.
    const info = await apiOk<{ usersInfo: { userID: string }[] }>(
      s,
      '/user/get_users_info',
      { userIDs: ['alice', 'carol'] },
      admin,
    );
    expect(info.usersInfo.map((u) => u.userID)).toEqual(['alice']);
    expect((await api(s, '/user/user_register', { users: [{ userID: 'bad id!' }] }, admin)).errCode).toBe(
      1001,
    );
    expect((await api(s, '/auth/get_user_token', { userID: 'ghost', platformID: 5 }, admin)).errCode).toBe(
      1101,
    );
    expect(
      (await api(s, '/auth/get_user_token', { userID: 'alice', platformID: 'web' }, admin)).errCode,
    ).toBe(1001);
  });
});

describe('tokens', () => {
  it('maps expiry, revocation, kick, tampering and unknown tokens to 1501-1507', async () => {
    let now = Date.now();
    const s = await start({ now: () => now, tokenExpireSeconds: 60 });
    const t = await registerUsers(s, ['alice', 'bob']);
    const alice = t['alice'] ?? '';
    expect((await api(s, '/user/get_users_info', { userIDs: ['alice'] }, alice)).errCode).toBe(0);
    const [h, p, sig] = alice.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ UserID: 'bob', PlatformID: 5, exp: 9e9, iat: 0 })).toString('base64url')}.${sig}`;
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, tampered)).errCode).toBe(1505);
    void p;
    // Signed with the same key but never issued (not in the store): 1507.
    const other = await createServer({ memory: true, port: 0, logLevel: 'silent', tokenSecret: 'k1' });
    servers.push(other);
    const s2 = await start({ tokenSecret: 'k1' });
    const foreign = (await registerUsers(other, ['zed']))['zed'] ?? '';
    expect((await api(s2, '/user/get_users_info', { userIDs: [] }, foreign)).errCode).toBe(1507);

    const admin = await adminToken(s);
    await apiOk(s, '/auth/force_logout', { userID: 'bob', platformID: 5 }, admin);
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, t['bob'])).errCode).toBe(1506);
    await apiOk(s, '/auth/revoke_token', { userID: 'alice' }, admin);
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, alice)).errCode).toBe(1501);

    const fresh = await apiOk<{ token: string }>(
      s,
      '/auth/get_user_token',
      { userID: 'alice', platformID: 5 },
      admin,
    );
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, fresh.token)).errCode).toBe(0);
    now += 61_000;
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, fresh.token)).errCode).toBe(1501);
    // Long-expired tokens are pruned from the store; they still answer 1501 (checked before the store).
    now += 2 * 86_400_000;
    s.tokens.prune();
    expect(s.db.prepare('SELECT COUNT(*) AS n FROM tokens WHERE token = ?').get(fresh.token)).toEqual({
      n: 0,
    });
    expect((await api(s, '/user/get_users_info', { userIDs: [] }, fresh.token)).errCode).toBe(1501);
  });
});

describe('persistence', () => {
  it('keeps users, tokens and messages across a restart with the same data dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamim-core-'));
    try {
      const a = await createServer({ dataDir: dir, port: 0, logLevel: 'silent' });
      const t = await registerUsers(a, ['alice', 'bob']);
      sendMessage(
        a.core,
        { userID: 'alice', platformID: 5, isAdmin: false },
        textMsg('alice', 'bob', 'hello', 'c1'),
      );
      await a.close();
      const b = await createServer({ dataDir: dir, port: 0, logLevel: 'silent' });
      servers.push(b);
      const conv = await apiOk<{ conversations: { conversationID: string }[] }>(
        b,
        '/conversation/get_all_conversations',
        { ownerUserID: 'bob' },
        t['bob'],
      );
      expect(conv.conversations.map((c) => c.conversationID)).toEqual(['si_alice_bob']);
      const row = b.db
        .prepare('SELECT seq, content FROM messages WHERE conversation_id = ?')
        .get('si_alice_bob') as { seq: number; content: Buffer };
      expect(row.seq).toBe(1);
      expect(JSON.parse(row.content.toString())).toEqual({ content: 'hello' });
      const mig = b.db.prepare('SELECT module, version FROM schema_migrations').all();
      expect(mig).toContainEqual({ module: 'core', version: 1 });
      expect(mig).toContainEqual({ module: 'core', version: 3 });
      // Only the primary key indexes messages: nothing reads them by client message ID.
      const indexes = b.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'")
        .all() as { name: string }[];
      expect(indexes.map((i) => i.name)).not.toContain('messages_client');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('command line', () => {
  it('parses flags over environment variables and documents every flag', () => {
    const { help, config } = parseArgs(['--port', '1234', '--memory', '--admin-user-ids=a,b'], {
      TEAMIM_PORT: '99',
      TEAMIM_HOST: '0.0.0.0',
    });
    expect(help).toBe(false);
    expect(config).toMatchObject({ port: 1234, memory: true, host: '0.0.0.0', adminUserIDs: ['a', 'b'] });
    expect(() => parseArgs(['--bogus'], {})).toThrow(/unknown option '--bogus'/);
    expect(() => parseArgs(['--port'], {})).toThrow(/argument missing/);
    expect(parseArgs(['--dev', '--seed=demo', '-h'], {})).toEqual({
      help: true,
      config: { seed: 'demo', chat: { devMode: true } },
    });
    expect(parseArgs([], { TEAMIM_MEMORY: 'false', TEAMIM_SEED: 'large' }).config).toEqual({
      memory: false,
      seed: 'large',
    });
    expect(resolveConfig(parseArgs(['--multi-login-policy', '0'], {}).config).multiLoginPolicy).toBe(
      'allow-all',
    );
    expect(() => resolveConfig(parseArgs(['--multi-login-policy', '9'], {}).config)).toThrow(
      /multi-login policy/,
    );
    expect(resolveConfig({ seed: 'large' }).seed).toBe('large');
    expect(resolveConfig({ seed: 'none' }).seed).toBe('');
    expect(() => resolveConfig({ seed: 'lots' })).toThrow(/unknown seed/);
    expect(() => resolveConfig(parseArgs(['--admin-secret='], {}).config)).toThrow(
      /adminSecret must not be empty/,
    );
    expect(() => parseArgs(['--port', 'x'], {})).toThrow(/number/);
    const text = helpText();
    for (const f of FLAGS) {
      expect(text).toContain(f.flag);
      expect(text).toContain(f.env);
    }
  });
});
