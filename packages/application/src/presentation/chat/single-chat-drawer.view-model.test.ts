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

    expect(bob.state).toEqual({ isFriend: true, blocked: false, busy: false, failed: false });
    expect(eve.state).toEqual({ isFriend: false, blocked: false, busy: false, failed: false });
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
    expect(drawer.state).toEqual({ isFriend: false, blocked: true, busy: false, failed: false });
    expect(w.backend.blacklistOf('alice').has('bob')).toBe(true);

    const unblocking = drawer.setBlocked(false);
    expect(drawer.state.busy).toBe(true);
    expect((await unblocking).ok).toBe(true);
    await w.settle();
    expect(drawer.state).toEqual({ isFriend: true, blocked: false, busy: false, failed: false });
    expect([...w.backend.blacklistOf('alice')]).toEqual(['carol']);
    expect(seen).toContain(true);
  });

  it('removing someone not blocked succeeds and changes nothing (the server takes it again)', async () => {
    const { alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');

    expect((await drawer.setBlocked(false)).ok).toBe(true);
    expect(drawer.state).toEqual({ isFriend: true, blocked: false, busy: false, failed: false });
    expect(alice.toasts.toasts).toEqual([]);
  });

  it('a change that times out after reaching the server ends in the real state, with no retry left', async () => {
    const { w, alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');
    alice.ports.device.contacts.failBlacklistWith = 10005;

    const result = await drawer.setBlocked(true);

    expect(result.ok).toBe(false);
    expect(alice.toasts.toasts.at(-1)).toEqual({ level: 'error', key: 'toast.updateBlacklistFailed' });
    // The blacklist is read again: bob is blocked on the server, and the switch says so.
    expect(drawer.state).toMatchObject({ blocked: true, busy: false, failed: false });
    expect(w.backend.blacklistOf('alice').has('bob')).toBe(true);
  });

  it('a change that failed shows the old state and a retry, which completes it', async () => {
    const { w, alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');
    const contacts = alice.ports.device.contacts;
    contacts.failBlacklistWith = 10005;
    // The re-read fails too (the SDK is still behind): the switch keeps what it knew.
    const getBlacklist = contacts.getBlacklist.bind(contacts);
    contacts.getBlacklist = () => Promise.resolve([]);

    expect((await drawer.setBlocked(true)).ok).toBe(false);
    expect(drawer.state).toMatchObject({ blocked: false, busy: false, failed: true });

    contacts.failBlacklistWith = undefined;
    contacts.getBlacklist = getBlacklist;
    expect((await drawer.retry()).ok).toBe(true);
    await w.settle();
    expect(drawer.state).toMatchObject({ blocked: true, busy: false, failed: false });
  });

  it('unfriends the peer only', async () => {
    const { w, alice } = await world();
    const drawer = alice.viewModels.singleChatDrawer('bob');

    expect(await drawer.unfriend()).toEqual({ ok: true, value: undefined });
    await w.settle();

    expect(drawer.state).toEqual({ isFriend: false, blocked: false, busy: false, failed: false });
    expect([...w.backend.friendsOf('alice').keys()].sort()).toEqual(['carol', 'dave']);
  });
});
