// SDK-driven: group creation, group text, invitation, kick, admin limits, quit and dismiss.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationChange, history, receivedMessage, textOf, textsOf } from '../support/scenario';
import { createGroup, errCodeOf, memberAdded, membersSynced, sendGroupText } from '../support/groups';
import { type MessageItem, SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

const GROUP_CREATED = 1501;
const MEMBER_KICKED = 1508;
const MEMBER_INVITED = 1509;

const contentTypes = (messages: readonly MessageItem[]) => messages.map((m) => Number(m.contentType));

// Several SDK users per scenario: minutes on a loaded 2-core machine.
describe('groups (real SDK against @teamim/server)', { timeout: 240_000 }, () => {
  let server: TestServer;
  let harness: SdkHarness;

  beforeAll(async () => {
    server = await startTestServer();
    harness = new SdkHarness(server);
  });
  afterEach(async () => {
    await harness.closeAll();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a group all three see, carries text both ways and lets an invited fourth read the history', async () => {
    const { alice, bob, carol, dave } = uniqueUsers('alice', 'bob', 'carol', 'dave');
    await server.registerUsers([alice, bob, carol, dave]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const c = await harness.loginSynced(carol.userID);

    const groupID = await createGroup(a, 'Launch team', [bob.userID, carol.userID]);
    const conversationID = `sg_${groupID}`;
    for (const client of [b, c]) {
      const joined = await client.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);
      expect(joined.data).toMatchObject({
        groupName: 'Launch team',
        ownerUserID: alice.userID,
        memberCount: 3,
      });
    }
    for (const client of [a, b, c]) {
      const conv = await conversationChange(client, conversationID, () => true);
      expect(conv).toMatchObject({ groupID, conversationType: 3, showName: 'Launch team' });
      expect(contentTypes(await history(client, conversationID))).toContain(GROUP_CREATED);
      const groups = await client.data('getJoinedGroupList');
      expect(groups.map((g) => g.groupID)).toContain(groupID);
    }
    const members = await b.data('getGroupMemberList', { groupID, filter: 0, offset: 0, count: 10 });
    expect(members.map((m) => [m.userID, Number(m.roleLevel)]).sort()).toEqual(
      [
        [alice.userID, 100],
        [bob.userID, 20],
        [carol.userID, 20],
      ].sort(),
    );

    const hello = await sendGroupText(a, groupID, 'hello team');
    expect(hello.serverMsgID).not.toBe('');
    for (const client of [b, c]) {
      const got = await receivedMessage(client, hello.clientMsgID);
      expect(got).toMatchObject({ sendID: alice.userID, groupID, sessionType: 3 });
      expect(textOf(got)).toBe('hello team');
    }
    const reply = await sendGroupText(b, groupID, 'hi alice');
    expect(textOf(await receivedMessage(a, reply.clientMsgID))).toBe('hi alice');
    await receivedMessage(c, reply.clientMsgID);

    // Invite dave: he gets the group, the others see him added, and he can read the earlier texts.
    const d = await harness.loginSynced(dave.userID);
    const since = b.events.mark();
    await a.data('inviteUserToGroup', { groupID, reason: '', userIDList: [dave.userID] });
    const daveJoined = await d.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);
    expect(daveJoined.data.memberCount).toBe(4);
    await memberAdded(b, (m) => m.userID === dave.userID && m.groupID === groupID, since);
    await conversationChange(d, conversationID, () => true);
    const daveHistory = await history(d, conversationID);
    expect(textsOf(daveHistory)).toEqual(['hello team', 'hi alice']);
    expect(contentTypes(daveHistory)).toContain(MEMBER_INVITED);
    const fromDave = await sendGroupText(d, groupID, 'thanks for having me');
    expect(textOf(await receivedMessage(c, fromDave.clientMsgID))).toBe('thanks for having me');
  });

  it('brings a returning member up to date: missed texts, a rename and a new member arrive as live callbacks', async () => {
    const { alice, bob, carol } = uniqueUsers('alice', 'bob', 'carol');
    await server.registerUsers([alice, bob, carol]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const groupID = await createGroup(a, 'Night shift', [bob.userID]);
    const conversationID = `sg_${groupID}`;
    await b.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);
    await conversationChange(b, conversationID, () => true);

    // bob goes away with his local database; meanwhile the group changes and talks.
    await b.logout();
    await a.data('setGroupInfo', { groupID, groupName: 'Day shift' });
    await a.data('inviteUserToGroup', { groupID, reason: '', userIDList: [carol.userID] });
    const missed1 = await sendGroupText(a, groupID, 'missed one');
    const missed2 = await sendGroupText(a, groupID, 'missed two');

    const since = b.events.mark();
    await b.loginAgain();
    expect(b.events.all('OnSyncServerStart', since)[0]?.data).toBe(false);
    await memberAdded(b, (m) => m.userID === carol.userID && m.groupID === groupID, since);
    await b.waitFor(
      'OnConversationChanged',
      (list) => list.some((cv) => cv.conversationID === conversationID && cv.showName === 'Day shift'),
      20_000,
      since,
    );
    const texts = textsOf(await history(b, conversationID));
    expect(texts.slice(-2)).toEqual(['missed one', 'missed two']);
    const view = await conversationChange(
      b,
      conversationID,
      (cv) => cv.latestMsg.includes(missed2.clientMsgID),
      since,
    );
    expect(view.unreadCount).toBeGreaterThanOrEqual(2);
    expect(missed1.serverMsgID).not.toBe('');
  });

  it('kicks a member (who loses the group), refuses an admin kicking an admin, and honours quit and dismiss', async () => {
    const { alice, bob, carol, dave } = uniqueUsers('alice', 'bob', 'carol', 'dave');
    await server.registerUsers([alice, bob, carol, dave]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const c = await harness.loginSynced(carol.userID);
    const d = await harness.loginSynced(dave.userID);
    const groupID = await createGroup(a, 'Ops', [carol.userID, dave.userID], [bob.userID]);
    await Promise.all(
      [b, c, d].map((client) => client.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID)),
    );
    const everyone = [alice.userID, bob.userID, carol.userID, dave.userID];
    await Promise.all([a, b, c, d].map((client) => membersSynced(client, groupID, everyone)));
    // bob's own member row says admin.
    const [bobMember] = await b.data('getSpecifiedGroupMembersInfo', { groupID, userIDList: [bob.userID] });
    expect(Number(bobMember?.roleLevel)).toBe(60);

    // An admin cannot kick another admin (alice makes carol an admin first) ...
    await a.data('setGroupMemberInfo', { groupID, userID: carol.userID, roleLevel: 60 });
    await b.waitFor(
      'OnGroupMemberInfoChanged',
      (m) => m.userID === carol.userID && Number(m.roleLevel) === 60,
    );
    expect(
      await errCodeOf(b.data('kickGroupMember', { groupID, reason: '', userIDList: [carol.userID] })),
    ).toBe(1002);
    // ... but kicks an ordinary member: dave loses the group, the others see the tip and the deletion.
    const sinceA = a.events.mark();
    await b.data('kickGroupMember', { groupID, reason: '', userIDList: [dave.userID] });
    await d.waitFor('OnJoinedGroupDeleted', (g) => g.groupID === groupID);
    expect((await d.data('getJoinedGroupList')).map((g) => g.groupID)).not.toContain(groupID);
    await a.waitFor('OnGroupMemberDeleted', (m) => m.userID === dave.userID, 20_000, sinceA);
    const tip = await a.waitFor(
      'OnRecvNewMessages',
      (msgs) => msgs.some((m) => Number(m.contentType) === MEMBER_KICKED),
      20_000,
      sinceA,
    );
    expect(tip.data.find((m) => Number(m.contentType) === MEMBER_KICKED)?.groupID).toBe(groupID);
    expect(await errCodeOf(sendGroupText(d, groupID, 'am I still here?'))).toBe(1203);

    // carol quits: she loses the group, alice sees her leave.
    const sinceQuit = a.events.mark();
    await c.data('quitGroup', groupID);
    await c.waitFor('OnJoinedGroupDeleted', (g) => g.groupID === groupID);
    await a.waitFor('OnGroupMemberDeleted', (m) => m.userID === carol.userID, 20_000, sinceQuit);

    // Only the owner dismisses; afterwards everyone got OnGroupDismissed and sending fails.
    expect(await errCodeOf(b.data('dismissGroup', groupID))).toBe(1002);
    await a.data('dismissGroup', groupID);
    for (const client of [a, b]) {
      const dismissed = await client.waitFor('OnGroupDismissed', (g) => g.groupID === groupID);
      expect(Number(dismissed.data.status)).toBe(2);
      await client.waitFor('OnJoinedGroupDeleted', (g) => g.groupID === groupID);
    }
    expect(await errCodeOf(sendGroupText(b, groupID, 'after the end'))).toBe(1204);
  });
});
