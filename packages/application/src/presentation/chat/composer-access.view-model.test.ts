import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { MISSING_ROUTE_CODE } from '../../shared/remote-error';
import { TestWorld } from '../../testing';

// The composer is closed while the user is muted, mute-all applies to her, or she is no longer
// in the group.
async function team() {
  const world = new TestWorld().users('owner', 'admin', 'alice');
  world.backend.makeFriends('owner', 'admin');
  world.backend.makeFriends('owner', 'alice');
  const owner = await world.signIn('owner');
  const admin = await world.signIn('admin');
  const alice = await world.signIn('alice');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'alice'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  const groupID = created.value.conversation.groupID;
  await owner.ports.groups.setMemberRole(groupID, 'admin', 60);
  await world.settle();
  for (const client of [owner, admin, alice]) await client.conversations.open(groupID, SessionType.Group);
  await world.settle();
  const conversationID = created.value.conversation.conversationID;
  return { world, owner, admin, alice, groupID, conversationID };
}

const muted = { kind: 'i18n', i18nKey: 'toast.memberMuted' };
const groupMuted = { kind: 'i18n', i18nKey: 'toast.groupMuted' };
const notMember = { kind: 'i18n', i18nKey: 'conversation.notMember' };

describe('ComposerAccessViewModel', () => {
  it('§6 closes for a muted member and opens again when she is unmuted', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    expect(access.state.blocked).toBeUndefined();

    await owner.groupActions.mute(groupID, 'alice', 600);
    await world.settle();
    expect(access.state.blocked).toEqual(muted);

    await owner.groupActions.unmute(groupID, 'alice');
    await world.settle();
    expect(access.state.blocked).toBeUndefined();
  });

  it('§2 the tools (emoji, picture, file, red packet, paste and drop) close and open with the composer', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    expect(access.state.tools).toBe(true);

    await owner.groupActions.mute(groupID, 'alice', 300);
    await world.settle();
    expect(access.state.tools).toBe(false);
    await world.advance(301_000);
    expect(access.state.tools).toBe(true);

    await owner.groupActions.setMuteAll(groupID, true);
    await world.settle();
    expect(access.state.tools).toBe(false);
    await owner.groupActions.setMuteAll(groupID, false);
    await world.settle();
    expect(access.state.tools).toBe(true);
  });

  it('§6 closes for an admin the owner (or the admin API) mutes: the server refuses her sends too', async () => {
    const { world, owner, admin, groupID, conversationID } = await team();
    const access = admin.viewModels.composerAccess(conversationID);
    await owner.groupActions.mute(groupID, 'admin', 300);
    await world.settle();
    expect(access.state).toMatchObject({ blocked: muted, tools: false });
    // The send is refused before it reaches the server, with the same text.
    expect((await admin.chat.sendText('may I?')).ok).toBe(false);

    await world.advance(301_000);
    expect(access.state).toMatchObject({ blocked: undefined, tools: true });
  });

  it('§4 opens by itself when a timed mute runs out', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    await owner.groupActions.mute(groupID, 'alice', 300);
    await world.settle();
    const access = alice.viewModels.composerAccess(conversationID);
    expect(access.state.blocked).toEqual(muted);

    await world.advance(299_000);
    expect(access.state.blocked).toEqual(muted);
    await world.advance(2_000);
    expect(access.state.blocked).toBeUndefined();
  });

  it('§6 mute-all closes it for ordinary members only, never for the owner and admins', async () => {
    const { world, owner, admin, alice, groupID, conversationID } = await team();
    const views = [owner, admin, alice].map((c) => c.viewModels.composerAccess(conversationID));
    await owner.groupActions.setMuteAll(groupID, true);
    await world.settle();
    expect(views.map((v) => v.state.blocked)).toEqual([undefined, undefined, groupMuted]);

    await owner.groupActions.setMuteAll(groupID, false);
    await world.settle();
    expect(views.map((v) => v.state.blocked)).toEqual([undefined, undefined, undefined]);
  });

  it('§6 follows only its own conversation: another open chat leaves it open', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    await owner.groupActions.mute(groupID, 'alice', 600);
    await world.settle();
    const other = alice.viewModels.composerAccess('si_alice_owner');
    expect(other.state.blocked).toBeUndefined();
    expect(alice.viewModels.composerAccess(conversationID).state.blocked).toEqual(muted);
  });

  it('§6 closes for a member who was removed, and opens again when she is invited back', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    const access = alice.viewModels.composerAccess(conversationID);
    await owner.groupActions.kick(groupID, ['alice']);
    await world.settle();
    expect(access.state).toMatchObject({ blocked: notMember, tools: false });
    // The send is refused before the server, with the spec's toast.
    const sent = await alice.chat.sendText('still here?');
    expect(sent.ok ? undefined : sent.error).toMatchObject({ reason: 'notInGroup' });

    await owner.groupActions.invite(groupID, ['alice']);
    await world.settle();
    expect(access.state).toMatchObject({ blocked: undefined, tools: true });
    expect((await alice.chat.sendText('back')).ok).toBe(true);
  });

  it('§6 closes for every member when the group is disbanded, and for one who quit', async () => {
    const { world, owner, admin, alice, groupID, conversationID } = await team();
    const adminView = admin.viewModels.composerAccess(conversationID);
    await alice.groupActions.quit(groupID);
    await world.settle();
    expect(alice.viewModels.composerAccess(conversationID).state.blocked).toEqual(notMember);
    expect(adminView.state.blocked).toBeUndefined();

    await owner.groupActions.disband(groupID);
    await world.settle();
    expect(adminView.state.blocked).toEqual(notMember);
  });

  it('§6 stays closed when the chat of a group she was removed from is opened again', async () => {
    const { world, owner, alice, groupID, conversationID } = await team();
    await owner.groupActions.kick(groupID, ['alice']);
    await world.settle();
    await alice.conversations.open('owner', SessionType.Single);
    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();
    expect(alice.viewModels.composerAccess(conversationID).state.blocked).toEqual(notMember);
  });

  it('§6 stays open while the SDK has not synced the members yet (an empty read is not "removed")', async () => {
    const { world, alice, groupID, conversationID } = await team();
    // As after a fresh install: the SDK's database has the conversation but not the group's members.
    alice.reopen();
    alice.ports.groups.getMembers = () => Promise.resolve([]);
    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();
    expect(alice.conversations.currentGroupInfo?.inGroup).toBeUndefined();
    expect(alice.viewModels.composerAccess(conversationID).state.blocked).toBeUndefined();
  });

  it('§2 offers the red-packet tool only while the deployment has a wallet', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    const access = alice.viewModels.composerAccess(
      alice.conversations.currentConversation?.conversationID ?? '',
    );
    expect(access.state).toMatchObject({ tools: true, redPackets: true });

    alice.capabilities.noteWalletFailure({ kind: 'remote', code: MISSING_ROUTE_CODE, message: '404' });

    // The other tools stay: only the wallet is missing.
    expect(access.state).toMatchObject({ tools: true, redPackets: false });
    access.dispose();
  });
});
