import { describe, expect, it, vi } from 'vitest';
import { RemoteError } from '../shared/remote-error';
import { TestWorld, type TestClient } from '../testing';

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

describe('ContactStore.reconcileBlacklist, after every sync', () => {
  const sync = async (world: TestWorld, client: TestClient) => {
    client.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    client.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();
  };

  it('§4 blocks a new device learns only from its first sync are listed, and the blocked are no friends', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol');
    // Bob was blocked on another device; this device's first sync reported nothing and stores it later.
    world.backend.blacklistOf('alice').add('bob');
    alice.ports.contacts.blacklistNotYetStored = true;

    await sync(world, alice);

    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['carol']);
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('§4 a blocked friend the sync also lost is not fetched back as a friend', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol');
    world.backend.blacklistOf('alice').add('bob');
    alice.ports.contacts.blacklistNotYetStored = true;
    alice.ports.contacts.lostLocally.add('bob');

    await sync(world, alice);

    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['carol']);
  });

  it('§4 an unblock made elsewhere brings the friend back', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol');
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['carol']);
    // Unblocked on another device while this one heard nothing of it.
    world.backend.blacklistOf('alice').delete('bob');

    await sync(world, alice);

    expect(alice.contacts.snapshot.blackList).toEqual([]);
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob', 'carol']);
  });

  it('§4 a block or an unblock made while the server answered is kept', async () => {
    const { world, alice } = await aliceWithFriends('bob', 'carol', 'dave');
    await alice.contactActions.setBlacklisted('dave', true);
    await world.settle();
    // The server answers as it was before: dave blocked, carol not.
    const answer = [{ userID: 'dave', nickname: 'dave', faceURL: '' }];
    let answerNow: () => void = () => undefined;
    vi.spyOn(alice.ports.contacts, 'getServerBlacklist').mockImplementationOnce(
      () => new Promise((resolve) => (answerNow = () => resolve(answer))),
    );
    const checking = alice.contacts.reconcileBlacklist();
    await alice.contactActions.setBlacklisted('carol', true);
    await alice.contactActions.setBlacklisted('dave', false);
    await world.settle();
    answerNow();
    await checking;

    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['carol']);
  });

  it('§8 a server that cannot answer leaves the list as it is, with a warning and no toast', async () => {
    const { world, alice } = await aliceWithFriends('bob');
    world.backend.blacklistOf('alice').add('bob');
    alice.ports.contacts.blacklistNotYetStored = true;
    alice.ports.contacts.failServerBlacklistWith = 1500;

    await sync(world, alice);

    expect(alice.contacts.snapshot.blackList).toEqual([]);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'checking the blacklist failed' }),
    );
    expect(alice.toasts.keys()).toEqual([]);
  });
});
