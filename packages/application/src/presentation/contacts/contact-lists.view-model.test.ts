import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../../shared/lazy-module';
import { TestWorld } from '../../testing';
import { loadPinyin } from './friend-index';
import { FriendListViewModel } from './friend-list.view-model';

const current = <S>(vm: { readonly state: S }): S => vm.state;

describe('ContactsPageViewModel', () => {
  it('§2 lists the pages in order (the blacklist last), badging new friends and group notifications with unhandled requests', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const page = alice.viewModels.contactsPage();
    expect(current(page).sections.map((s) => [s.id, s.path, s.badge])).toEqual([
      ['myFriends', '', 0],
      ['myGroups', 'myGroups', 0],
      ['newFriends', 'newFriends', 0],
      ['groupNotifications', 'groupNotifications', 0],
      ['blacklist', 'blacklist', 0],
    ]);

    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'hi');
    await world.settle();
    expect(current(page).sections.find((s) => s.id === 'newFriends')?.badge).toBe(1);

    await alice.contactActions.acceptFriendRequest('bob');
    await world.settle();
    expect(current(page).sections.find((s) => s.id === 'newFriends')?.badge).toBe(0);
  });
});

describe('FriendListViewModel', () => {
  it('§2 groups friends by the initial of their display name (remark first, Chinese by pinyin) with row indexes for the letter index', async () => {
    const world = new TestWorld().users(
      'alice',
      { userID: 'u1', nickname: 'zoe' },
      { userID: 'u2', nickname: '张三' },
      { userID: 'u3', nickname: 'bob' },
      { userID: 'u4', nickname: '曾小贤' },
    );
    for (const id of ['u1', 'u2', 'u3', 'u4']) world.backend.makeFriends('alice', id);
    const alice = await world.signIn('alice');
    await alice.contactActions.setRemark('u3', 'Aunt Bea');
    await world.settle();
    const list = alice.viewModels.friendList();

    // pinyin-pro loads with the first list; the Chinese names are grouped by it once it has.
    await vi.waitFor(() =>
      expect(current(list).sections.map((s) => [s.letter, s.friends.map((f) => f.name)])).toEqual([
        ['A', ['Aunt Bea']],
        ['Z', ['曾小贤', '张三', 'zoe']],
      ]),
    );
    expect(current(list).rows.map((r) => (r.kind === 'header' ? r.letter : r.item.userID))).toEqual([
      'A',
      'u3',
      'Z',
      'u4',
      'u2',
      'u1',
    ]);
    expect(current(list).headerIndex).toEqual({ A: 0, Z: 2 });
    expect(current(list).empty).toBe(false);
  });

  it("shows every friend when pinyin-pro cannot be loaded (Han names under '#'), and loads it again on the next change", async () => {
    const world = new TestWorld().users(
      'alice',
      { userID: 'u1', nickname: '张三' },
      { userID: 'u2', nickname: 'bob' },
      { userID: 'u3', nickname: '李四' },
    );
    for (const id of ['u1', 'u2']) world.backend.makeFriends('alice', id);
    const alice = await world.signIn('alice');
    await world.settle();
    let offline = true;
    let loads = 0;
    const pinyin = lazyModule(async () => {
      loads += 1;
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return loadPinyin();
    });
    const list = new FriendListViewModel(alice.services.contacts, pinyin);
    const grouped = () => current(list).sections.map((s) => [s.letter, s.friends.map((f) => f.name)]);
    expect(grouped()).toEqual([
      ['B', ['bob']],
      ['#', ['张三']],
    ]);
    await vi.waitFor(() => expect(loads).toBe(1));
    await world.settle();
    expect(grouped()).toEqual([
      ['B', ['bob']],
      ['#', ['张三']],
    ]);

    offline = false;
    world.backend.makeFriends('alice', 'u3');
    await world.settle();
    await vi.waitFor(() =>
      expect(grouped()).toEqual([
        ['B', ['bob']],
        ['L', ['李四']],
        ['Z', ['张三']],
      ]),
    );
    expect(loads).toBe(2);
    list.dispose();
  });

  it('follows the store and reports an empty list', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const list = alice.viewModels.friendList();
    expect(current(list).empty).toBe(true);
    world.backend.makeFriends('alice', 'bob');
    await world.settle();
    expect(current(list).rows.map((r) => (r.kind === 'header' ? r.letter : r.item.name))).toEqual([
      'B',
      'bob',
    ]);
  });

  it('stops following the store once disposed', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const list = alice.viewModels.friendList();
    expect(alice.viewModels.aliveCount).toBe(1);
    list.dispose();
    expect(alice.viewModels.aliveCount).toBe(0);
    world.backend.makeFriends('alice', 'bob');
    await world.settle();
    expect(current(list).empty).toBe(true);
  });
});

describe('GroupListViewModel', () => {
  it('§2 lists joined groups with their name (else id), avatar and member count', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({
      groupName: 'Team',
      selectedUserIDs: ['bob', 'carol'],
    });
    expect(created.ok).toBe(true);
    await world.settle();
    const groups = alice.viewModels.groupList();
    expect(current(groups).groups.map((g) => [g.name, g.memberCount])).toEqual([['Team', 3]]);
  });
});
