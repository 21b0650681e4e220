import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { createServer } from './seed/server';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ALICE = '1000000001';
const BOB = '1000000002';
const PAIR = `si_${ALICE}_${BOB}`;

interface Answer {
  status: number;
  type: string;
  text: string;
  json: () => Record<string, unknown>;
}

// What the recordings of a real open-im-server v3.8.3-patch.12 and chat v1.8.4 showed where this server
// answered otherwise (tests/contract/real-openim/recordings; the differential test replays them all).
describe('--compat openim-3.8: the forms a real deployment answers in', () => {
  let server: RunningServer;
  let alice: { imToken: string; chatToken: string };

  const post = async (path: string, body: unknown, token = ''): Promise<Answer> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', operationID: `op-${Math.random()}`, token },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: (response.headers.get('content-type') ?? '').split(';')[0] ?? '',
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  };
  const login = (password: string, platform = 5) =>
    post('/chat/account/login', { email: 'alice@example.com', password: md5(password), platform });

  beforeAll(async () => {
    server = await createServer({
      memory: true,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      seed: 'demo',
      adminSecret: 'compat-answers-secret',
      compat: 'openim-3.8',
      chat: { scryptCost: 1024 },
    });
    alice = (await login('Demo1234')).json()['data'] as typeof alice;
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a route it does not have as the real routers do', async () => {
    const chat = await post('/chat/no/such/route', {}, alice.chatToken);
    expect([chat.status, chat.type, chat.text]).toEqual([404, 'text/plain', '404 page not found']);
    // open-im-server's gzip middleware leaves a browser this (every browser accepts gzip).
    const im = await post('/api/no/such/route', {}, alice.imToken);
    expect([im.status, im.type, im.text]).toEqual([404, 'application/json', '']);
  });

  it("words chat's refusals as chat: the code's name as the detail, or OpenIM's words it passes on", async () => {
    expect((await login('Wrong1234')).json()).toEqual({
      errCode: 20001,
      errMsg: 'PasswordError',
      errDlt: 'PasswordError',
    });
    // chat passes OpenIM's own words on for the admin platform.
    expect((await login('Demo1234', 10)).json()['errDlt']).toBe(
      'platformID invalid. platformID must not be adminPlatformID',
    );
  });

  it('answers null for group infos of unknown groups only', async () => {
    const infos = await post('/api/group/get_groups_info', { groupIDs: ['no-such-group'] }, alice.imToken);
    expect(infos.json()['data']).toEqual({ groupInfos: null });
  });

  it('pulls from seq 0 with its placeholder first, and empty lists, bytes and options as null', async () => {
    const pull = async (conversationID: string, num: number) =>
      (
        await post(
          '/api/msg/pull_msg_by_seq',
          { userID: ALICE, seqRanges: [{ conversationID, begin: 0, end: 2 ** 53 - 1, num }], order: 0 },
          alice.imToken,
        )
      ).json()['data'] as { msgs: Record<string, { Msgs: Record<string, unknown>[] }> | null };
    const all = (await pull(PAIR, 100)).msgs?.[PAIR]?.Msgs ?? [];
    expect(all[0]).toMatchObject({ seq: 0, status: 4, content: null, options: null, atUserIDList: null });
    expect(all[0]).toHaveProperty('offlinePushInfo', null);
    const text = all[1]!;
    expect([text['seq'], typeof text['content'], text['atUserIDList']]).toEqual([1, 'string', null]);
    // A range cut by its count does not reach seq 0.
    const newest = (await pull(PAIR, 1)).msgs?.[PAIR]?.Msgs ?? [];
    expect(newest.map((m) => m['seq'])).toEqual([all.length - 1]);
    expect((await pull(`si_${BOB}_nobody`, 20)).msgs).toBeNull();
  });

  // Last: it ends alice's IM session.
  it('refuses a kicked IM token with the name as the detail too', async () => {
    const admin = (
      await post('/api/auth/get_admin_token', { secret: 'compat-answers-secret', userID: 'imAdmin' })
    ).json()['data'] as { token: string };
    await post('/api/auth/force_logout', { userID: ALICE, platformID: 5 }, admin.token);
    const kicked = await post('/api/group/get_groups_info', { groupIDs: ['x'] }, alice.imToken);
    expect(kicked.json()).toEqual({ errCode: 1506, errMsg: 'TokenKickedError', errDlt: 'TokenKickedError' });
  });
});
