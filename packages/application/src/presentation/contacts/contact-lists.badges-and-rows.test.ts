import { describe, expect, it } from 'vitest';
import { TestWorld } from '../../testing';
import type { ContactsPageState } from './contacts-page.view-model';

describe('contacts lists: badges, blocked users, friend order and my groups', () => {
  it('the sub-navigation badges each request page with its own count and changes only with them', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol', 'zed', 'm1', 'm2');
    world.backend.makeFriends('alice', 'm1');
    world.backend.makeFriends('alice', 'm2');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['m1', 'm2'],
    });
    if (!created.ok) throw new Error('group');
    const page = alice.viewModels.contactsPage();
    const seen: ContactsPageState[] = [];
    page.state$.subscribe((s) => seen.push(s));

    const bob = await world.signIn('bob');
    const carol = await world.signIn('carol');
    const zed = await world.signIn('zed');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'hi');
    await carol.contactActions.sendFriendRequest({ userID: 'alice' }, 'hello');
    await world.settle();
    await zed.contactActions.sendJoinRequest(created.value.conversation.groupID, 'let me in');
    await world.settle();
    expect(page.state).toEqual({
      sections: [
        { id: 'myFriends', path: '', badge: 0 },
        { id: 'myGroups', path: 'myGroups', badge: 0 },
        { id: 'newFriends', path: 'newFriends', badge: 2 },
        { id: 'groupNotifications', path: 'groupNotifications', badge: 1 },
        { id: 'blacklist', path: 'blacklist', badge: 0 },
      ],
    });
    expect(seen.map((s) => s.sections.map((x) => x.badge))).toEqual([
      [0, 0, 0, 0, 0],
      [0, 0, 1, 0, 0],
      [0, 0, 2, 0, 0],
      [0, 0, 2, 1, 0],
    ]);

    // A new friend changes the store but no badge.
    world.backend.makeFriends('alice', 'zed');
    await world.settle();
    expect(seen).toHaveLength(4);
  });

  it('the blacklist lists every blocked user, by nickname or else by id, and is not empty then', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bob' }, 'nn');
    const nn = world.backend.user('nn');
    nn.info = { ...nn.info, nickname: '', faceURL: 'https://u/nn.png' };
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.blacklist();
    await alice.contactActions.setBlacklisted('nn', true);
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    expect(vm.state.empty).toBe(false);
    expect([...vm.state.entries].sort((a, b) => a.userID.localeCompare(b.userID))).toEqual([
      { userID: 'bob', name: 'Bob', faceURL: '' },
      { userID: 'nn', name: 'nn', faceURL: 'https://u/nn.png' },
    ]);
  });

  it('friends of the same name are listed in id order, each as a friend row', async () => {
    const world = new TestWorld().users(
      'alice',
      { userID: 'u3', nickname: 'Sam' },
      { userID: 'u1', nickname: 'Sam' },
      { userID: 'u2', nickname: 'Sam' },
    );
    for (const id of ['u3', 'u1', 'u2']) world.backend.makeFriends('alice', id);
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    const list = alice.viewModels.friendList();
    expect(
      list.state.rows.map((r) => (r.kind === 'header' ? `#${r.letter}` : `${r.kind}:${r.item.userID}`)),
    ).toEqual(['#S', 'friend:u1', 'friend:u2', 'friend:u3']);
  });

  it('My groups follows the store: a group created after the page opened is listed', async () => {
    const world = new TestWorld().users('alice', 'm1', 'm2');
    world.backend.makeFriends('alice', 'm1');
    world.backend.makeFriends('alice', 'm2');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    const groups = alice.viewModels.groupList();
    expect(groups.state).toEqual({ groups: [] });
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['m1', 'm2'],
    });
    if (!created.ok) throw new Error('group');
    await world.settle();
    expect(groups.state.groups.map((g) => [g.name, g.memberCount])).toEqual([['Crew', 3]]);
  });
});
