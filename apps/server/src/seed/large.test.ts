import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { createServer } from './server';
import { getFullConversationIDs } from '../im/conversations';
import { createImFacade } from '../im/facade';
import { RoleLevel, getMemberRow, memberIDs } from '../im/group-models';
import { hasReadAndMaxSeqs, lastMessages } from '../im/pull';
import { getFullFriendIDs } from '../im/relations';
import { resolveChatConfig } from '../chat/config';
import type { ChatDeps } from '../chat/context';
import { md5Hex } from '../chat/crypto';
import { LARGE_ACCOUNT, createLargeSeedIm, seedLarge } from './large';
import { MemoryLogger } from '../chat/testing/harness';

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

async function login(server: RunningServer): Promise<{ errCode: number; data?: { userID: string } }> {
  const res = await fetch(`${server.url}/chat/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: randomUUID() },
    body: JSON.stringify({ email: 'load@example.com', password: md5Hex('Demo1234'), platform: 5 }),
  });
  return (await res.json()) as { errCode: number; data?: { userID: string } };
}

const op = { userID: LARGE_ACCOUNT.userID, platformID: 5, isAdmin: false };

describe('seedLarge', () => {
  it('creates a benchmark account that signs in, with friends and ordered, partly unread conversations', async () => {
    const { server, deps } = await setup();
    const r = await seedLarge(deps, createLargeSeedIm(server.core, deps.im), {
      friends: 40,
      groups: 3,
      conversations: 30,
      longHistory: 50,
      largeGroupMembers: 35,
    });
    expect(r).toMatchObject({ created: true, friends: 40, singleConversations: 27, groups: 3 });
    expect(r.durationMs).toBeGreaterThan(0);
    expect(await login(server)).toMatchObject({ errCode: 0, data: { userID: LARGE_ACCOUNT.userID } });

    const friends = getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs;
    expect(new Set(friends).size).toBe(40);
    expect(deps.im.areFriends(LARGE_ACCOUNT.userID, friends[39] ?? '')).toBe(true);

    const ids = getFullConversationIDs(server.core, op, LARGE_ACCOUNT.userID).conversationIDs;
    expect(ids).toHaveLength(30);
    const groupIDs = ids.filter((id) => id.startsWith('sg_')).map((id) => id.slice(3));
    expect(groupIDs).toHaveLength(3);
    // The account owns every other group and is an admin of the rest; each group has history.
    const roles = groupIDs.map((g) => getMemberRow(server.db, g, LARGE_ACCOUNT.userID)?.role_level).sort();
    expect(roles).toEqual([RoleLevel.Admin, RoleLevel.Owner, RoleLevel.Owner].sort());
    for (const g of groupIDs) expect(memberIDs(server.db, g).length).toBeGreaterThanOrEqual(20);
    // The first group is the large one; the second one-to-one conversation has the long history.
    expect(groupIDs.map((g) => memberIDs(server.db, g).length)).toContain(35);
    const long = hasReadAndMaxSeqs(server.core, LARGE_ACCOUNT.userID, ['si_2000000000_2000000002'], false);
    expect(long.seqs.get('si_2000000000_2000000002')?.maxSeq).toBe(50 + 5);

    const last = lastMessages(server.core, LARGE_ACCOUNT.userID, ids);
    expect([...last.values()].every((m) => m.contentType === 101)).toBe(true);
    const times = [...last.values()].map((m) => m.sendTime).sort((a, b) => b - a);
    // Distinct last-message times, half an hour apart: a stable order for list benchmarks.
    expect(new Set(times).size).toBe(30);
    expect((times[0] ?? 0) - (times[1] ?? 0)).toBe(30 * 60_000);
    const singles = ids.filter((id) => id.startsWith('si_'));
    const seqs = [...hasReadAndMaxSeqs(server.core, LARGE_ACCOUNT.userID, singles, false).seqs.values()];
    expect(seqs.reduce((n, c) => n + c.maxSeq, 0)).toBeGreaterThan(27 * 3);
    const unread = seqs.map((c) => c.maxSeq - c.hasReadSeq);
    // One-to-one conversations 0, 7, 14 and 21 end with two messages from the friend; the others with a reply.
    expect(unread.filter((u) => u === 2)).toHaveLength(4);
    expect(unread.filter((u) => u === 0)).toHaveLength(23);

    const again = await seedLarge(deps, createLargeSeedIm(server.core, deps.im), { friends: 40 });
    expect(again.created).toBe(false);
    expect(getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs).toHaveLength(40);
  });

  it('is what `--seed large` writes at startup: the full data set, and load@example.com signs in', async () => {
    s = await createServer({ memory: true, port: 0, logLevel: 'silent', seed: 'large' });
    const server = s;
    expect(getFullFriendIDs(server.core, op, LARGE_ACCOUNT.userID).userIDs).toHaveLength(2_000);
    const ids = getFullConversationIDs(server.core, op, LARGE_ACCOUNT.userID).conversationIDs;
    expect(ids).toHaveLength(1_000);
    expect(ids.filter((id) => id.startsWith('sg_'))).toHaveLength(100);
    const sizes = ids
      .filter((id) => id.startsWith('sg_'))
      .map((id) => memberIDs(server.db, id.slice(3)).length);
    expect(Math.max(...sizes)).toBe(2_000);
    const long = hasReadAndMaxSeqs(server.core, LARGE_ACCOUNT.userID, ['si_2000000000_2000000002'], false);
    expect(long.seqs.get('si_2000000000_2000000002')?.maxSeq).toBe(10_000 + 5);
    expect(await login(server)).toMatchObject({ errCode: 0, data: { userID: LARGE_ACCOUNT.userID } });
  }, 120_000);
});
