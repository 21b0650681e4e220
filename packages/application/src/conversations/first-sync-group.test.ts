import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { ImErrorCode } from '../testing/fake-im-errors';
import { RemoteError } from '../shared/remote-error';
import { TestWorld } from '../testing';

/**
 * A group chat opened from the server's copy during the first sync: the SDK's local database has no
 * members of the group yet, so reading the own membership fails (RecordNotFound). That is expected, not
 * an error to show; once the SDK has the conversation the store reads it again (confirmLocal).
 */
/** alice, signed in, owner of the group Team with bob. */
async function aliceWithTeam() {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const group = await alice.ports.groups.createGroup({
    groupName: 'Team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await world.settle();
  return { world, alice, group };
}

describe('ConversationStore: a group opened during the first sync', () => {
  it('reads the own membership without an error toast, and again once the SDK has the group', async () => {
    const { world, alice, group } = await aliceWithTeam();
    // A fresh install: the conversation list comes from the server's first page.
    alice.reopen();
    world.backend.devices.delete(alice.ports.device.sink);
    const getMembers = alice.ports.groups.getMembers.bind(alice.ports.groups);
    let synced = false;
    alice.ports.groups.getMembers = (groupID, userIDs) =>
      synced
        ? getMembers(groupID, userIDs)
        : Promise.reject(new RemoteError(ImErrorCode.RecordNotFound, 'no'));
    await alice.conversations.loadServerFirstPage('alice');
    const team = alice.conversations.snapshot.find((c) => c.groupID === group.groupID);
    await alice.conversations.select(team);
    await world.settle();
    expect(alice.conversations.isServerOnly(team?.conversationID ?? '')).toBe(true);

    expect(alice.toasts.toasts).toEqual([]);
    expect(alice.conversations.currentMemberInfo).toBeUndefined();

    synced = true;
    world.backend.connect(alice.ports.device.sink);
    await alice.conversations.loadConversations();
    await world.settle();
    expect(alice.conversations.currentMemberInfo).toMatchObject({ groupID: group.groupID, userID: 'alice' });
    expect(alice.toasts.toasts).toEqual([]);
  });

  it('a group the SDK already has still shows the failure of that read', async () => {
    const { world, alice, group } = await aliceWithTeam();
    alice.ports.groups.getMembers = () => Promise.reject(new RemoteError(500, 'failed'));

    await alice.conversations.open(group.groupID, SessionType.Group);
    await world.settle();

    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.getGroupMemberFailed' }]);
  });

  it('a send with the own membership not read (yet) reads it again instead of calling the user gone', async () => {
    const { world, alice, group } = await aliceWithTeam();
    const getMembers = alice.ports.groups.getMembers.bind(alice.ports.groups);
    let reads = 0;
    // The read made on opening fails (e.g. before the SDK had the group's members); later ones work.
    alice.ports.groups.getMembers = (groupID, userIDs) =>
      ++reads === 1 ? Promise.reject(new RemoteError(500, 'failed')) : getMembers(groupID, userIDs);
    await alice.conversations.open(group.groupID, SessionType.Group);
    await world.settle();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();

    const sent = await alice.chat.sendText('still here');

    expect(sent.ok).toBe(true);
    expect(alice.conversations.currentMemberInfo).toMatchObject({ userID: 'alice', groupID: group.groupID });
    expect(alice.toasts.keys()).not.toContain('toast.notInGroup');
  });

  it('a member who really left is still refused after that second read', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    await bob.ports.groups.quit(group.groupID);
    await world.settle();

    expect((await bob.chat.sendText('gone?')).ok).toBe(false);
    expect(bob.toasts.keys()).toContain('toast.notInGroup');
  });
});
