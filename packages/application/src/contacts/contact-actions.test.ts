import { describe, expect, it } from 'vitest';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';

type Calls = { method: string; args: unknown[] }[];

function record(target: object, methods: readonly string[]): Calls {
  const calls: Calls = [];
  const gateway = target as Record<string, unknown>;
  for (const method of methods) {
    const original = gateway[method] as (...args: unknown[]) => Promise<unknown>;
    gateway[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return original.apply(target, args);
    };
  }
  return calls;
}

const remote = (code: number, message: string) => ({ ok: false, error: { kind: 'remote', code, message } });

async function friends(): Promise<{ world: TestWorld; alice: TestClient }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  await alice.contacts.loadFriends();
  return { world, alice };
}

describe('ContactActions: lookups, requests and their toasts, and failures that change nothing', () => {
  it('failed lookups return the exact failure instead of a result', async () => {
    const { alice } = await friends();
    alice.ports.device.groups.getGroups = () => Promise.reject(new RemoteError(21, 'groups down'));
    expect(await alice.contactActions.findGroup('g1')).toEqual(remote(21, 'groups down'));
    alice.ports.chatApi.findUsers = () => Promise.reject(new RemoteError(22, 'users down'));
    expect(await alice.contactActions.loadUserDetails('bob')).toEqual(remote(22, 'users down'));
  });

  it("user details are the requested user's even when the answer lists others first", async () => {
    const { alice } = await friends();
    const original = alice.ports.chatApi.findUsers.bind(alice.ports.chatApi);
    alice.ports.chatApi.findUsers = async () => [
      ...(await original(['carol'])).map((u) => ({ ...u, email: 'carol@example.com' })),
      ...(await original(['bob'])).map((u) => ({ ...u, email: 'bob@example.com' })),
    ];
    const details = await alice.contactActions.loadUserDetails('bob');
    expect(details.ok && details.value?.userID).toBe('bob');
    expect(details.ok && details.value?.email).toBe('bob@example.com');
    const list = alice.contacts.snapshot.friendList;
    expect(list.find((f) => f.userID === 'bob')?.email).toBe('bob@example.com');
    expect(list.find((f) => f.userID === 'carol')?.email ?? '').toBe('');
  });

  it('a blank search keyword is a validation error and asks nobody', async () => {
    const { alice } = await friends();
    const calls = record(alice.ports.chatApi, ['searchUsers']);
    const blank = await alice.contactActions.searchUsers('   ');
    expect(!blank.ok && blank.error.kind).toBe('validation');
    expect(calls).toEqual([]);
    await alice.contactActions.searchUsers(' bob ');
    expect(calls).toEqual([{ method: 'searchUsers', args: ['bob'] }]);
  });

  it('requests are accepted and refused with an empty handling message, for the right person and group', async () => {
    const { alice } = await friends();
    const contacts = record(alice.ports.device.contacts, [
      'acceptFriendApplication',
      'refuseFriendApplication',
    ]);
    const groups = record(alice.ports.device.groups, ['acceptGroupApplication', 'refuseGroupApplication']);
    await alice.contactActions.acceptFriendRequest('bob');
    await alice.contactActions.refuseFriendRequest('carol');
    await alice.contactActions.acceptJoinRequest('g1', 'bob');
    await alice.contactActions.refuseJoinRequest('g2', 'carol');
    expect(contacts).toEqual([
      { method: 'acceptFriendApplication', args: ['bob', ''] },
      { method: 'refuseFriendApplication', args: ['carol', ''] },
    ]);
    expect(groups).toEqual([
      { method: 'acceptGroupApplication', args: ['g1', 'bob', ''] },
      { method: 'refuseGroupApplication', args: ['g2', 'carol', ''] },
    ]);
  });

  it('join requests: the exact validation error before the server, exact toasts after it', async () => {
    const { world } = await friends();
    const bob = await world.signIn('bob');
    const created = await bob.groupActions.createGroup({
      groupName: 'B',
      selectedUserIDs: ['alice', 'carol'],
    });
    if (!created.ok) throw new Error('no group');
    const groupID = created.value.conversation.groupID;
    const dave = await new TestWorld().users('dave').signIn('dave');
    const calls = record(dave.ports.device.groups, ['joinGroup']);

    const tooLong = await dave.contactActions.sendJoinRequest(groupID, 'x'.repeat(51));
    expect(!tooLong.ok && tooLong.error.kind === 'validation' && tooLong.error.i18nKey).toBe(
      'validation.joinRequest.tooLong',
    );
    expect(calls).toEqual([]);
    expect(dave.toasts.toasts).toEqual([]);

    // dave's world has no such group: the server refuses.
    expect((await dave.contactActions.sendJoinRequest(groupID, 'hi')).ok).toBe(false);
    expect(dave.toasts.toasts).toEqual([{ level: 'error', key: 'toast.sendApplicationFailed' }]);

    world.users('erin');
    const erin = await world.signIn('erin');
    expect((await erin.contactActions.sendJoinRequest(groupID, 'let me in')).ok).toBe(true);
    expect(erin.toasts.toasts).toEqual([{ level: 'success', key: 'toast.joinGroupRequestSent' }]);
  });

  it('friend requests: the exact success toast; blacklist and unfriend toast only failures', async () => {
    const { world, alice } = await friends();
    world.users('dave');
    expect((await alice.contactActions.sendFriendRequest({ userID: 'dave' }, 'hello')).ok).toBe(true);
    expect(alice.toasts.toasts).toEqual([{ level: 'success', key: 'toast.friendRequestSent' }]);

    alice.toasts.toasts.length = 0;
    expect((await alice.contactActions.setBlacklisted('carol', true)).ok).toBe(true);
    expect((await alice.contactActions.unfriend('bob')).ok).toBe(true);
    expect(alice.toasts.toasts).toEqual([]);
    alice.ports.device.contacts.addToBlacklist = () => Promise.reject(new RemoteError(1, 'no'));
    alice.ports.device.contacts.deleteFriend = () => Promise.reject(new RemoteError(1, 'no'));
    await alice.contactActions.setBlacklisted('bob', true);
    await alice.contactActions.unfriend('carol');
    expect(alice.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.updateBlacklistFailed' },
      { level: 'error', key: 'toast.unfriendFailed' },
    ]);
  });

  it('a refused remark change leaves the shown remark as it was', async () => {
    const { alice } = await friends();
    expect((await alice.contactActions.setRemark('bob', ' Bobby ')).ok).toBe(true);
    alice.ports.device.contacts.setFriendRemark = () => Promise.reject(new RemoteError(5, 'refused'));
    expect(await alice.contactActions.setRemark('bob', 'Robert')).toEqual(remote(5, 'refused'));
    expect(alice.contacts.snapshot.friendList.find((f) => f.userID === 'bob')?.remark).toBe('Bobby');
  });
});
