import { describe, expect, it, vi } from 'vitest';
import { TestWorld } from '../testing';

// The SDK's first sync after an install can lose joined-group rows as it loses friends; the group list is
// checked against the server's joined group ids after every sync and the missing ones read from the server.

async function aliceInGroups(...names: string[]) {
  const world = new TestWorld().users('alice', 'bob');
  const alice = await world.signIn('alice');
  const ids: string[] = [];
  for (const groupName of names) {
    const group = await alice.ports.groups.createGroup({ groupName, faceURL: '', memberUserIDs: ['bob'] });
    ids.push(group.groupID);
  }
  await world.settle();
  return { world, alice, ids };
}

const names = (list: readonly { readonly groupName: string }[]) => list.map((g) => g.groupName).sort();

describe('ContactStore.reconcileGroups', () => {
  it('§4 a sync that finished with joined groups missing from the device is repaired: the list shows them all', async () => {
    const { world, alice, ids } = await aliceInGroups('design', 'ops', 'sales');
    alice.ports.groups.lostLocally.add(ids[0] ?? '');
    alice.ports.groups.lostLocally.add(ids[2] ?? '');

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(names(alice.contacts.snapshot.groupList)).toEqual(['design', 'ops', 'sales']);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'groups missing after a sync were fetched' }),
    );
    expect(alice.toasts.keys()).toEqual([]);
    // Read from the server, not stored on the device: the next sync's check finds them again.
    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();
    expect(names(alice.contacts.snapshot.groupList)).toEqual(['design', 'ops', 'sales']);
  });

  it('§4 a complete list asks the server once and reads nothing', async () => {
    const { alice } = await aliceInGroups('design', 'ops');
    await alice.contacts.loadGroups();
    const ids = vi.spyOn(alice.ports.groups, 'getServerJoinedGroupIDs');
    const byId = vi.spyOn(alice.ports.groups, 'getGroups');

    await alice.contacts.reconcileGroups();

    expect(ids).toHaveBeenCalledTimes(1);
    expect(byId).not.toHaveBeenCalled();
    expect(names(alice.contacts.snapshot.groupList)).toEqual(['design', 'ops']);
  });

  it('§4 a group the SDK reports joined while the missing ones are read is listed once', async () => {
    const { world, alice, ids } = await aliceInGroups('design');
    const groupID = ids[0] ?? '';
    alice.ports.groups.lostLocally.add(groupID);
    await alice.contacts.loadGroups();
    expect(alice.contacts.snapshot.groupList).toEqual([]);
    const read = alice.ports.groups.getGroups.bind(alice.ports.groups);
    vi.spyOn(alice.ports.groups, 'getGroups').mockImplementation(async (wanted) => {
      const found = await read(wanted);
      const group = found[0];
      if (group !== undefined) alice.ports.device.sink.groups.next({ type: 'joinedGroupAdded', group });
      return found;
    });

    await alice.contacts.reconcileGroups();
    await world.settle();

    expect(alice.contacts.snapshot.groupList.map((g) => g.groupID)).toEqual([groupID]);
  });

  it('§8 when the server cannot be asked, the list stays as loaded and a warning is logged, no toast', async () => {
    const { alice, ids } = await aliceInGroups('design', 'ops');
    alice.ports.groups.lostLocally.add(ids[1] ?? '');
    alice.ports.groups.failServerGroupIDsWith = 1500;
    await alice.contacts.loadGroups();

    await alice.contacts.reconcileGroups();

    expect(names(alice.contacts.snapshot.groupList)).toEqual(['design']);
    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'checking the group list failed' }),
    );
    expect(alice.toasts.keys()).toEqual([]);
  });
});
