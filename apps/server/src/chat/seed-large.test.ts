import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../app';
import { getFullConversationIDs } from '../im/conversations';
import { createImFacade } from '../im/facade';
import { hasReadAndMaxSeqs, lastMessages } from '../im/messages';
import { getFullFriendIDs } from '../im/relations';
import { resolveChatConfig } from './config';
import type { ChatDeps } from './context';
import { md5Hex } from './crypto';
import { LARGE_ACCOUNT, createLargeSeedIm, seedLarge } from './seed';
import { MemoryLogger } from './testing/harness';

let s: RunningServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The real server (memory) plus the chat dependencies the seed runs with, as app.ts builds them. */
async function setup(): Promise<{ server: RunningServer; deps: ChatDeps; logger: MemoryLogger }> {
  const server = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  s = server;
  const im = createImFacade({
    core: server.core,
    tokens: server.tokens,
    tokenExpireSeconds: 3600,
    kickSessions: () => {},
  });
  const logger = new MemoryLogger();
  const config = resolveChatConfig({ scryptCost: 1024 }, { host: '127.0.0.1', fallbackSecret: 'seed-test' });
  return { server, deps: { db: server.db, im, config, logger }, logger };
}

const op = { userID: LARGE_ACCOUNT.userID, platformID: 5, isAdmin: false };

describe('seedLarge', () => {
  it('creates a benchmark account that signs in, with friends and ordered, partly unread conversations', async () => {
    const { server, deps } = await setup();
    const r = await seedLarge(deps, createLargeSeedIm(server.core, deps.im), {
      friends: 40,
      groups: 0,
      conversations: 30,
    });
    expect(r).toMatchObject({ created: true, friends: 40, singleConversations: 30, groups: 0 });
    expect(r.durationMs).toBeGreaterThan(0);

    const login = (await (
      await fetch(`${server.url}/chat/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', operationID: randomUUID() },
        body: JSON.stringify({ email: 'load@example.com', password: md5Hex('Demo1234'), platform: 5 }),
      })
    ).json()) as { errCode: number; data?: { userID: string } };
    expect(login).toMatchObject({ errCode: 0, data: { userID: LARGE_ACCOUNT.userID } });

    const friends = getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs;
    expect(new Set(friends).size).toBe(40);
    expect(deps.im.areFriends(LARGE_ACCOUNT.userID, friends[39] ?? '')).toBe(true);

    const ids = getFullConversationIDs(server.core, op, LARGE_ACCOUNT.userID).conversationIDs;
    expect(ids).toHaveLength(30);
    const last = lastMessages(server.core, LARGE_ACCOUNT.userID, ids);
    const times = [...last.values()].map((m) => m.sendTime).sort((a, b) => b - a);
    // Distinct last-message times, half an hour apart: a stable order for list benchmarks.
    expect(new Set(times).size).toBe(30);
    expect((times[0] ?? 0) - (times[1] ?? 0)).toBe(30 * 60_000);
    const total = [...hasReadAndMaxSeqs(server.core, LARGE_ACCOUNT.userID, ids, false).seqs.values()];
    expect(total.reduce((n, c) => n + c.maxSeq, 0)).toBe(r.messages);
    const unread = total.map((c) => c.maxSeq - c.hasReadSeq);
    // Conversations 0, 7, 14, 21, 28 end with two messages from the friend; the others with a reply.
    expect(unread.filter((u) => u === 2)).toHaveLength(5);
    expect(unread.filter((u) => u === 0)).toHaveLength(25);

    const again = await seedLarge(deps, createLargeSeedIm(server.core, deps.im), { friends: 40 });
    expect(again.created).toBe(false);
    expect(getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs).toHaveLength(40);
  });

  it('writes the full default data set (2,000 friends, 1,000 conversations) in one go', async () => {
    const { server, deps } = await setup();
    const r = await seedLarge(deps, createLargeSeedIm(server.core, deps.im));
    expect(r.friends).toBe(2_000);
    expect(r.singleConversations + r.groups).toBe(1_000);
    expect(getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs).toHaveLength(2_000);
    expect(getFullConversationIDs(server.core, op, LARGE_ACCOUNT.userID).conversationIDs).toHaveLength(1_000);
  }, 120_000);
});
