import { describe, expect, it } from 'vitest';
import { TestWorld } from '../../testing';

// Mutation testing found the single-chat drawer's view model without a test (docs/test-quality.md).
describe('SingleChatDrawerViewModel (spec §2 single-chat drawer)', () => {
  const world = async () => {
    const w = new TestWorld().users('alice', 'bob', 'carol', 'dave');
    // Several friends and several blocked users, so that `some` and the blacklist lookup are tested
    // against lists where the peer is not the first or the only entry.
    w.backend.makeFriends('alice', 'carol');
    w.backend.makeFriends('alice', 'bob');
    w.backend.makeFriends('alice', 'dave');
    const alice = await w.signIn('alice');
    return { w, alice };
  };

  it('says whether the peer is a friend, among several friends', async () => {
    const { alice } = await world();
    const bob = alice.viewModels.singleChatDrawer('bob');
    const eve = alice.viewModels.singleChatDrawer('eve');

    expect(bob.state).toEqual({ isFriend: true, blocked: false, busy: false });
    expect(eve.state).toEqual({ isFriend: false, blocked: false, busy: false });
  });

  it('blocks and unblocks the peer, busy while the change is on its way', async () => {
    const { w, alice } = await world();
    await alice.contactActions.setBlacklisted('carol', true);
    await w.settle();
    const drawer = alice.viewModels.singleChatDrawer('bob');
    const seen: boolean[] = [];
    drawer.state$.subscribe((s) => seen.push(s.busy));

    const blocking = drawer.setBlocked(true);
    expect(drawer.state.busy).toBe(true);
    expect(await blocking).toEqual({ ok: true, value: undefined });
    await w.settle();
    // Blocking moves the user from the friend list to the blacklist (the contact store).
    expect(drawer.state).toEqual({ isFriend: false, blocked: true, busy: false });
    expect(w.backend.blacklistOf('alice').has('bob')).toBe(true);

    const unblocking = drawer.setBlocked(false);
    expect(drawer.state.busy).toBe(true);
    expect((await unblocking).ok).toBe(true);
    await w.settle();
    expect(drawer.state).toEqual({ isFriend: true, blocked: false, busy: false });
    expect([...w.backend.blacklistOf('alice')]).toEqual(['carol']);
    expect(seen).toContain(true);
  });

  it('is no longer busy after a refused change, and says why', async () => {
    const { alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');

    // bob is not blacklisted: the server refuses removing him.
    const result = await drawer.setBlocked(false);

    expect(result.ok).toBe(false);
    expect(drawer.state).toEqual({ isFriend: true, blocked: false, busy: false });
    expect(alice.toasts.toasts.at(-1)).toEqual({ level: 'error', key: 'toast.updateBlacklistFailed' });
  });

  it('unfriends the peer only', async () => {
    const { w, alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');

    expect(await drawer.unfriend()).toEqual({ ok: true, value: undefined });
    await w.settle();

    expect(drawer.state).toEqual({ isFriend: false, blocked: false, busy: false });
    expect([...w.backend.friendsOf('alice').keys()].sort()).toEqual(['carol', 'dave']);
  });
});
