import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { adminToken, api, apiOk, registerUsers } from '../testing/client';

/** `/msg/pull_msg_by_seq` and `/msg/newest_seq` over HTTP, as open-im-server answers them. */
let s: RunningServer;
let t: Record<string, string>;
let admin: string;
const chat = 'si_alice_bob';

async function send(sendID: string, recvID: string, text: string): Promise<void> {
  await apiOk(
    s,
    '/msg/send_msg',
    { sendID, recvID, content: { content: text }, contentType: 101, sessionType: 1 },
    admin,
  );
}

interface Pulled {
  msgs: Record<
    string,
    { Msgs: { seq: number; clientMsgID: string; sendID: string; content: string }[]; isEnd: boolean }
  >;
}

beforeAll(async () => {
  s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  t = await registerUsers(s, ['alice', 'bob', 'eve']);
  admin = await adminToken(s);
  for (let i = 1; i <= 30; i++) await send(i % 2 ? 'alice' : 'bob', i % 2 ? 'bob' : 'alice', `m${i}`);
});
afterAll(async () => {
  await s.close();
});

describe('/msg/pull_msg_by_seq', () => {
  it('answers the newest `num` messages of a member’s conversation, oldest first, content in base64', async () => {
    const data = await apiOk<Pulled>(
      s,
      '/msg/pull_msg_by_seq',
      {
        userID: 'alice',
        seqRanges: [{ conversationID: chat, begin: 0, end: Number.MAX_SAFE_INTEGER, num: 20 }],
        order: 0,
      },
      t['alice'],
    );
    const pulled = data.msgs[chat];
    expect(pulled?.Msgs.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 11 + i));
    expect(pulled?.isEnd).toBe(true);
    const newest = pulled?.Msgs.at(-1);
    expect(JSON.parse(Buffer.from(newest?.content ?? '', 'base64').toString('utf8'))).toEqual({
      content: 'm30',
    });
    expect(newest?.sendID).toBe('bob');
    expect(newest?.clientMsgID).toMatch(/^[0-9a-f]{32}$/);
  });

  it('leaves out a conversation the caller does not belong to', async () => {
    const data = await apiOk<Pulled>(
      s,
      '/msg/pull_msg_by_seq',
      { userID: 'eve', seqRanges: [{ conversationID: chat, begin: 0, end: 100, num: 20 }], order: 0 },
      t['eve'],
    );
    expect(data.msgs).toEqual({});
  });

  it('refuses to pull for another user (1002), even for a conversation the caller is in', async () => {
    const r = await api(
      s,
      '/msg/pull_msg_by_seq',
      { userID: 'alice', seqRanges: [{ conversationID: chat, begin: 0, end: 100, num: 20 }], order: 0 },
      t['eve'],
    );
    expect(r.errCode).toBe(1002);
    expect(r.data ?? null).toBeNull();
    const bobForAlice = await api(
      s,
      '/msg/pull_msg_by_seq',
      { userID: 'alice', seqRanges: [{ conversationID: chat, begin: 0, end: 100, num: 20 }] },
      t['bob'],
    );
    expect(bobForAlice.errCode).toBe(1002);
  });

  it('needs a token', async () => {
    const r = await api(s, '/msg/pull_msg_by_seq', { userID: 'alice', seqRanges: [] });
    expect(r.errCode).not.toBe(0);
  });
});

describe('/msg/newest_seq', () => {
  it('answers the caller’s max seqs and refuses another user', async () => {
    const data = await apiOk<{ maxSeqs: Record<string, number> }>(
      s,
      '/msg/newest_seq',
      { userID: 'alice' },
      t['alice'],
    );
    expect(data.maxSeqs[chat]).toBe(30);
    expect((await api(s, '/msg/newest_seq', { userID: 'alice' }, t['eve'])).errCode).toBe(1002);
  });
});
