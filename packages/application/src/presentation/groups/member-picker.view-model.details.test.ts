import { describe, expect, it } from 'vitest';
import { GroupMemberRole, PickerMode, TEXT_LIMITS, type GroupMember } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import type { MemberPickerViewModel, MemberPickerViewState, PickerRow } from './member-picker.view-model';

// Written against the survivors of a mutation run over member-picker.view-model.ts (docs/test-quality.md):
// the whole state when the picker opens, which rows are marked selected, the groups offered for browsing,
// answers of a group left behind, the gateway calls of each place, busy and dispose.

type Calls = { method: string; args: unknown[] }[];

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

async function world() {
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

const users = (vm: MemberPickerViewModel) =>
  vm.state.rows.flatMap((r: PickerRow) =>
    r.kind === 'user' ? [{ id: r.item.id, selected: r.selected }] : [],
  );

describe('MemberPickerViewModel in detail', () => {
  it('opens in invite mode at the root menu, with no group fields and nothing under way', async () => {
    const { w, owner, team } = await world();
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
    const { w, owner } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    await vm.go({ kind: 'friends' });
    vm.toggle({ id: 'dave', name: 'dave', faceURL: '' });
    vm.toggle({ id: 'bob', name: 'bob', faceURL: '' });
    const selected = users(vm)
      .filter((u) => u.selected)
      .map((u) => u.id)
      .sort();
    expect(selected).toEqual(['bob', 'dave']);
    expect(users(vm).filter((u) => !u.selected)).toHaveLength(users(vm).length - 2);
    expect(vm.state.selected.map((s) => s.id)).toEqual(['dave', 'bob']);
  });

  it('my groups: every group but the one being invited to; the friends and groups places ask no members', async () => {
    const { w, owner, team, crew, band } = await world();
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
    const { w, owner, crew, band } = await world();
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
    expect(users(vm).map((u) => u.id)).toEqual(['owner', 'bob', 'erin']);
    release();
    await crewGo;
    await w.settle();
    expect(users(vm).map((u) => u.id)).toEqual(['owner', 'bob', 'erin']);
    // Moving to another group shows nothing of the last one while its members load.
    const crewAgain = vm.go({ kind: 'group', groupID: crew, name: 'Crew' });
    expect(vm.state.rows).toEqual([]);
    await crewAgain;
    expect(users(vm).map((u) => u.id)).toEqual(['owner', 'dave', 'erin']);
  });

  it('a refused member page: the exact failure, and the pane stays empty', async () => {
    const { w, owner, crew } = await world();
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
    const { w, owner, team } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.KickFromGroup, groupID: team });
    await w.settle();
    const calls = record(owner);
    expect(await vm.loadMoreMembers()).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([{ method: 'getMembersPage', args: [team, 4, 100] }]);
    expect(users(vm).map((u) => u.id)).toEqual(['owner', 'admin', 'bob', 'carol']);
  });

  it('create group: the chosen avatar shows its file name until it is taken away', async () => {
    const { w, owner } = await world();
    const vm = owner.viewModels.memberPicker({ mode: PickerMode.CreateGroup });
    await w.settle();
    vm.setAvatar({ name: 'team.png', mimeType: 'image/png', size: 1, handle: null });
    expect(vm.state.avatarName).toBe('team.png');
    vm.setAvatar(undefined);
    expect(vm.state.avatarName).toBeUndefined();
  });

  it('busy while confirming, and not after', async () => {
    const { w, owner, team } = await world();
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
    const { w, owner, team } = await world();
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
