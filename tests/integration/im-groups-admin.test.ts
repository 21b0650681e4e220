// SDK-driven: group administration (mutes, mute-all, transfer, rename and avatar), join requests
// with verification (accept and refuse) and @-mention flags.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversation, conversationChange, history, receivedMessage, textOf } from '../support/scenario';
import {
  createGroup,
  errCodeOf,
  groupChanged,
  memberAdded,
  membersSynced,
  sendGroupText,
  tipArrives,
} from '../support/groups';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';
import type { TestServer } from '../support/server';

const MEMBER_INVITED = 1509;
const MEMBER_ENTER = 1510;
const MEMBER_MUTED = 1512;
const MEMBER_UNMUTED = 1513;

// Several SDK users per scenario: minutes on a loaded 2-core machine.
describe('group administration (real SDK against @teamim/server)', { timeout: 240_000 }, () => {
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

  it('mutes a member and the whole group, transfers ownership and renames the group everywhere', async () => {
    const { alice, bob, carol } = uniqueUsers('alice', 'bob', 'carol');
    await server.registerUsers([alice, bob, carol]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const c = await harness.loginSynced(carol.userID);
    const groupID = await createGroup(a, 'Crew', [carol.userID], [bob.userID]);
    await Promise.all([b, c].map((x) => x.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID)));
    const everyone = [alice.userID, bob.userID, carol.userID];
    await Promise.all([a, b, c].map((x) => membersSynced(x, groupID, everyone)));

    // Mute carol: the tip arrives, her member info changes, her send fails with 1402; unmute restores it.
    let since = c.events.mark();
    await a.data('changeGroupMemberMute', { groupID, userID: carol.userID, mutedSeconds: 600 });
    await tipArrives(c, groupID, MEMBER_MUTED, since);
    const muted = await b.waitFor(
      'OnGroupMemberInfoChanged',
      (m) => m.userID === carol.userID && m.muteEndTime > Date.now(),
    );
    expect(muted.data.groupID).toBe(groupID);
    // An admin cannot mute another admin-or-higher; a normal member cannot mute at all.
    expect(
      await errCodeOf(b.data('changeGroupMemberMute', { groupID, userID: alice.userID, mutedSeconds: 60 })),
    ).toBe(1002);
    expect(await errCodeOf(sendGroupText(c, groupID, 'can you hear me?'))).toBe(1402);
    since = c.events.mark();
    await b.data('changeGroupMemberMute', { groupID, userID: carol.userID, mutedSeconds: 0 });
    await tipArrives(c, groupID, MEMBER_UNMUTED, since);
    const unmuted = await sendGroupText(c, groupID, 'back again');
    expect(textOf(await receivedMessage(a, unmuted.clientMsgID))).toBe('back again');

    // Mute all: owner and admins speak, ordinary members get 1403; everyone sees the status change.
    await a.data('changeGroupMute', { groupID, isMute: true });
    for (const x of [a, b, c]) await groupChanged(x, (g) => g.groupID === groupID && Number(g.status) === 3);
    expect(await errCodeOf(sendGroupText(c, groupID, 'psst'))).toBe(1403);
    const adminTalks = await sendGroupText(b, groupID, 'admins still talk');
    await receivedMessage(c, adminTalks.clientMsgID);
    expect(await errCodeOf(c.data('changeGroupMute', { groupID, isMute: false }))).toBe(1002);
    await a.data('changeGroupMute', { groupID, isMute: false });
    await groupChanged(c, (g) => g.groupID === groupID && Number(g.status) === 0);
    await sendGroupText(c, groupID, 'free again');

    // Transfer to bob: roles change on every client, alice can no longer dismiss.
    expect(await errCodeOf(b.data('transferGroupOwner', { groupID, newOwnerUserID: carol.userID }))).toBe(
      1002,
    );
    await a.data('transferGroupOwner', { groupID, newOwnerUserID: bob.userID });
    for (const x of [a, b, c]) {
      await x.waitFor(
        'OnGroupMemberInfoChanged',
        (m) => m.userID === bob.userID && Number(m.roleLevel) === 100,
      );
      await x.waitFor(
        'OnGroupMemberInfoChanged',
        (m) => m.userID === alice.userID && Number(m.roleLevel) === 20,
      );
      await groupChanged(x, (g) => g.groupID === groupID && g.ownerUserID === bob.userID);
    }
    expect(await errCodeOf(a.data('dismissGroup', groupID))).toBe(1002);

    // Rename and new avatar by the new owner: OnGroupInfoChanged on all members; a member may not edit.
    expect(await errCodeOf(c.data('setGroupInfo', { groupID, groupName: 'Hijacked' }))).toBe(1002);
    const face = 'https://example.com/crew.png';
    await b.data('setGroupInfo', { groupID, groupName: 'Crew 2', faceURL: face });
    for (const x of [a, b, c]) {
      await groupChanged(x, (g) => g.groupID === groupID && g.groupName === 'Crew 2' && g.faceURL === face);
    }
    const conv = await conversationChange(c, `sg_${groupID}`, (cv) => cv.showName === 'Crew 2');
    expect(conv.faceURL).toBe(face);
  });

  it('handles join requests with verification (accept, refuse) and a direct join once the group is open', async () => {
    const { alice, bob, dave, eve } = uniqueUsers('alice', 'bob', 'dave', 'eve');
    await server.registerUsers([alice, bob, dave, eve]);
    const a = await harness.loginSynced(alice.userID);
    const groupID = await createGroup(a, 'Closed club', [bob.userID]);
    const d = await harness.loginSynced(dave.userID);
    const e = await harness.loginSynced(eve.userID);

    await d.data('joinGroup', { groupID, reqMsg: 'let me in', joinSource: 3 });
    const app = await a.waitFor(
      'OnGroupApplicationAdded',
      (x) => x.userID === dave.userID && x.groupID === groupID,
    );
    expect(app.data).toMatchObject({ reqMsg: 'let me in', handleResult: 0, groupName: 'Closed club' });
    const inbox = await a.data('getGroupApplicationListAsRecipient');
    expect(inbox.map((x) => x.userID)).toContain(dave.userID);
    const sent = await d.data('getGroupApplicationListAsApplicant');
    expect(sent.map((x) => x.groupID)).toContain(groupID);
    expect((await d.data('getJoinedGroupList')).map((g) => g.groupID)).not.toContain(groupID);

    const beforeAccept = a.events.mark();
    await a.data('acceptGroupApplication', { groupID, fromUserID: dave.userID, handleMsg: 'welcome' });
    await d.waitFor('OnGroupApplicationAccepted', (x) => x.groupID === groupID && x.userID === dave.userID);
    await d.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);
    // Nobody invited dave: open-im-server's "member entered" (1510), so no client shows "alice invited dave".
    const entered = await tipArrives(a, groupID, MEMBER_ENTER, beforeAccept);
    expect(JSON.parse(entered?.notificationElem?.detail ?? '{}')).toMatchObject({
      entrantUser: { userID: dave.userID },
    });
    const tips = (await history(a, `sg_${groupID}`)).map((m) => Number(m.contentType));
    expect(tips).toContain(MEMBER_ENTER);
    expect(tips).not.toContain(MEMBER_INVITED);
    const hi = await sendGroupText(d, groupID, 'glad to be here');
    expect(textOf(await receivedMessage(a, hi.clientMsgID))).toBe('glad to be here');

    await e.data('joinGroup', { groupID, reqMsg: 'me too', joinSource: 3 });
    await a.waitFor('OnGroupApplicationAdded', (x) => x.userID === eve.userID);
    await a.data('refuseGroupApplication', { groupID, fromUserID: eve.userID, handleMsg: 'sorry' });
    const refused = await e.waitFor('OnGroupApplicationRejected', (x) => x.groupID === groupID);
    expect(Number(refused.data.handleResult)).toBe(-1);
    expect(await errCodeOf(sendGroupText(e, groupID, 'please?'))).toBe(1203);
    expect((await e.data('getJoinedGroupList')).map((g) => g.groupID)).not.toContain(groupID);

    // Open the group (needVerification 2): eve now joins directly and the members see her arrive.
    await a.data('setGroupInfo', { groupID, needVerification: 2 });
    const since = a.events.mark();
    await e.data('joinGroup', { groupID, reqMsg: '', joinSource: 3 });
    await e.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);
    await memberAdded(a, (m) => m.userID === eve.userID && m.groupID === groupID, since);
  });

  it('keeps @-mention flags on the server: @member and @all reach a fresh login, reset clears them', async () => {
    const { alice, bob, carol } = uniqueUsers('alice', 'bob', 'carol');
    await server.registerUsers([alice, bob, carol]);
    const a = await harness.loginSynced(alice.userID);
    const b = await harness.loginSynced(bob.userID);
    const groupID = await createGroup(a, 'Mentions', [bob.userID, carol.userID]);
    const conversationID = `sg_${groupID}`;
    await b.waitFor('OnJoinedGroupAdded', (g) => g.groupID === groupID);

    const at = await a.data('createTextAtMessage', {
      text: '@bob please look',
      atUserIDList: [bob.userID],
      atUsersInfo: [{ atUserID: bob.userID, groupNickname: bob.nickname }],
    });
    const sentAt = await a.data('sendMessage', { recvID: '', groupID, message: at });
    await receivedMessage(b, sentAt.clientMsgID);
    await conversationChange(b, conversationID, (cv) => Number(cv.groupAtType) === 1);

    const all = await a.data('createTextAtMessage', {
      text: '@all meeting now',
      atUserIDList: ['AtAllTag'],
      atUsersInfo: [{ atUserID: 'AtAllTag', groupNickname: 'everyone' }],
    });
    await a.data('sendMessage', { recvID: '', groupID, message: all });

    // Fresh devices read the flags from the server: carol @all (2), bob @me and @all (3).
    const c = await harness.loginSynced(carol.userID);
    expect(Number((await conversation(c, conversationID))?.groupAtType)).toBe(2);
    await harness.close(c);
    const b2 = await harness.loginSynced(bob.userID, 3);
    expect(Number((await conversation(b2, conversationID))?.groupAtType)).toBe(3);
    await b2.data('resetConversationGroupAtType', conversationID);
    await harness.close(b2);
    const b3 = await harness.loginSynced(bob.userID, 3);
    expect(Number((await conversation(b3, conversationID))?.groupAtType)).toBe(0);
  });
});
