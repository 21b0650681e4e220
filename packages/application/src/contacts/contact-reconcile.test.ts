import { describe, expect, it, vi } from 'vitest';
import { RemoteError } from '../shared/remote-error';
import { TestWorld } from '../testing';

// The SDK's first sync after an install can finish with friend rows lost on a loaded machine; the
// friend list is checked against the server's friend ids after every sync and the missing ones fetched.

async function aliceWithFriends(...friends: string[]) {
  const world = new TestWorld().users('alice', ...friends);
  for (const id of friends) world.backend.makeFriends('alice', id);
  const alice = await world.signIn('alice');
  await world.settle();
  return { world, alice };
}

describe('ContactStore.reconcileFriends', () => {
  it('§4 a sync that finished with friends missing from the device is repaired: the list shows them all', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol', 'dave');
    alice.ports.contacts.lostLocally.add('bob');
    alice.ports.contacts.lostLocally.add('dave');

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(alice.contacts.snapshot.friendList.map((f) => f.userID).sort()).toEqual(['bob', 'carol', 'dave']);
    // Fetched by id, they are the device's again: a plain reload lists them too.
    expect(alice.ports.contacts.lostLocally.size).toBe(0);
    await alice.contacts.loadFriends();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob', 'carol', 'dave']);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'friends missing after a sync were fetched' }),
    );
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('§4 a complete list asks the server once and fetches nothing', async () => {
    const { alice } = await aliceWithFriends('bob', 'carol');
    await alice.contacts.loadFriends();
    const ids = vi.spyOn(alice.ports.contacts, 'getServerFriendIDs');
    const byId = vi.spyOn(alice.ports.contacts, 'getFriends');

    await alice.contacts.reconcileFriends();

    expect(ids).toHaveBeenCalledTimes(1);
    expect(byId).not.toHaveBeenCalled();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob', 'carol']);
  });

  it('§4 a blocked friend stays off the friend list (the server counts them, the list does not)', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol');
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    // The blacklist read at sign-in may have failed as well: the store knows of no block.
    alice.reopen();
    alice.ports.contacts.lostLocally.add('carol');

    await alice.contacts.loadFriends();
    await alice.contacts.reconcileFriends();

    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['carol']);
  });

  it('§8 when the server or the SDK cannot answer, the list stays as loaded, a warning is logged, no toast', async () => {
    const { alice } = await aliceWithFriends('bob', 'carol');
    alice.ports.contacts.lostLocally.add('carol');
    alice.ports.contacts.failServerFriendIDsWith = 1500;
    await alice.contacts.loadFriends();

    await alice.contacts.reconcileFriends();

    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'checking the friend list failed' }),
    );

    // The server answers, the SDK does not: the same, and the next check tries again.
    alice.ports.contacts.failServerFriendIDsWith = undefined;
    vi.spyOn(alice.ports.contacts, 'getFriends').mockRejectedValueOnce(new RemoteError(10000, 'timeout'));
    await alice.contacts.reconcileFriends();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'fetching missing friends failed' }),
    );
    await alice.contacts.reconcileFriends();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob', 'carol']);
    expect(alice.ports.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(alice.toasts.keys()).toEqual([]);
  });
});

describe('the blacklist after a sync', () => {
  it('§4 blocks the sync stored without an event (a new device) are listed once it finishes', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol');
    expect(alice.contacts.snapshot.blackList).toEqual([]);
    // Bob was blocked on another device; this device's first sync stores it and reports nothing.
    world.backend.blacklistOf('alice').add('bob');

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['carol']);
    expect(alice.toasts.keys()).toEqual([]);
  });
});
