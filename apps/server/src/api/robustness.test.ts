import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { api, adminToken, registerUsers } from '../testing/client';

/** Bodies that a buggy or hostile client could send; none may crash the server or produce a 500. */
const HOSTILE: unknown[] = [
  {},
  [],
  'null',
  '"text"',
  '12',
  { userID: 5, userIDs: 'x', pagination: { pageNumber: -1, showNumber: 1e12 } },
  {
    userID: 'bob',
    ownerUserID: 'bob',
    fromUserID: 'bob',
    toUserID: 'alice',
    conversationID: 'si_alice_bob',
    seq: 1,
    seqs: [1],
  },
  {
    userID: 'alice',
    ownerUserID: 'alice',
    conversationID: '../../etc',
    seqs: [-1, 1.5, 2 ** 60],
    hasReadSeq: 1e300,
  },
  {
    userID: 'alice',
    users: [{ userID: '' }],
    friendUserIDs: Array.from({ length: 2000 }, (_, i) => `u${i}`),
  },
  {
    userID: 'alice',
    conversation: {
      conversationID: 'si_alice_bob',
      conversationType: 1,
      userID: 'bob',
      groupID: '',
      isPinned: 'yes',
    },
  },
  { userInfo: { userID: 'alice', nickname: { value: 7 } } },
  {
    userID: 'alice',
    reqList: [{ groupID: '' }],
    content: 'not an object',
    contentType: 'x',
    sessionType: null,
  },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } }, userID: 'alice' },
];

let s: RunningServer;
let t: Record<string, string>;
let admin: string;
beforeAll(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  t = await registerUsers(s, ['alice', 'bob']);
  admin = await adminToken(s);
});
afterAll(async () => {
  await s.close();
});

describe('hostile input on every /api endpoint', () => {
  it('always answers the envelope, never 500, and the server keeps working', async () => {
    expect(s.apiPaths.length).toBeGreaterThan(40);
    for (const path of s.apiPaths) {
      // The admin may legitimately log users out; keep alice's token alive for the other endpoints.
      const revoking = path === '/auth/force_logout' || path === '/auth/revoke_token';
      for (const token of revoking ? [t['alice']] : [t['alice'], admin]) {
        for (const body of HOSTILE) {
          const r = await api(s, path, typeof body === 'string' ? body : JSON.stringify(body), token);
          expect(typeof r.errCode, `${path} ${JSON.stringify(body)}`).toBe('number');
          expect(r.errCode, `${path} ${JSON.stringify(body)} -> ${r.errMsg}`).not.toBe(500);
          if (r.errCode === 1001) expect(r.errMsg.length).toBeGreaterThan(0);
        }
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const health = await fetch(`${s.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await api(s, '/user/get_users_info', { userIDs: ['alice'] }, t['alice'])).errCode).toBe(0);
    // Nothing half-written: no stray users appeared.
    const count = s.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
    expect(count.n).toBe(2);
    // Many endpoints times many bodies: slow on a loaded 2-core machine, not a hang.
  }, 120_000);
});

describe('authentication on every /api endpoint', () => {
  it('answers 1001 without a token, 1501 with an expired one and 1002 for admin endpoints with a user token', async () => {
    let now = Date.now();
    const srv = await createServer({
      memory: true,
      port: 0,
      logLevel: 'silent',
      now: () => now,
      tokenExpireSeconds: 60,
    });
    try {
      const tk = await registerUsers(srv, ['carol']);
      const userToken = tk['carol'] ?? '';
      const open = new Set(['/auth/get_admin_token', '/auth/parse_token']);
      const adminOnly = new Set([
        '/auth/get_user_token',
        '/auth/force_logout',
        '/auth/revoke_token',
        '/user/user_register',
        '/friend/import_friend',
        '/msg/send_msg',
      ]);
      for (const path of srv.apiPaths) {
        if (open.has(path)) continue;
        expect((await api(srv, path, {})).errCode, path).toBe(1001);
        if (adminOnly.has(path)) expect((await api(srv, path, {}, userToken)).errCode, path).toBe(1002);
      }
      now += 61_000;
      for (const path of srv.apiPaths) {
        if (open.has(path)) continue;
        expect((await api(srv, path, {}, userToken)).errCode, path).toBe(1501);
      }
    } finally {
      await srv.close();
    }
  });
});
