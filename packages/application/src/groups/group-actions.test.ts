import { describe, expect, it } from 'vitest';
import {
  GroupAllowType,
  GroupMemberRole,
  GroupVerification,
  SessionType,
  permissionError,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { GroupsGateway } from '../ports/groups.port';

type Calls = { method: string; args: unknown[] }[];

/** Records the gateway calls a client makes (and still lets the fake backend answer them). */
function record(client: TestClient): Calls {
  const calls: Calls = [];
  const gateway = client.ports.device.groups as unknown as Record<string, unknown>;
  for (const method of [
    'createGroup',
    'invite',
    'kick',
    'transferOwner',
    'setGroupInfo',
    'setMemberRole',
    'muteMember',
    'setMuteAll',
    'quit',
    'dismiss',
    'getMembersPage',
  ]) {
    const original = gateway[method] as (...args: unknown[]) => Promise<unknown>;
    gateway[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return original.apply(client.ports.device.groups, args);
    };
  }
  return calls;
}

/** Makes one gateway method refuse with the given code. */
function refuse(client: TestClient, method: keyof GroupsGateway, code = 1500): void {
  (client.ports.device.groups as unknown as Record<string, unknown>)[method] = () =>
    Promise.reject(new RemoteError(code, `${String(method)} refused`));
}

async function team(): Promise<{
  world: TestWorld;
  owner: TestClient;
  admin: TestClient;
  bob: TestClient;
  groupID: string;
}> {
  const world = new TestWorld().users('owner', 'admin', 'bob', 'carol', 'dave');
  for (const id of ['admin', 'bob', 'carol', 'dave']) world.backend.makeFriends('owner', id);
  await world.advance(5_000);
  const owner = await world.signIn('owner');
  const admin = await world.signIn('admin');
  const bob = await world.signIn('bob');
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  world.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await world.settle();
  owner.toasts.toasts.length = 0;
  return { world, owner, admin, bob, groupID };
}

const members = (world: TestWorld, groupID: string): string[] =>
  [...(world.backend.groups.get(groupID)?.members.keys() ?? [])].sort();

describe('GroupActions: what each action sends, refuses and shows', () => {
  it('create: the creator is never one of the picked members; one other person opens a single chat', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const calls = record(alice);

    const single = await alice.groupActions.createGroup({ groupName: '', selectedUserIDs: ['alice', 'bob'] });
    expect(single.ok && single.value.kind).toBe('singleChat');
    expect(single.ok && single.value.conversation.userID).toBe('bob');
    expect(calls).toEqual([]);

    const created = await alice.groupActions.createGroup({
      groupName: 'Trio',
      selectedUserIDs: ['bob', 'alice', 'carol'],
    });
    expect(calls).toEqual([
      {
        method: 'createGroup',
        args: [{ groupName: 'Trio', faceURL: '', memberUserIDs: ['bob', 'carol'] }],
      },
    ]);
    expect(created.ok && created.value.kind).toBe('group');
    const groupID = created.ok ? created.value.conversation.groupID : '';
    expect(created.ok && created.value.conversation.conversationType).toBe(SessionType.Group);
    expect(members(world, groupID)).toEqual(['alice', 'bob', 'carol']);
  });

  it('create: a refused plan warns with its key and parameters; a refused creation is an error toast', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');

    const tooFew = await alice.groupActions.createGroup({ groupName: 'g', selectedUserIDs: ['alice'] });
    expect(tooFew).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        field: 'members',
        i18nKey: 'validation.createGroup.limit',
        params: { min: 2 },
      },
    });
    expect(alice.toasts.toasts).toEqual([
      { level: 'warning', key: 'validation.createGroup.limit', params: { min: 2 } },
    ]);
    alice.toasts.toasts.length = 0;
    await alice.groupActions.createGroup({ groupName: ' ', selectedUserIDs: ['bob', 'carol'] });
    expect(alice.toasts.toasts).toEqual([{ level: 'warning', key: 'validation.groupName.required' }]);

    alice.toasts.toasts.length = 0;
    refuse(alice, 'createGroup', 1234);
    const refused = await alice.groupActions.createGroup({
      groupName: 'g',
      selectedUserIDs: ['bob', 'carol'],
    });
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'remote', code: 1234, message: 'createGroup refused' },
    });
    expect(alice.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.accessFailed', message: 'createGroup refused' },
    ]);
    expect(alice.conversations.currentConversation).toBeUndefined();
  });

  it('create: a failed avatar upload creates no group', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    alice.ports.fileUploader.failWith = 500;
    const result = await alice.groupActions.createGroup({
      groupName: 'g',
      selectedUserIDs: ['bob', 'carol'],
      avatar: { name: 'a.png', mimeType: 'image/png', size: 1, handle: null },
    });
    expect(!result.ok && result.error.kind).toBe('remote');
    expect(world.backend.groups.size).toBe(0);
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.updateAvatarFailed' }]);
  });

  it('invite: sends the picked ids; only a failure shows a toast', async () => {
    const { world, owner, groupID } = await team();
    const calls = record(owner);
    expect(await owner.groupActions.invite(groupID, ['dave'])).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([{ method: 'invite', args: [groupID, ['dave']] }]);
    expect(owner.toasts.toasts).toEqual([]);
    expect(members(world, groupID)).toContain('dave');

    refuse(owner, 'invite');
    const refused = await owner.groupActions.invite(groupID, ['dave']);
    expect(!refused.ok && refused.error.kind).toBe('remote');
    expect(owner.toasts.toasts).toEqual([{ level: 'error', key: 'toast.inviteUserFailed' }]);
  });

  it('kick: one forbidden target among several stops the whole kick before the server', async () => {
    const { world, admin, groupID } = await team();
    const calls = record(admin);

    const mixed = await admin.groupActions.kick(groupID, ['bob', 'owner', 'carol']);
    expect(mixed).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(admin.toasts.toasts).toEqual([{ level: 'warning', key: 'permission.noPermission' }]);
    expect(calls).toEqual([]);
    expect(members(world, groupID)).toEqual(['admin', 'bob', 'carol', 'owner']);

    admin.toasts.toasts.length = 0;
    expect((await admin.groupActions.kick(groupID, ['bob', 'carol'])).ok).toBe(true);
    expect(calls).toEqual([{ method: 'kick', args: [groupID, ['bob', 'carol']] }]);
    expect(admin.toasts.toasts).toEqual([{ level: 'success', key: 'toast.kickSuccess' }]);
    expect(members(world, groupID)).toEqual(['admin', 'owner']);
  });

  it('kick: a refused kick is an error toast; a member lookup that fails kicks nobody', async () => {
    const { owner, groupID } = await team();
    refuse(owner, 'kick');
    const refused = await owner.groupActions.kick(groupID, ['bob']);
    expect(!refused.ok && refused.error.kind).toBe('remote');
    expect(owner.toasts.toasts).toEqual([{ level: 'error', key: 'toast.kickFailed' }]);

    owner.toasts.toasts.length = 0;
    refuse(owner, 'getMembers', 1202);
    const lookup = await owner.groupActions.kick(groupID, ['bob']);
    expect(lookup).toEqual({
      ok: false,
      error: { kind: 'remote', code: 1202, message: 'getMembers refused' },
    });
    expect(owner.toasts.toasts).toEqual([]);
  });

  it('transfer: exact refusal for an admin, the chosen member becomes owner, a lookup failure passes through', async () => {
    const { world, owner, admin, groupID } = await team();
    const adminCalls = record(admin);
    expect(await admin.groupActions.transfer(groupID, 'bob')).toEqual({
      ok: false,
      error: permissionError('noPermission'),
    });
    expect(adminCalls).toEqual([]);

    const calls = record(owner);
    expect(await owner.groupActions.transfer(groupID, 'carol')).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([{ method: 'transferOwner', args: [groupID, 'carol'] }]);
    expect(world.backend.member(groupID, 'carol').roleLevel).toBe(GroupMemberRole.Owner);
    expect(world.backend.member(groupID, 'bob').roleLevel).toBe(GroupMemberRole.Normal);

    refuse(admin, 'getMembers', 77);
    const lookup = await admin.groupActions.transfer(groupID, 'bob');
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(77);
  });

  it('mute: exact toasts of each outcome; a member outside the group is "not in group"', async () => {
    const { world, owner, admin, groupID } = await team();
    await world.advance(1_000);
    const calls = record(owner);

    const invalid = await owner.groupActions.mute(groupID, 'bob', 42);
    expect(!invalid.ok && invalid.error.kind === 'validation' && invalid.error.i18nKey).toBe(
      'validation.mute.durationRequired',
    );
    expect(owner.toasts.toasts).toEqual([{ level: 'warning', key: 'validation.mute.durationRequired' }]);

    owner.toasts.toasts.length = 0;
    expect(await owner.groupActions.mute(groupID, 'dave', 600)).toEqual({
      ok: false,
      error: permissionError('notInGroup'),
    });
    expect(owner.toasts.toasts).toEqual([{ level: 'warning', key: permissionError('notInGroup').i18nKey }]);
    expect(calls).toEqual([]);

    owner.toasts.toasts.length = 0;
    expect((await owner.groupActions.mute(groupID, 'bob', 3_600)).ok).toBe(true);
    expect(calls).toEqual([{ method: 'muteMember', args: [groupID, 'bob', 3_600] }]);
    expect(world.backend.member(groupID, 'bob').muteEndTime).toBe(world.clock.now() + 3_600_000);
    expect(world.backend.member(groupID, 'carol').muteEndTime).toBe(0);
    expect(owner.toasts.toasts).toEqual([{ level: 'success', key: 'toast.muteSuccess' }]);

    owner.toasts.toasts.length = 0;
    expect((await owner.groupActions.unmute(groupID, 'bob')).ok).toBe(true);
    expect(calls[1]).toEqual({ method: 'muteMember', args: [groupID, 'bob', 0] });
    expect(owner.toasts.toasts).toEqual([{ level: 'success', key: 'toast.unmuteSuccess' }]);

    const adminDenied = await admin.groupActions.mute(groupID, 'owner', 600);
    expect(adminDenied).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(admin.toasts.toasts).toEqual([{ level: 'warning', key: 'permission.noPermission' }]);

    owner.toasts.toasts.length = 0;
    refuse(owner, 'muteMember');
    expect((await owner.groupActions.mute(groupID, 'bob', 600)).ok).toBe(false);
    expect((await owner.groupActions.unmute(groupID, 'bob')).ok).toBe(false);
    expect(owner.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.muteFailed' },
      { level: 'error', key: 'toast.unmuteFailed' },
    ]);

    refuse(owner, 'getMembers', 9);
    const lookup = await owner.groupActions.unmute(groupID, 'bob');
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(9);
  });

  it('mute-all: passes the switch, warns a normal member, and passes a lookup failure through', async () => {
    const { world, admin, bob, groupID } = await team();
    const calls = record(admin);
    expect((await admin.groupActions.setMuteAll(groupID, true)).ok).toBe(true);
    expect((await admin.groupActions.setMuteAll(groupID, false)).ok).toBe(true);
    expect(calls).toEqual([
      { method: 'setMuteAll', args: [groupID, true] },
      { method: 'setMuteAll', args: [groupID, false] },
    ]);
    expect(world.backend.groups.get(groupID)?.group.status).not.toBe(3);

    const bobCalls = record(bob);
    expect(await bob.groupActions.setMuteAll(groupID, true)).toEqual({
      ok: false,
      error: permissionError('noPermission'),
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'warning', key: 'permission.noPermission' }]);
    expect(bobCalls).toEqual([]);

    refuse(bob, 'getMembers', 5);
    const lookup = await bob.groupActions.setMuteAll(groupID, true);
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(5);
  });

  it('quit and disband: exact refusals, nothing sent; lookup failures pass through', async () => {
    const { world, owner, admin, bob, groupID } = await team();
    const ownerCalls = record(owner);
    const adminCalls = record(admin);
    const ownerQuits = await owner.groupActions.quit(groupID);
    expect(ownerQuits).toEqual({ ok: false, error: permissionError('noPermission') });
    const adminDisbands = await admin.groupActions.disband(groupID);
    expect(adminDisbands).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(ownerCalls).toEqual([]);
    expect(adminCalls).toEqual([]);

    expect((await bob.groupActions.quit(groupID)).ok).toBe(true);
    await world.settle();
    expect(members(world, groupID)).toEqual(['admin', 'carol', 'owner']);

    refuse(admin, 'getMembers', 11);
    refuse(owner, 'getMembers', 12);
    const quit = await admin.groupActions.quit(groupID);
    const disband = await owner.groupActions.disband(groupID);
    expect(!quit.ok && quit.error.kind === 'remote' && quit.error.code).toBe(11);
    expect(!disband.ok && disband.error.kind === 'remote' && disband.error.code).toBe(12);
    expect(world.backend.groups.has(groupID)).toBe(true);
  });

  it('edit info: exact refusal and toast, only the given fields sent, upload and server failures', async () => {
    const { owner, admin, bob, groupID } = await team();
    const bobCalls = record(bob);
    expect(await bob.groupActions.editGroupInfo(groupID, { groupName: 'x' })).toEqual({
      ok: false,
      error: permissionError('noPermission'),
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'warning', key: 'permission.noPermission' }]);
    expect(bobCalls).toEqual([]);

    const calls = record(admin);
    const tooLong = await admin.groupActions.editGroupInfo(groupID, { groupName: 'y'.repeat(17) });
    expect(!tooLong.ok && tooLong.error.kind === 'validation' && tooLong.error.i18nKey).toBe(
      'validation.groupName.tooLong',
    );
    expect(calls).toEqual([]);

    expect((await admin.groupActions.editGroupInfo(groupID, { groupName: ' Crew ' })).ok).toBe(true);
    expect(admin.toasts.toasts).toEqual([]);
    expect(calls).toEqual([{ method: 'setGroupInfo', args: [groupID, { groupName: 'Crew' }] }]);

    calls.length = 0;
    expect(
      (
        await admin.groupActions.editGroupInfo(groupID, {
          avatar: { name: 'b.png', mimeType: 'image/png', size: 1, handle: null },
        })
      ).ok,
    ).toBe(true);
    expect(calls).toEqual([
      { method: 'setGroupInfo', args: [groupID, { faceURL: 'https://files.fake/1/b.webp' }] },
    ]);
    // A successful upload and change show no toast.
    expect(admin.toasts.toasts).toEqual([]);

    calls.length = 0;
    admin.ports.fileUploader.failWith = 500;
    const upload = await admin.groupActions.editGroupInfo(groupID, {
      groupName: 'Other',
      avatar: { name: 'c.png', mimeType: 'image/png', size: 1, handle: null },
    });
    expect(!upload.ok && upload.error.kind).toBe('remote');
    expect(calls).toEqual([]);

    admin.toasts.toasts.length = 0;
    refuse(admin, 'setGroupInfo');
    expect((await admin.groupActions.editGroupInfo(groupID, { groupName: 'Other' })).ok).toBe(false);
    expect(admin.toasts.toasts).toEqual([{ level: 'error', key: 'toast.updateGroupInfoFailed' }]);

    refuse(owner, 'getMembers', 13);
    const lookup = await owner.groupActions.editGroupInfo(groupID, { groupName: 'z' });
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(13);
  });

  it('announcement and join settings: managers only, trimmed text, exact changes', async () => {
    const { admin, bob, groupID } = await team();
    const calls = record(admin);
    expect((await admin.groupActions.setAnnouncement(groupID, '  Hello all  ')).ok).toBe(true);
    const settings = {
      needVerification: GroupVerification.AllNeed,
      lookMemberInfo: GroupAllowType.NotAllowed,
      applyMemberFriend: GroupAllowType.Allowed,
    };
    expect((await admin.groupActions.changeJoinSettings(groupID, settings)).ok).toBe(true);
    expect(calls).toEqual([
      { method: 'setGroupInfo', args: [groupID, { notification: 'Hello all' }] },
      { method: 'setGroupInfo', args: [groupID, settings] },
    ]);
    expect(admin.toasts.toasts).toEqual([]);

    const bobCalls = record(bob);
    expect(await bob.groupActions.setAnnouncement(groupID, 'mine')).toEqual({
      ok: false,
      error: permissionError('noPermission'),
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'warning', key: 'permission.noPermission' }]);
    expect(bobCalls).toEqual([]);

    refuse(admin, 'setGroupInfo');
    expect((await admin.groupActions.setAnnouncement(groupID, 'x')).ok).toBe(false);
    expect(admin.toasts.toasts).toEqual([{ level: 'error', key: 'toast.updateGroupInfoFailed' }]);
    refuse(bob, 'getMembers', 14);
    const lookup = await bob.groupActions.changeJoinSettings(groupID, settings);
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(14);
  });

  it('administrators: the owner sets and takes back; never on the owner, a non-member, or by an admin', async () => {
    const { world, owner, admin, groupID } = await team();
    const calls = record(owner);

    expect((await owner.groupActions.setAdmin(groupID, 'bob', true)).ok).toBe(true);
    expect(world.backend.member(groupID, 'bob').roleLevel).toBe(GroupMemberRole.Admin);
    expect((await owner.groupActions.setAdmin(groupID, 'admin', false)).ok).toBe(true);
    expect(world.backend.member(groupID, 'admin').roleLevel).toBe(GroupMemberRole.Normal);
    expect(calls).toEqual([
      { method: 'setMemberRole', args: [groupID, 'bob', GroupMemberRole.Admin] },
      { method: 'setMemberRole', args: [groupID, 'admin', GroupMemberRole.Normal] },
    ]);
    expect(owner.toasts.toasts).toEqual([
      { level: 'success', key: 'toast.accessSuccess' },
      { level: 'success', key: 'toast.accessSuccess' },
    ]);

    calls.length = 0;
    owner.toasts.toasts.length = 0;
    const denied = permissionError('noPermission');
    expect(await owner.groupActions.setAdmin(groupID, 'owner', true)).toEqual({ ok: false, error: denied });
    expect(await owner.groupActions.setAdmin(groupID, 'dave', true)).toEqual({ ok: false, error: denied });
    const bobAdmin = record(admin);
    // admin is a normal member again; bob is an admin but not the owner.
    expect(await admin.groupActions.setAdmin(groupID, 'carol', true)).toEqual({ ok: false, error: denied });
    expect(calls).toEqual([]);
    expect(bobAdmin).toEqual([]);
    expect(owner.toasts.toasts).toEqual([
      { level: 'warning', key: 'permission.noPermission' },
      { level: 'warning', key: 'permission.noPermission' },
    ]);

    owner.toasts.toasts.length = 0;
    refuse(owner, 'setMemberRole');
    expect((await owner.groupActions.setAdmin(groupID, 'carol', true)).ok).toBe(false);
    expect(owner.toasts.toasts).toEqual([{ level: 'error', key: 'toast.accessFailed' }]);
    refuse(owner, 'getMembers', 15);
    const lookup = await owner.groupActions.setAdmin(groupID, 'carol', true);
    expect(!lookup.ok && lookup.error.kind === 'remote' && lookup.error.code).toBe(15);
  });

  it('preview members: none asked for an empty group, 8 of 8, 7 of more, in the server order', async () => {
    const { owner, groupID } = await team();
    const calls = record(owner);
    const order = Array.from({ length: 12 }, (_, i) => `m${String(i)}`);
    owner.ports.device.groups.getMembersPage = (id, offset, count) => {
      calls.push({ method: 'page', args: [id, offset, count] });
      return Promise.resolve(
        order.map((userID) => ({
          userID,
          groupID: id,
          nickname: userID,
          faceURL: '',
          roleLevel: GroupMemberRole.Normal,
          muteEndTime: 0,
        })),
      );
    };

    expect(await owner.groupActions.previewMembers(groupID, 0)).toEqual({ ok: true, value: [] });
    expect(calls).toEqual([]);
    const eight = await owner.groupActions.previewMembers(groupID, 8);
    expect(eight.ok && eight.value.map((m) => m.userID)).toEqual(order.slice(0, 8));
    const many = await owner.groupActions.previewMembers(groupID, 40);
    expect(many.ok && many.value.map((m) => m.userID)).toEqual(order.slice(0, 7));
    expect(calls).toEqual([
      { method: 'page', args: [groupID, 0, 8] },
      { method: 'page', args: [groupID, 0, 7] },
    ]);

    refuse(owner, 'getMembersPage', 16);
    const failed = await owner.groupActions.previewMembers(groupID, 3);
    expect(!failed.ok && failed.error.code).toBe(16);
  });

  it('members page passes through; avatar upload reports the exact validation error', async () => {
    const { owner, groupID } = await team();
    const page = await owner.groupActions.membersPage(groupID, 1, 2);
    expect(page.ok && page.value).toHaveLength(2);
    const gif = await owner.groupActions.uploadAvatar({
      name: 'a.gif',
      mimeType: 'image/gif',
      size: 1,
      handle: null,
    });
    expect(!gif.ok && gif.error.kind === 'validation' && gif.error.i18nKey).toBe(
      'validation.avatar.unsupportedType',
    );
    expect(owner.ports.fileProcessor.requests).toEqual([]);
    expect(owner.toasts.toasts).toEqual([]);
  });
  it('someone outside the group is refused every managing action before the server, not crashed', async () => {
    const { world, groupID } = await team();
    const dave = await world.signIn('dave');
    const calls = record(dave);
    const denied = { ok: false, error: permissionError('noPermission') };
    expect(await dave.groupActions.transfer(groupID, 'owner')).toEqual(denied);
    expect(await dave.groupActions.setMuteAll(groupID, true)).toEqual(denied);
    expect(await dave.groupActions.disband(groupID)).toEqual(denied);
    expect(await dave.groupActions.editGroupInfo(groupID, { groupName: 'Mine' })).toEqual(denied);
    expect(await dave.groupActions.setAnnouncement(groupID, 'mine')).toEqual(denied);
    expect(await dave.groupActions.setAdmin(groupID, 'owner', false)).toEqual(denied);
    expect(await dave.groupActions.setAdmin(groupID, 'bob', true)).toEqual(denied);
    expect(await dave.groupActions.kick(groupID, ['bob'])).toEqual(denied);
    expect(await dave.groupActions.mute(groupID, 'bob', 600)).toEqual(denied);
    expect(calls).toEqual([]);
    // Leaving is not refused by the client (only the owner may not): the server answers.
    const quit = await dave.groupActions.quit(groupID);
    expect(!quit.ok && quit.error.kind).toBe('remote');
    expect(world.backend.member(groupID, 'owner').roleLevel).toBe(GroupMemberRole.Owner);
  });
});
