import { describe, expect, it } from 'vitest';
import { GroupAllowType, GroupMemberRole, GroupVerification, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { GroupSettingsViewModel } from './group-settings.view-model';

/** owner, admin and two normal members (bob, carol) in one group, each with the group chat open. */
async function team() {
  const world = new TestWorld().users('owner', 'admin', 'bob', 'carol');
  for (const id of ['admin', 'bob', 'carol']) world.backend.makeFriends('owner', id);
  const owner = await world.signIn('owner');
  const admin = await world.signIn('admin');
  const bob = await world.signIn('bob');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  world.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await world.settle();
  for (const client of [admin, bob]) await client.conversations.open(groupID, SessionType.Group);
  await world.settle();
  const drawer = async (client: TestClient): Promise<GroupSettingsViewModel> => {
    const vm = client.viewModels.groupSettings(groupID);
    await world.settle();
    return vm;
  };
  return { world, owner, admin, bob, groupID, drawer };
}

const row = (vm: GroupSettingsViewModel, userID: string) => {
  const found = vm.state.members.find((m) => m.userID === userID);
  if (found === undefined) throw new Error(`no member ${userID}`);
  return found;
};

describe('GroupSettingsViewModel (spec §2 group drawer, §6 permission table)', () => {
  it('§6 the owner edits everything, manages admins and members, transfers and disbands', async () => {
    const { owner, drawer } = await team();
    const vm = await drawer(owner);
    expect(vm.state.status).toBe('ready');
    expect(vm.state.can).toEqual({
      editInfo: true,
      editAnnouncement: true,
      muteAll: true,
      joinSettings: true,
      transfer: true,
      kick: true,
    });
    expect(vm.state.leave).toBe('disband');
    expect(row(vm, 'admin')).toMatchObject({ admin: true, canManage: true, canSetAdmin: true });
    expect(row(vm, 'bob')).toMatchObject({ canManage: true, canSetAdmin: true });
    expect(row(vm, 'owner')).toMatchObject({
      owner: true,
      isSelf: true,
      canManage: false,
      canSetAdmin: false,
    });
  });

  it('§6 an admin manages normal members only, edits info, announcement and mute-all, and exits', async () => {
    const { admin, drawer } = await team();
    const vm = await drawer(admin);
    expect(vm.state.can).toEqual({
      editInfo: true,
      editAnnouncement: true,
      muteAll: true,
      joinSettings: true,
      transfer: false,
      kick: true,
    });
    expect(vm.state.leave).toBe('exit');
    expect(row(vm, 'owner')).toMatchObject({ canManage: false, canSetAdmin: false });
    expect(row(vm, 'bob')).toMatchObject({ canManage: true, canSetAdmin: false });
  });

  it('§6 a normal member may do none of it and sees Exit', async () => {
    const { bob, drawer } = await team();
    const vm = await drawer(bob);
    expect(Object.values(vm.state.can).every((allowed) => !allowed)).toBe(true);
    expect(vm.state.leave).toBe('exit');
    expect(vm.state.members.every((m) => !m.canManage && !m.canSetAdmin)).toBe(true);
  });

  it('§2 the member grid shows 17 to normal members and 16 to admin or owner', async () => {
    const { world, owner, bob, groupID, drawer } = await team();
    const others = Array.from({ length: 20 }, (_, i) => `u${i}`);
    world.users(...others);
    await owner.groupActions.invite(groupID, others);
    await world.settle();
    expect((await drawer(owner)).state.preview).toHaveLength(16);
    expect((await drawer(bob)).state.preview).toHaveLength(17);
  });

  it('§4 muting for a fixed duration shows the muted badge to everyone; unmuting removes it', async () => {
    const { world, admin, bob, drawer } = await team();
    const adminVM = await drawer(admin);
    const bobVM = await drawer(bob);
    const muted = await adminVM.mute('carol', 300);
    await world.settle();
    expect(muted.ok).toBe(true);
    expect(row(adminVM, 'carol').muted).toBe(true);
    expect(row(bobVM, 'carol').muted).toBe(true);
    expect((await adminVM.mute('carol', undefined)).ok).toBe(false);
    await adminVM.unmute('carol');
    await world.settle();
    expect(row(bobVM, 'carol').muted).toBe(false);
  });

  it('§6 an admin cannot mute or kick the owner: refused before the server, with no permission', async () => {
    const { world, admin, drawer } = await team();
    const vm = await drawer(admin);
    const kicked = await vm.kick('owner');
    expect(!kicked.ok && kicked.error.kind).toBe('permission');
    expect(admin.toasts.keys()).toContain('permission.noPermission');
    await world.settle();
    expect(row(vm, 'owner')).toBeDefined();
  });

  it('§6 only the owner sets administrators; the new admin may then mute', async () => {
    const { world, owner, admin, bob, drawer } = await team();
    const adminVM = await drawer(admin);
    expect((await adminVM.setAdmin('bob', true)).ok).toBe(false);
    const ownerVM = await drawer(owner);
    expect((await ownerVM.setAdmin('bob', true)).ok).toBe(true);
    await world.settle();
    const bobVM = await drawer(bob);
    expect(row(ownerVM, 'bob').admin).toBe(true);
    expect(bobVM.state.can.muteAll).toBe(true);
    expect(row(bobVM, 'carol').canManage).toBe(true);
  });

  it('§2 rename (max 16), announcement, mute-all and join settings reach every member', async () => {
    const { world, owner, bob, drawer } = await team();
    const ownerVM = await drawer(owner);
    const bobVM = await drawer(bob);
    expect((await ownerVM.rename('x'.repeat(17))).ok).toBe(false);
    await ownerVM.rename('Renamed');
    await ownerVM.setAnnouncement('  Standup at nine  ');
    await ownerVM.setMuteAll(true);
    await ownerVM.setVerification(GroupVerification.AllNeed);
    await ownerVM.setLookMemberInfo(false);
    await ownerVM.setApplyMemberFriend(false);
    await world.settle();
    expect(bobVM.state).toMatchObject({
      name: 'Renamed',
      announcement: 'Standup at nine',
      muteAll: true,
      verification: GroupVerification.AllNeed,
      lookMemberInfo: false,
      applyMemberFriend: false,
    });
    // lookMemberInfo off: a normal member opens only their own card; the owner still sees everyone's.
    expect(row(bobVM, 'carol').canOpenCard).toBe(false);
    expect(row(bobVM, 'bob').canOpenCard).toBe(true);
    expect(row(ownerVM, 'carol').canOpenCard).toBe(true);
    expect(ownerVM.cardContext()).toEqual({
      lookMemberInfo: GroupAllowType.Allowed,
      applyMemberFriend: GroupAllowType.NotAllowed,
    });
    expect((await bobVM.setAnnouncement('mine')).ok).toBe(false);
  });

  it('members view: search by name or id; kick removes the member for everyone; exit leaves', async () => {
    const { world, owner, bob, drawer } = await team();
    const ownerVM = await drawer(owner);
    const bobVM = await drawer(bob);
    ownerVM.search('CAR');
    expect(ownerVM.state.members.map((m) => m.userID)).toEqual(['carol']);
    ownerVM.search(' ');
    expect(ownerVM.state.members).toHaveLength(4);
    await ownerVM.kick('carol');
    await world.settle();
    expect(bobVM.state.members.map((m) => m.userID)).not.toContain('carol');
    await bobVM.leave();
    await world.settle();
    expect(bobVM.state.status).toBe('left');
    expect(ownerVM.state.members.map((m) => m.userID)).toEqual(['owner', 'admin']);
  });

  it('members view: a search emits once, with its query and rows, and keeps the row objects', async () => {
    const { world, owner, drawer } = await team();
    const vm = await drawer(owner);
    const before = new Map(vm.state.members.map((m) => [m.userID, m]));
    const emitted: { query: string; members: string[] }[] = [];
    const watching = vm.state$.subscribe((s) =>
      emitted.push({ query: s.query, members: s.members.map((m) => m.userID) }),
    );
    emitted.length = 0;
    vm.search('b');
    expect(emitted).toEqual([{ query: 'b', members: ['bob'] }]);
    expect(vm.state.members[0]).toBe(before.get('bob'));
    vm.search('');
    expect(vm.state.members.map((m) => before.get(m.userID) === m)).toEqual([true, true, true, true]);
    // A change of a member maps the rows again, with the current query still applied.
    vm.search('car');
    world.backend.updateMember(vm.groupID, 'carol', { nickname: 'Caroline' });
    await world.settle();
    expect(vm.state.members.map((m) => m.name)).toEqual(['Caroline']);
    watching.unsubscribe();
  });
});

describe('GroupHeaderViewModel (spec §2 header icons)', () => {
  it('create group in single chats; invite in groups once the own member info is loaded', async () => {
    const { world, owner, bob, groupID } = await team();
    const group = owner.viewModels.groupHeader(true, groupID);
    await world.settle();
    expect(group.state).toEqual({ createGroup: false, invite: true });
    await bob.conversations.open('owner', SessionType.Single);
    await world.settle();
    const single = bob.viewModels.groupHeader(false, '');
    expect(single.state).toEqual({ createGroup: true, invite: false });
    // Another group's header waits for its own member info.
    expect(owner.viewModels.groupHeader(true, 'other').state.invite).toBe(false);
  });
});
