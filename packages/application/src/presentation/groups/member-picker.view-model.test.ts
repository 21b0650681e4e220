import { describe, expect, it } from 'vitest';
import { GroupMemberRole, PickerMode } from '@teamim/domain';
import { TestWorld } from '../../testing';
import type { MemberPickerViewModel, PickerRow } from './member-picker.view-model';

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
