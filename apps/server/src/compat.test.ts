import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { createServer } from './seed/server';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ADMIN = 'compat-admin-secret';

interface Envelope<T = unknown> {
  errCode: number;
  errMsg: string;
  data?: T;
}

describe('--compat openim-3.8: answers as a real OpenIM 3.8 + chat 1.8 deployment', () => {
  let server: RunningServer;
  let alice: { userID: string; imToken: string; chatToken: string };

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', operationID: `op-${Math.random()}`, ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  };
  const envelope = async <T>(path: string, body: unknown, token: string) =>
    JSON.parse((await post(path, body, { token })).text) as Envelope<T>;

  beforeAll(async () => {
    server = await createServer({
      memory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      seed: 'demo',
      adminSecret: ADMIN,
      compat: 'openim-3.8',
      chat: { scryptCost: 1024 },
    });
    const login = JSON.parse(
      (
        await post('/chat/account/login', {
          email: 'alice@example.com',
          password: md5('Demo1234'),
          platform: 5,
        })
      ).text,
    ) as Envelope<typeof alice>;
    alice = login.data!;
  });
  afterAll(async () => {
    await server.close();
  });

  it('has no wallet, no QR sign-in and no fuzzy search: a plain-text 404, as gin answers', async () => {
    for (const path of ['/chat/user/search/fuzzy', '/chat/app/redbag/log/send', '/chat/qrlogin/create']) {
      const r = await post(path, { keyword: 'bob' }, { token: alice.chatToken });
      expect([r.status, r.type.startsWith('text/plain'), r.text]).toEqual([404, true, '404 page not found']);
    }
    const balance = await fetch(`${server.url}/chat/app/user/balance/log/balance`, {
      headers: { token: alice.chatToken },
    });
    expect(balance.status).toBe(404);
    const search = await envelope<{ total: number }>(
      '/chat/user/search/public',
      { keyword: 'bob', pagination: { pageNumber: 1, showNumber: 10 } },
      alice.chatToken,
    );
    expect(search.data?.total).toBe(1);
  });

  it('refuses the platform ids a real deployment refuses: 10 with 1002 (admin platform), 11 with 1001', async () => {
    const login = async (platform: number) =>
      JSON.parse(
        (
          await post('/chat/account/login', {
            email: 'alice@example.com',
            password: md5('Demo1234'),
            platform,
          })
        ).text,
      ) as Envelope;
    // chat 1.8.4 lets 10 through to OpenIM, which refuses a user token on the admin platform;
    // chat itself refuses anything above 10 (HarmonyOS came with v1.8.4-patch.3).
    expect((await login(10)).errCode).toBe(1002);
    expect((await login(11)).errCode).toBe(1001);
    expect((await login(12)).errCode).toBe(1001);
    expect((await login(9)).errCode).toBe(0);
    const admin = await envelope<{ token: string }>(
      '/api/auth/get_admin_token',
      { secret: ADMIN, userID: 'imAdmin' },
      '',
    );
    const adminPlatform = await envelope(
      '/api/auth/get_user_token',
      { userID: alice.userID, platformID: 10 },
      admin.data!.token,
    );
    expect(adminPlatform.errCode).toBe(1002);
  });

  it("leaves this server's own fields out of /user/find/full", async () => {
    const r = await envelope<{ users: Record<string, unknown>[] }>(
      '/chat/user/find/full',
      { userIDs: [alice.userID] },
      alice.chatToken,
    );
    expect(r.data?.users[0]).toMatchObject({ userID: alice.userID, nickname: 'alice' });
    for (const local of ['allowCreateGroup', 'hasPayPassword', 'invitationCode'])
      expect(Object.keys(r.data?.users[0] ?? {})).not.toContain(local);
  });

  it('answers 1004 for the sorted conversation list of a user without conversations', async () => {
    const token = await envelope<{ token: string }>(
      '/api/auth/get_admin_token',
      { secret: ADMIN, userID: 'imAdmin' },
      '',
    );
    expect(token.errCode).toBe(0);
    await envelope(
      '/api/user/user_register',
      { users: [{ userID: 'lonely', nickname: 'Lonely' }] },
      token.data!.token,
    );
    const userToken = await envelope<{ token: string }>(
      '/api/auth/get_user_token',
      { userID: 'lonely', platformID: 5 },
      token.data!.token,
    );
    const page = await envelope(
      '/api/conversation/get_sorted_conversation_list',
      { userID: 'lonely', conversationIDs: [], pagination: { pageNumber: 1, showNumber: 20 } },
      userToken.data!.token,
    );
    expect(page.errCode).toBe(1004);
    const alicePage = await envelope<{ conversationElems: unknown[] }>(
      '/api/conversation/get_sorted_conversation_list',
      { userID: alice.userID, conversationIDs: [], pagination: { pageNumber: 1, showNumber: 20 } },
      alice.imToken,
    );
    expect(alicePage.data?.conversationElems.length).toBeGreaterThan(0);
  });

  it('answers null, not [], for an empty friend list and an empty joined-group list, as the real server', async () => {
    const admin = await envelope<{ token: string }>(
      '/api/auth/get_admin_token',
      { secret: ADMIN, userID: 'imAdmin' },
      '',
    );
    await envelope(
      '/api/user/user_register',
      { users: [{ userID: 'loner', nickname: 'Loner' }] },
      admin.data!.token,
    );
    const token = (
      await envelope<{ token: string }>(
        '/api/auth/get_user_token',
        { userID: 'loner', platformID: 5 },
        admin.data!.token,
      )
    ).data!.token;
    const page = { pageNumber: 1, showNumber: 100 };
    const raw = async (path: string, body: unknown, as: string) =>
      JSON.parse((await post(path, body, { token: as })).text) as Envelope<Record<string, unknown>>;
    // The SDK's full sync hands these lists to its database worker as they are; `null` is what makes
    // the worker log "Cannot read properties of null (reading 'map')" against a real deployment.
    expect(
      (await raw('/api/friend/get_friend_list', { userID: 'loner', pagination: page }, token)).data,
    ).toEqual({
      total: 0,
      friendsInfo: null,
    });
    expect(
      (await raw('/api/group/get_joined_group_list', { fromUserID: 'loner', pagination: page }, token)).data,
    ).toEqual({ total: 0, groups: null });
    const friends = await raw(
      '/api/friend/get_friend_list',
      { userID: alice.userID, pagination: page },
      alice.imToken,
    );
    expect(Array.isArray(friends.data?.['friendsInfo'])).toBe(true);
  });

  it('hands out upload URLs on a second origin that takes a browser PUT (CORS), and serves the file there', async () => {
    const bytes = Buffer.from('a picture, in spirit');
    const partHash = md5(bytes.toString('latin1'));
    const hash = md5(partHash);
    const init = await envelope<{
      upload: {
        uploadID: string;
        sign: {
          url: string;
          query: { key: string; values: string[] }[];
          parts: { partNumber: number; query?: { key: string; values: string[] }[] }[];
        };
      };
    }>(
      '/api/object/initiate_multipart_upload',
      {
        hash,
        size: bytes.length,
        partSize: 5 * 1024 * 1024,
        maxParts: 1,
        cause: '',
        name: `${alice.userID}/pic.png`,
        contentType: 'image/png',
      },
      alice.imToken,
    );
    expect(init.errCode).toBe(0);
    const sign = init.data!.upload.sign;
    const storage = new URL(sign.url);
    expect(storage.origin).not.toBe(server.url);
    const preflight = await fetch(sign.url, {
      method: 'OPTIONS',
      headers: { origin: server.url, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const query = new URLSearchParams();
    for (const q of [...(sign.query ?? []), ...(sign.parts[0]?.query ?? [])])
      for (const v of q.values) query.append(q.key, v);
    const put = await fetch(`${sign.url}?${query.toString()}`, {
      method: 'PUT',
      headers: { origin: server.url, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe('*');
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');
    const done = await envelope<{ url: string }>(
      '/api/object/complete_multipart_upload',
      {
        uploadID: init.data!.upload.uploadID,
        parts: [partHash],
        name: `${alice.userID}/pic.png`,
        contentType: 'image/png',
        cause: '',
      },
      alice.imToken,
    );
    expect(done.errCode).toBe(0);
    expect(new URL(done.data!.url).origin).toBe(storage.origin);
    expect(await (await fetch(done.data!.url)).text()).toBe(bytes.toString());
  });

  it('refuses a dropped chat token with 20101 while the IM token still works', async () => {
    const before = await envelope('/chat/user/find/full', { userIDs: [alice.userID] }, alice.chatToken);
    expect(before.errCode).toBe(0);
    const dropped = JSON.parse(
      (await post('/chat/admin/token/invalidate', { userID: alice.userID }, { adminSecret: ADMIN })).text,
    ) as Envelope;
    expect(dropped.errCode).toBe(0);
    const after = await envelope('/chat/user/find/full', { userIDs: [alice.userID] }, alice.chatToken);
    expect([after.errCode, after.errMsg]).toEqual([20101, 'ErrTokenNotExist']);
    const im = await envelope(
      '/api/conversation/get_sorted_conversation_list',
      { userID: alice.userID, conversationIDs: [], pagination: { pageNumber: 1, showNumber: 20 } },
      alice.imToken,
    );
    expect(im.errCode).toBe(0);
  });
});
