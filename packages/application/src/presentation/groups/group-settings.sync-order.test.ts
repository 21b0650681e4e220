import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';

/**
 * The group drawer opened while the SDK starts and syncs (after a reload): its reads of the group's
 * members and of the own membership answer in any order, and those made before the SDK had the group's
 * members answer empty. Whatever the order, the drawer ends ready with the members once the SDK has them.
 */

type Read = (...args: unknown[]) => Promise<readonly unknown[]>;

interface Held {
  readonly args: readonly unknown[];
  /** Answers the call now, as the SDK would answer it at this moment (or with `value`). */
  answer(value?: readonly unknown[]): Promise<void>;
}

/** Holds every call of a read of `client`'s SDK until the test answers it. */
function hold(client: TestClient, method: 'getMembers' | 'getMembersPage' | 'getGroups'): Held[] {
  const gateway = client.ports.groups as unknown as Record<typeof method, Read>;
  const original = gateway[method].bind(client.ports.groups);
  const held: Held[] = [];
  gateway[method] = (...args) =>
    new Promise((resolve) => {
      held.push({ args, answer: async (value) => resolve(value ?? (await original(...args))) });
    });
  return held;
}

/** bob in "Team" with owner, admin and carol; a single chat is open on bob's side. */
async function team() {
  const world = new TestWorld().users('owner', 'admin', 'bob', 'carol');
  for (const id of ['admin', 'bob', 'carol']) world.backend.makeFriends('owner', id);
  const owner = await world.signIn('owner');
  const bob = await world.signIn('bob');
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  await bob.conversations.open('owner', SessionType.Single);
  await world.settle();
  return { world, bob, groupID: created.value.conversation.groupID };
}

const everyone = ['owner', 'admin', 'bob', 'carol'];

describe('the group drawer opened while the SDK syncs, whatever the order of its answers', () => {
  it('reads answering empty during the sync are read again once it finishes: the drawer becomes ready', async () => {
    const { world, bob, groupID } = await team();
    const groups = bob.ports.groups;
    const [getMembers, getMembersPage] = [groups.getMembers.bind(groups), groups.getMembersPage.bind(groups)];
    // The SDK has the group's info but, while it syncs, not yet its members.
    let syncing = true;
    groups.getMembers = (id, userIDs) => (syncing ? Promise.resolve([]) : getMembers(id, userIDs));
    groups.getMembersPage = (id, offset, count) =>
      syncing ? Promise.resolve([]) : getMembersPage(id, offset, count);
    bob.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();
    expect(drawer.state.status).toBe('loading');
    expect(drawer.state.name).toBe('Team');

    syncing = false;
    bob.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(bob.conversations.currentMemberInfo).toMatchObject({ groupID, userID: 'bob' });
    expect(drawer.state.status).toBe('ready');
    expect(drawer.state.leave).toBe('exit');
    expect(drawer.state.members.map((m) => m.userID)).toEqual(everyone);
  });

  it('an own-membership read made before the SDK had the members, answering last, does not undo a later one', async () => {
    const { world, bob, groupID } = await team();
    const reads = hold(bob, 'getMembers');
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();
    // The SDK reports the own membership (its sync reached it): the store reads it again.
    world.backend.updateMember(groupID, 'bob', { nickname: 'Bobby' });
    await world.settle();
    expect(reads).toHaveLength(2);

    await reads[1]!.answer();
    await world.settle();
    await reads[0]!.answer([]);
    await world.settle();

    expect(bob.conversations.currentMemberInfo).toMatchObject({ groupID, userID: 'bob', nickname: 'Bobby' });
    expect(bob.conversations.currentGroupInfo?.inGroup).toBe(true);
    expect(drawer.state.status).toBe('ready');
  });

  it('an own-membership read under way when the sync finishes, answering empty after it, is no "left"', async () => {
    const { world, bob, groupID } = await team();
    const reads = hold(bob, 'getMembers');
    bob.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();
    bob.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();
    expect(reads).toHaveLength(2);
    // The read after the sync answers first, the one from before it (still without members) last.
    await reads.at(-1)!.answer();
    await world.settle();
    await reads[0]!.answer([]);
    await world.settle();

    expect(bob.conversations.currentGroupInfo?.inGroup).toBe(true);
    expect(bob.conversations.currentMemberInfo).toMatchObject({ groupID, userID: 'bob' });
    expect(drawer.state.status).toBe('ready');
  });

  it('a group info read made before the SDK had the group, answering after the read after the sync, is dropped', async () => {
    const { world, bob, groupID } = await team();
    const reads = hold(bob, 'getGroups');
    bob.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();
    bob.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();
    const opened = reads.filter((read) => (read.args[0] as string[]).includes(groupID));
    expect(opened).toHaveLength(2);

    await opened[1]!.answer();
    await world.settle();
    await opened[0]!.answer([]);
    await world.settle();

    expect(bob.conversations.currentGroupInfo).toMatchObject({ groupID, groupName: 'Team', inGroup: true });
    expect(drawer.state.status).toBe('ready');
    expect(drawer.state.name).toBe('Team');
  });

  it('a members read under way when the own membership arrives, then answering empty, is read again', async () => {
    const { world, bob, groupID } = await team();
    const own = hold(bob, 'getMembers');
    const pages = hold(bob, 'getMembersPage');
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();
    expect(pages).toHaveLength(1);

    await own[0]!.answer();
    await world.settle();
    await pages[0]!.answer([]);
    await world.settle();
    expect(pages).toHaveLength(2);
    expect(pages[1]!.args).toEqual([groupID, 0, 500]);
    await pages[1]!.answer();
    await world.settle();

    expect(drawer.state.status).toBe('ready');
    expect(drawer.state.members.map((m) => m.userID)).toEqual(everyone);
    expect(drawer.state.loadingMembers).toBe(false);
  });

  it('a members read under way when the own membership arrives, answering the members, is not repeated', async () => {
    const { world, bob, groupID } = await team();
    const own = hold(bob, 'getMembers');
    const pages = hold(bob, 'getMembersPage');
    void bob.conversations.open(groupID, SessionType.Group);
    const drawer = bob.viewModels.groupSettings(groupID);
    await world.settle();

    await own[0]!.answer();
    await world.settle();
    await pages[0]!.answer();
    await world.settle();

    expect(pages).toHaveLength(1);
    expect(drawer.state.status).toBe('ready');
    expect(drawer.state.members.map((m) => m.userID)).toEqual(everyone);
  });
});
