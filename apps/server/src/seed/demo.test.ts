import { afterEach, describe, expect, it } from 'vitest';
import { createServer as createRunningServer } from '../app';
import { createServer } from './server';
import { singleConversationID } from '../im/context';
import { getFullConversationIDs } from '../im/conversations';
import { RoleLevel, getMemberRow, memberIDs } from '../im/group-models';
import { getGroupsInfo } from '../im/group-queries';
import { hasReadAndMaxSeqs, pullByRange } from '../im/pull';
import { md5Hex } from '../chat/crypto';
import type { ImFacade } from '../chat/im-facade';
import { DEMO_USERS, seedDemo } from './demo';
import type { ChatHarness } from '../chat/testing/harness';
import { createChatHarness } from '../chat/testing/harness';
import { walletViolations } from '../chat/testing/invariants';

let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('seedDemo', () => {
  it('creates alice, bob and carol with balances, pay passwords, friendships, the group and history', async () => {
    h = await createChatHarness();
    const deps = { db: h.db, im: h.im, config: h.config, logger: h.logger, clock: h.clock };
    const r = await seedDemo(deps, h.services);
    expect(r.created).toBe(true);
    expect(r.skipped).toEqual([]);
    const { alice, bob, carol } = r.users;

    for (const u of DEMO_USERS) {
      const byMail = await h.post<{ userID: string; chatToken: string }>('/account/login', {
        email: u.email,
        password: md5Hex('Demo1234'),
        platform: 5,
      });
      expect(byMail.data?.userID).toBe(u.userID);
      const byPhone = await h.post<{ userID: string }>('/account/login', {
        areaCode: '+86',
        phoneNumber: u.phoneNumber,
        password: md5Hex('Demo1234'),
        platform: 5,
      });
      expect(byPhone.data?.userID).toBe(u.userID);
      expect((await h.get<number>('/app/user/balance/log/balance', {}, byMail.data!.chatToken)).data).toBe(
        100_000,
      );
      const me = await h.post<{ users: { nickname: string; hasPayPassword: boolean }[] }>(
        '/user/find/full',
        { userIDs: [u.userID] },
        { token: byMail.data!.chatToken },
      );
      expect(me.data!.users[0]).toMatchObject({ nickname: u.key, hasPayPassword: u.payPassword });
    }
    expect(h.im.areFriends(alice, bob)).toBe(true);
    expect(h.im.areFriends(alice, carol)).toBe(true);
    expect(h.im.areFriends(bob, carol)).toBe(false);
    const group = h.im.groups.get(r.groupID!);
    expect(group).toMatchObject({ name: 'Demo team', owner: alice });
    expect([...group!.admins]).toEqual([bob]);
    expect([...group!.members].sort()).toEqual([alice, bob, carol].sort());
    expect(
      h.im.messages.filter((m) => m.recvID === bob || (m.sendID === bob && m.recvID === alice)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      h.im.messages.filter((m) => m.recvID === carol || (m.sendID === carol && m.recvID === alice)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(h.im.messages.filter((m) => m.groupID === r.groupID).length).toBeGreaterThanOrEqual(2);

    // bob can pay with 123456 into the demo group; alice has no pay password yet
    const bobLogin = await h.post<{ chatToken: string }>('/account/login', {
      email: 'bob@example.com',
      password: md5Hex('Demo1234'),
      platform: 5,
    });
    const sent = await h.post<string>(
      '/app/redbag/log/send',
      { receiveUserId: r.groupID, amount: 300, num: 2, payPassword: md5Hex('123456') },
      { token: bobLogin.data!.chatToken },
    );
    expect(sent.errCode).toBe(0);
    expect(walletViolations(h.db)).toEqual([]);

    const again = await seedDemo(deps, h.services);
    expect(again.created).toBe(false);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM chat_accounts').get()).toEqual({ n: 3 });
  });

  it('reports what it could not seed when the IM core cannot send messages as a user', async () => {
    h = await createChatHarness();
    const fake = h.im;
    const limited: ImFacade = {
      registerUser: (u) => fake.registerUser(u),
      getUser: (id) => fake.getUser(id),
      issueImToken: (id, p) => fake.issueImToken(id, p),
      verifyImToken: (t) => fake.verifyImToken(t),
      forceLogout: (id) => fake.forceLogout(id),
      updateUserProfile: (id, p) => fake.updateUserProfile(id, p),
      areFriends: (a, b) => fake.areFriends(a, b),
      isBlocked: (a, b) => fake.isBlocked(a, b),
      applyFriend: (r) => fake.applyFriend(r),
      addFriendPair: (a, b) => fake.addFriendPair(a, b),
      groupExists: (g) => fake.groupExists(g),
      isGroupMember: (g, u) => fake.isGroupMember(g, u),
      createGroup: (req) => fake.createGroup(req),
    };
    const r = await seedDemo({ db: h.db, im: limited, config: h.config, logger: h.logger, clock: h.clock });
    expect(r.created).toBe(true);
    expect(r.groupID).toBeDefined();
    expect(r.skipped).toEqual(['message history (the IM core has no sendTextAsUser yet)']);
    expect(h.logger.lines.filter((l) => l.msg.startsWith('demo seed skipped'))).toHaveLength(1);
    expect(fake.areFriends(r.users.alice, r.users.bob)).toBe(true);
  });
});

describe('seedDemo on the real server (--seed demo)', () => {
  it('is carried out by the seeding entry point only: the running server alone refuses --seed', async () => {
    await expect(
      createRunningServer({ memory: true, port: 0, logLevel: 'silent', seed: 'demo' }),
    ).rejects.toThrow(/seeding entry point/);
  });

  it('creates the group "Demo team" (alice owner, bob admin, carol member) with history in every conversation', async () => {
    const server = await createServer({ memory: true, port: 0, logLevel: 'silent', seed: 'demo' });
    try {
      const [alice, bob, carol] = DEMO_USERS.map((u) => u.userID) as [string, string, string];
      const op = { userID: alice, platformID: 5, isAdmin: false };
      const ids = getFullConversationIDs(server.core, op, alice).conversationIDs;
      const groupConv = ids.filter((id) => id.startsWith('sg_'));
      expect(groupConv).toHaveLength(1);
      const groupID = (groupConv[0] ?? '').slice(3);
      expect(getGroupsInfo(server.core, [groupID])[0]).toMatchObject({
        groupName: 'Demo team',
        ownerUserID: alice,
      });
      const roles = Object.fromEntries(
        [alice, bob, carol].map((u) => [u, getMemberRow(server.db, groupID, u)?.role_level]),
      );
      expect(roles).toEqual({ [alice]: RoleLevel.Owner, [bob]: RoleLevel.Admin, [carol]: RoleLevel.Member });
      expect(memberIDs(server.db, groupID).sort()).toEqual([alice, bob, carol].sort());

      // A little history: two texts in each one-to-one conversation, three in the group, all as text messages.
      const seqs = hasReadAndMaxSeqs(server.core, alice, ids, false).seqs;
      expect(seqs.get(singleConversationID(alice, bob))?.maxSeq).toBeGreaterThanOrEqual(2);
      expect(seqs.get(singleConversationID(alice, carol))?.maxSeq).toBeGreaterThanOrEqual(2);
      const texts = (conversationID: string) =>
        pullByRange(server.core, alice, [{ conversationID, begin: 1, end: 100, num: 100 }], 0)
          .msgs.get(conversationID)
          ?.msgs.filter((m) => m.contentType === 101)
          .map((m) => JSON.parse(new TextDecoder().decode(m.content)) as { content: string }) ?? [];
      expect(texts(`sg_${groupID}`).map((t) => t.content)).toEqual([
        'Welcome to the Demo team, everyone.',
        'Hello team!',
        'Hi all 👋',
      ]);
    } finally {
      await server.close();
    }
  });
});
