import { describe, expect, it } from 'vitest';
import { TestWorld } from '../../testing';

describe('BlacklistViewModel (spec §2 blacklist)', () => {
  it('lists blocked users with their names, removes them, and shows the empty state', async () => {
    const world = new TestWorld().users(
      { userID: 'alice', nickname: 'Alice' },
      { userID: 'bob', nickname: 'Bob' },
    );
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const vm = alice.viewModels.blacklist();
    expect(vm.state.empty).toBe(true);
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    expect(vm.state.entries).toEqual([{ userID: 'bob', name: 'Bob', faceURL: expect.any(String) as string }]);
    await vm.remove('bob');
    await world.settle();
    expect(vm.state).toEqual({ entries: [], empty: true });
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toContain('bob');
  });

  it('is a page of the contacts sub-navigation at /contact/blacklist', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const page = alice.viewModels.contactsPage();
    expect(page.state.sections.at(-1)).toEqual({ id: 'blacklist', path: 'blacklist', badge: 0 });
  });
});
