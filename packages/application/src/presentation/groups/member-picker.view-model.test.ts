import { describe, expect, it } from 'vitest';
import { GroupMemberRole, PickerMode, TEXT_LIMITS, type GroupMember } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import type { MemberPickerViewModel, MemberPickerViewState, PickerRow } from './member-picker.view-model';

async function world() {
  const w = new TestWorld().users('owner', 'admin', 'bob', 'carol', 'dave');
  for (const id of ['admin', 'bob', 'carol', 'dave']) w.backend.makeFriends('owner', id);
  w.backend.makeFriends('admin', 'dave');
  const owner = await w.signIn('owner');
  const admin = await w.signIn('admin');
  await owner.contacts.loadFriends();
  await admin.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  w.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await w.settle();
  return { w, owner, admin, groupID };
}

const users = (vm: MemberPickerViewModel) =>
  vm.state.rows.flatMap((r: PickerRow) =>
    r.kind === 'user' ? [{ id: r.item.id, disabled: r.disabled, selected: r.selected }] : [],
  );

describe('MemberPickerViewModel (spec §2 member picker, §4, §5)', () => {
  it('invite: the left pane is a menu of my friends and my groups with a breadcrumb; members are disabled', async () => {
    const { w, owner, groupID } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.InviteToGroup, groupID });
    await w.settle();
    expect(vm.state.place).toEqual({ kind: 'root' });
    expect(vm.state.rows).toEqual([]);
    await vm.go({ kind: 'friends' });
    await w.settle();
    expect(users(vm)).toEqual(
      expect.arrayContaining([
        { id: 'bob', disabled: true, selected: false },
        { id: 'dave', disabled: false, selected: false },
      ]),
    );
    expect(vm.toggle({ id: 'bob', name: 'bob', faceURL: '' }).ok).toBe(false);
    vm.toggle({ id: 'dave', name: 'dave', faceURL: '' });
    expect(vm.state.selected.map((s) => s.id)).toEqual(['dave']);
    await vm.go({ kind: 'root' });
    expect(vm.state.selected.map((s) => s.id)).toEqual(['dave']);
    const done = await vm.confirm();
    await w.settle();
    expect(done.ok && done.value.kind).toBe('done');
    // Spec §4: the dialog closes after every group action.
    expect(vm.state.open).toBe(false);
    expect(owner.conversations.currentGroupInfo?.memberCount).toBe(5);
  });

  it('§5 kick: an admin cannot pick the owner, another admin or themselves', async () => {
    const { w, admin, groupID } = await world();
    const vm = admin.viewModels.memberPicker({ mode: PickerMode.KickFromGroup, groupID });
    await w.settle();
    expect(vm.state.place).toEqual({ kind: 'members' });
    expect(users(vm)).toEqual([
      { id: 'owner', disabled: true, selected: false },
      { id: 'admin', disabled: true, selected: false },
      { id: 'bob', disabled: false, selected: false },
      { id: 'carol', disabled: false, selected: false },
    ]);
  });

  it('§5 confirm needs a selection; transfer takes one, a second warns beyond-selection-limit', async () => {
    const { w, owner, groupID } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.TransferInGroup, groupID });
    await w.settle();
    expect((await vm.confirm()).ok).toBe(false);
    expect(owner.toasts.keys()).toContain('validation.picker.selectAtLeastOne');
    expect(users(vm).find((u) => u.id === 'owner')?.disabled).toBe(true);
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    expect(vm.toggle({ id: 'carol', name: 'carol', faceURL: '' }).ok).toBe(false);
    expect(owner.toasts.keys()).toContain('validation.picker.beyondSelectionLimit');
    // Clicking the selected entry again removes it.
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    expect(vm.state.selected).toEqual([]);
  });

  it('§5 create group: a name and more than one member, else the toasts; my groups open their members', async () => {
    const { w, owner } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    expect(vm.state.showGroupFields).toBe(true);
    vm.setGroupName('x'.repeat(20));
    expect(vm.state.groupName).toHaveLength(16);
    vm.setGroupName('  ');
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    vm.toggle({ id: 'dave', name: 'dave', faceURL: '' });
    expect((await vm.confirm()).ok).toBe(false);
    expect(owner.toasts.keys()).toContain('validation.groupName.required');
    expect(vm.state.open).toBe(true);
    await vm.go({ kind: 'groups' });
    const group = vm.state.rows[0];
    expect(group?.kind).toBe('group');
    if (group?.kind !== 'group') return;
    await vm.go({ kind: 'group', groupID: group.groupID, name: group.name });
    await w.settle();
    expect(users(vm).map((u) => u.id)).toEqual(['owner', 'admin', 'bob', 'carol']);
    expect(users(vm).find((u) => u.id === 'owner')?.disabled).toBe(true);
    vm.setGroupName('New team');
    const created = await vm.confirm();
    expect(created.ok && created.value.kind).toBe('created');
    expect(vm.state.open).toBe(false);
  });

  it('§4 closing the picker resets the selection, group name and avatar', async () => {
    const { w, owner } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    vm.setGroupName('Draft');
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    vm.dispose();
    await w.settle();
    expect(owner.services.memberPicker.snapshot).toMatchObject({ open: false, selected: [], groupName: '' });
  });
});

