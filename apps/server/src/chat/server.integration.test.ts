import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { createServer } from '../seed/server';
import { md5Hex } from './crypto';
import { walletViolations } from './testing/invariants';

// The chat plugin mounted by the real server (real IM facade, real HTTP, production scrypt cost).
let s: RunningServer;
beforeAll(async () => {
  s = await createServer({
    memory: true,
    port: 0,
    logLevel: 'silent',
    adminSecret: 'it-secret',
    seed: 'demo',
  });
});
afterAll(async () => {
  await s.close();
});

interface Env<T = unknown> {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: T;
}

async function chat<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body: object | null,
  token = '',
): Promise<Env<T>> {
  const url = new URL(`${s.url}/chat${path}`);
  if (method === 'GET' && body) for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: {
      token,
      operationID: randomUUID(),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Env<T>;
}

const login = async (email: string) => {
  const r = await chat<{ userID: string; chatToken: string; imToken: string }>('POST', '/account/login', {
    email,
    password: md5Hex('Demo1234'),
    platform: 5,
  });
  expect(r.errCode).toBe(0);
  return r.data!;
};

describe('chat API on the real server', () => {
  it('logs the demo users in and the IM token works on the IM API and the wallet', async () => {
    const alice = await login('alice@example.com');
    const info = await fetch(`${s.apiUrl}/user/get_users_info`, {
      method: 'POST',
      headers: { token: alice.imToken, operationID: randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({ userIDs: [alice.userID] }),
    });
    const body = (await info.json()) as { errCode: number; data?: { usersInfo?: { nickname: string }[] } };
    expect(body.errCode).toBe(0);
    expect(body.data?.usersInfo?.[0]?.nickname).toBe('alice');
    expect((await chat<number>('GET', '/app/user/balance/log/balance', null, alice.imToken)).data).toBe(
      100_000,
    );
    const me = await chat<{ users: { hasPayPassword: boolean; allowCreateGroup: number }[] }>(
      'POST',
      '/user/find/full',
      { userIDs: [alice.userID] },
      alice.chatToken,
    );
    expect(me.data!.users[0]).toMatchObject({ hasPayPassword: false, allowCreateGroup: 1 });
  });

  it('moves money between demo users and never overdraws under concurrent HTTP sends', async () => {
    const alice = await login('alice@example.com');
    const bob = await login('bob@example.com');
    const sent = await chat<string>(
      'POST',
      '/app/redbag/log/send',
      { receiveUserId: alice.userID, amount: 300, num: 1, message: '', payPassword: md5Hex('123456') },
      bob.chatToken,
    );
    expect(sent.errCode).toBe(0);
    const opened = await chat<{ amount: number }>(
      'GET',
      '/app/redbag/log/open',
      { id: sent.data! },
      alice.chatToken,
    );
    expect(opened.data?.amount).toBe(300);
    expect((await chat<number>('GET', '/app/user/balance/log/balance', null, alice.chatToken)).data).toBe(
      100_300,
    );

    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        chat<string>(
          'POST',
          '/app/redbag/log/send',
          { receiveUserId: alice.userID, amount: 10_000, message: '', payPassword: md5Hex('123456') },
          bob.chatToken,
        ),
      ),
    );
    expect(burst.filter((r) => r.errCode === 0)).toHaveLength(9);
    expect(burst.filter((r) => r.errCode === 21001)).toHaveLength(3);
    expect((await chat<number>('GET', '/app/user/balance/log/balance', null, bob.chatToken)).data).toBe(
      100_000 - 300 - 90_000,
    );
    expect(walletViolations(s.db)).toEqual([]);
  });

  it('adds friends through the IM core and honours allowAddFriend', async () => {
    const alice = await login('alice@example.com');
    const bob = await login('bob@example.com');
    const carol = await login('carol@example.com');
    expect(
      (await chat('POST', '/friend/add', { toUserID: bob.userID, reqMsg: 'already' }, alice.chatToken))
        .errCode,
    ).toBe(1304);
    expect(
      (await chat('POST', '/user/update', { userID: carol.userID, allowAddFriend: 2 }, carol.chatToken))
        .errCode,
    ).toBe(0);
    expect(
      (await chat('POST', '/friend/add', { toUserID: carol.userID, reqMsg: 'hi' }, bob.chatToken)).errCode,
    ).toBe(20013);
    expect(
      (await chat('POST', '/user/update', { userID: carol.userID, allowAddFriend: 1 }, carol.chatToken))
        .errCode,
    ).toBe(0);
    expect(
      (await chat('POST', '/friend/add', { toUserID: carol.userID, reqMsg: 'hi' }, bob.chatToken)).errCode,
    ).toBe(0);
  });

  it('answers CORS preflights for the chat headers', async () => {
    const res = await fetch(`${s.url}/chat/account/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://elsewhere',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'token,operationid',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