type Calls = { method: string; args: unknown[] }[];

/** The member reads a client makes, so that a test can tell which places ask for members. */
function record(client: TestClient): Calls {
  const calls: Calls = [];
  const gateway = client.ports.device.groups as unknown as Record<string, unknown>;
  for (const method of ['getMembersPage', 'getUsersInGroup']) {
    const original = gateway[method] as (...args: unknown[]) => Promise<unknown>;
    gateway[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return original.apply(client.ports.device.groups, args);
    };
  }
  return calls;
}

/** Three groups, so that browsing can leave one group for another and skip the one invited to. */
async function threeGroups() {
  const w = new TestWorld().users('owner', 'admin', 'bob', 'carol', 'dave', 'erin');
  for (const id of ['admin', 'bob', 'carol', 'dave', 'erin']) w.backend.makeFriends('owner', id);
  const owner = await w.signIn('owner');
  await owner.contacts.loadFriends();
  const create = async (groupName: string, selectedUserIDs: string[]): Promise<string> => {
    const created = await owner.groupActions.createGroup({ groupName, selectedUserIDs });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    return created.value.conversation.groupID;
  };
  const team = await create('Team', ['admin', 'bob', 'carol']);
  const crew = await create('Crew', ['dave', 'erin']);
  const band = await create('Band', ['bob', 'erin']);
  w.backend.updateMember(team, 'admin', { roleLevel: GroupMemberRole.Admin });
  await w.settle();
  return { w, owner, team, crew, band };
}

const userRows = (vm: MemberPickerViewModel) =>
  vm.state.rows.flatMap((r: PickerRow) =>
    r.kind === 'user' ? [{ id: r.item.id, selected: r.selected }] : [],
  );

describe('MemberPickerViewModel: opening, rows, browsing, paging, busy and dispose', () => {
  it('opens in invite mode at the root menu, with no group fields and nothing under way', async () => {
    const { w, owner, team } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.InviteToGroup, groupID: team });
    await w.settle();
    const opened: MemberPickerViewState = {
      mode: PickerMode.InviteToGroup,
      open: true,
      place: { kind: 'root' },
      rows: [],
      selected: [],
      hasMoreMembers: false,
      showGroupFields: false,
      groupName: '',
      groupNameMax: TEXT_LIMITS.groupName,
      avatarName: undefined,
      busy: false,
    };
    expect(vm.state).toEqual(opened);
  });

  it('marks exactly the selected rows as selected', async () => {
    const { w, owner } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    await vm.go({ kind: 'friends' });
    vm.toggle({ id: 'dave', name: 'dave', faceURL: '' });
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    const selected = userRows(vm)
      .filter((u) => u.selected)
      .map((u) => u.id)
      .sort();
    expect(selected).toEqual(['bob', 'dave']);
    expect(userRows(vm).filter((u) => !u.selected)).toHaveLength(userRows(vm).length - 2);
    expect(vm.state.selected.map((s) => s.id)).toEqual(['dave', 'bob']);
  });

  it('my groups: every group but the one being invited to; the friends and groups places ask no members', async () => {
    const { w, owner, team, crew, band } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.InviteToGroup, groupID: team });
    await w.settle();
    const calls = record(owner);
    expect(await vm.go({ kind: 'groups' })).toEqual({ ok: true, value: undefined });
    const groups = vm.state.rows.flatMap((r) => (r.kind === 'group' ? [r.groupID] : []));
    expect(groups.sort()).toEqual([crew, band].sort());
    expect(vm.state.rows).toHaveLength(2);
    expect(await vm.go({ kind: 'friends' })).toEqual({ ok: true, value: undefined });
    await w.settle();
    expect(calls).toEqual([]);
  });

  it('a group left behind before its members came never fills the pane of the group shown now', async () => {
    const { w, owner, crew, band } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    // Crew's members answer only after Band's.
    const gateway = owner.ports.device.groups as unknown as Record<string, unknown>;
    const original = gateway.getMembersPage as (...args: unknown[]) => Promise<readonly GroupMember[]>;
    let release: () => void = () => undefined;
    const later = new Promise<void>((resolve) => (release = resolve));
    gateway.getMembersPage = async (...args: unknown[]) => {
      const page = await original.apply(owner.ports.device.groups, args);
      if (args[0] === crew) await later;
      return page;
    };
    const crewGo = vm.go({ kind: 'group', groupID: crew, name: 'Crew' });
    await vm.go({ kind: 'group', groupID: band, name: 'Band' });
    expect(userRows(vm).map((u) => u.id)).toEqual(['owner', 'bob', 'erin']);
    release();
    await crewGo;
    await w.settle();
    expect(userRows(vm).map((u) => u.id)).toEqual(['owner', 'bob', 'erin']);
    // Moving to another group shows nothing of the last one while its members load.
    const crewAgain = vm.go({ kind: 'group', groupID: crew, name: 'Crew' });
    expect(vm.state.rows).toEqual([]);
    await crewAgain;
    expect(userRows(vm).map((u) => u.id)).toEqual(['owner', 'dave', 'erin']);
  });

  it('a refused member page: the exact failure, and the pane stays empty', async () => {
    const { w, owner, crew } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    (owner.ports.device.groups as unknown as Record<string, unknown>).getMembersPage = () =>
      Promise.reject(new RemoteError(1500, 'refused'));
    const browsed = await vm.go({ kind: 'group', groupID: crew, name: 'Crew' });
    expect(!browsed.ok && browsed.error.kind === 'remote' && browsed.error.code).toBe(1500);
    expect(vm.state.rows).toEqual([]);
    expect(vm.state.place).toEqual({ kind: 'group', groupID: crew, name: 'Crew' });
  });

  it('kick: more members are read from the loaded count', async () => {
    const { w, owner, team } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.KickFromGroup, groupID: team });
    await w.settle();
    const calls = record(owner);
    expect(await vm.loadMoreMembers()).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([{ method: 'getMembersPage', args: [team, 4, 100] }]);
    expect(userRows(vm).map((u) => u.id)).toEqual(['owner', 'admin', 'bob', 'carol']);
  });

  it('create group: the chosen avatar shows its file name until it is taken away', async () => {
    const { w, owner } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    vm.setAvatar({ name: 'team.png', mimeType: 'image/png', size: 1, handle: null });
    expect(vm.state.avatarName).toBe('team.png');
    vm.setAvatar(undefined);
    expect(vm.state.avatarName).toBeUndefined();
  });

  it('busy while confirming, and not after', async () => {
    const { w, owner, team } = await threeGroups();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.InviteToGroup, groupID: team });
    await w.settle();
    await vm.go({ kind: 'friends' });
    vm.toggle({ id: 'dave', name: 'dave', faceURL: '' });
    const confirming = vm.confirm();
    expect(vm.state.busy).toBe(true);
    expect((await confirming).ok).toBe(true);
    expect(vm.state.busy).toBe(false);
  });

  it('disposing twice closes only once: a picker opened since stays open', async () => {
    const { w, owner, team } = await threeGroups();
    const first = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    first.dispose();
    const second = owner.viewModels.memberPicker({ mode: PickerMode.InviteToGroup, groupID: team });
    await w.settle();
    first.dispose();
    expect(owner.services.memberPicker.snapshot.open).toBe(true);
    expect(second.state.open).toBe(true);
  });
});
