import { describe, expect, it } from 'vitest';
import { GroupMemberRole, PickerMode } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { PickerItem } from './member-picker.store';

const item = (id: string): PickerItem => ({ id, name: `${id} name`, faceURL: `${id}.png` });

async function twoGroups(): Promise<{
  world: TestWorld;
  owner: TestClient;
  bob: TestClient;
  teamID: string;
  otherID: string;
}> {
  const world = new TestWorld().users(
    { userID: 'owner', nickname: 'Olga' },
    { userID: 'admin', nickname: 'Ada' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
    { userID: 'dave', nickname: 'Dave' },
  );
  for (const id of ['admin', 'bob', 'carol', 'dave']) world.backend.makeFriends('owner', id);
  const owner = await world.signIn('owner');
  const bob = await world.signIn('bob');
  await owner.contacts.loadFriends();
  const team = await owner.groupActions.createGroup({ groupName: 'Team', selectedUserIDs: ['admin', 'bob'] });
  const other = await owner.groupActions.createGroup({
    groupName: 'Other',
    selectedUserIDs: ['bob', 'carol', 'dave'],
  });
  if (!team.ok || !other.ok) throw new Error('groups not created');
  const teamID = team.value.conversation.groupID;
  world.backend.updateMember(teamID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await world.settle();
  owner.toasts.toasts.length = 0;
  return { world, owner, bob, teamID, otherID: other.value.conversation.groupID };
}

describe('MemberPickerStore: disabled entries, browsing, picks and confirm', () => {
  it('browsing another group while inviting adds its members already in the target to the disabled ones', async () => {
    const { owner, teamID, otherID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID: teamID });
    expect([...owner.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'bob']);

    const browsed = await owner.picker.browseGroup(otherID);

    expect(browsed.ok && [...browsed.value].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'bob', name: 'Bob', faceURL: '' },
      { id: 'carol', name: 'Carol', faceURL: '' },
      { id: 'dave', name: 'Dave', faceURL: '' },
      { id: 'owner', name: 'Olga', faceURL: '' },
    ]);
    expect([...owner.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'bob', 'owner']);
  });

  it('browsing in another mode disables nothing; a failed page warns; a failed lookup keeps the disabled ones', async () => {
    const { owner, teamID, otherID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.CreateGroup });
    // Even a membership lookup that would answer is not asked outside invite mode.
    const lookup = owner.ports.device.groups.getUsersInGroup.bind(owner.ports.device.groups);
    owner.ports.device.groups.getUsersInGroup = (_id, ids) => Promise.resolve(ids);
    const browsed = await owner.picker.browseGroup(otherID);
    expect(browsed.ok && browsed.value).toHaveLength(4);
    expect([...owner.picker.snapshot.disabledIDs]).toEqual([]);
    owner.ports.device.groups.getUsersInGroup = lookup;

    await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID: teamID });
    const groups = owner.ports.device.groups;
    const original = groups.getUsersInGroup.bind(groups);
    groups.getUsersInGroup = () => Promise.reject(new RemoteError(1, 'no'));
    const kept = await owner.picker.browseGroup(otherID);
    expect(kept.ok).toBe(true);
    expect([...owner.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'bob']);
    groups.getUsersInGroup = original;

    groups.getMembersPage = () => Promise.reject(new RemoteError(2, 'page'));
    const failed = await owner.picker.browseGroup(otherID);
    expect(failed).toEqual({ ok: false, error: { kind: 'remote', code: 2, message: 'page' } });
    expect(owner.toasts.toasts).toEqual([{ level: 'error', key: 'toast.getGroupMemberFailed' }]);
  });

  it('opening for invite fails when the membership lookup fails, and stays open with nothing disabled', async () => {
    const { owner, teamID } = await twoGroups();
    owner.ports.device.groups.getUsersInGroup = () => Promise.reject(new RemoteError(3, 'lookup'));
    const opened = await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID: teamID });
    expect(opened).toEqual({ ok: false, error: { kind: 'remote', code: 3, message: 'lookup' } });
    expect(owner.picker.snapshot.open).toBe(true);
    expect([...owner.picker.snapshot.disabledIDs]).toEqual([]);
  });

  it('the member list for kick: every field, the disabled ones, and a failed page', async () => {
    const { owner, teamID } = await twoGroups();
    expect((await owner.picker.open({ mode: PickerMode.KickFromGroup, groupID: teamID })).ok).toBe(true);
    const state = owner.picker.snapshot;
    expect(state.open && state.mode === PickerMode.KickFromGroup && state.groupID).toBe(teamID);
    expect([...state.members].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'admin', name: 'Ada', faceURL: '', roleLevel: GroupMemberRole.Admin },
      { id: 'bob', name: 'Bob', faceURL: '', roleLevel: GroupMemberRole.Normal },
      { id: 'owner', name: 'Olga', faceURL: '', roleLevel: GroupMemberRole.Owner },
    ]);
    expect(state.hasMoreMembers).toBe(false);
    expect([...state.disabledIDs]).toEqual(['owner']);

    owner.ports.device.groups.getMembersPage = () => Promise.reject(new RemoteError(4, 'members'));
    const failed = await owner.picker.loadMembers();
    expect(!failed.ok && failed.error.kind === 'remote' && failed.error.code).toBe(4);
    expect(owner.toasts.toasts).toEqual([{ level: 'error', key: 'toast.getGroupMemberFailed' }]);
    expect(owner.picker.snapshot.members).toHaveLength(3);
  });

  it('without the own entry in the loaded page the own role is unknown, and no one can be kicked', async () => {
    const { owner, teamID } = await twoGroups();
    owner.ports.device.groups.getMembersPage = (groupID) =>
      Promise.resolve([
        {
          userID: 'bob',
          groupID,
          nickname: 'Bob',
          faceURL: '',
          roleLevel: GroupMemberRole.Normal,
          muteEndTime: 0,
        },
      ]);
    await owner.picker.open({ mode: PickerMode.KickFromGroup, groupID: teamID });
    expect([...owner.picker.snapshot.disabledIDs]).toEqual(['bob']);
  });

  it('toggle: a disabled entry is a state error; a second entry is kept in order; untoggling keeps the rest', async () => {
    const { owner, teamID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID: teamID });
    expect(owner.picker.toggle(item('bob'))).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'entry is disabled' },
    });
    expect(owner.picker.toggle(item('carol'))).toEqual({ ok: true, value: undefined });
    expect(owner.picker.toggle(item('dave')).ok).toBe(true);
    expect(owner.picker.snapshot.selected).toEqual([item('carol'), item('dave')]);
    owner.picker.toggle(item('carol'));
    expect(owner.picker.snapshot.selected).toEqual([item('dave')]);
    expect(owner.toasts.toasts).toEqual([]);
  });

  it('a second pick in transfer mode warns with the exact toast and keeps the first', async () => {
    const { owner, teamID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.TransferInGroup, groupID: teamID });
    owner.picker.toggle(item('bob'));
    owner.picker.toggle(item('admin'));
    expect(owner.picker.snapshot.selected).toEqual([item('bob')]);
    expect(owner.toasts.toasts).toEqual([
      { level: 'warning', key: 'validation.picker.beyondSelectionLimit' },
    ]);
  });

  it('confirm: an empty selection warns; select-user returns the selection and closes', async () => {
    const { owner } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.CreateGroup });
    await owner.picker.confirm();
    expect(owner.toasts.toasts).toEqual([{ level: 'warning', key: 'validation.picker.selectAtLeastOne' }]);
    expect(owner.picker.snapshot.open).toBe(true);

    await owner.picker.open({ mode: PickerMode.SelectUser });
    owner.picker.toggle(item('carol'));
    owner.picker.toggle(item('dave'));
    expect(await owner.picker.confirm()).toEqual({
      ok: true,
      value: { kind: 'selected', items: [item('carol'), item('dave')] },
    });
    expect(owner.picker.snapshot.open).toBe(false);
  });

  it('confirm in create mode passes the name, selection and avatar; a refusal that is no validation closes', async () => {
    const { world, owner } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.CreateGroup });
    owner.picker.toggle(item('carol'));
    owner.picker.toggle(item('dave'));
    owner.picker.setGroupName('Pair');
    owner.picker.setAvatar({ name: 'p.png', mimeType: 'image/png', size: 1, handle: null });
    const created = await owner.picker.confirm();
    await world.settle();
    expect(created.ok && created.value.kind === 'created' && created.value.outcome.kind).toBe('group');
    expect(owner.conversations.currentGroupInfo?.groupName).toBe('Pair');
    expect(owner.conversations.currentGroupInfo?.faceURL).toBe('https://files.fake/1/p.webp');
    expect(owner.conversations.currentGroupInfo?.memberCount).toBe(3);

    await owner.picker.open({ mode: PickerMode.CreateGroup });
    owner.picker.toggle(item('carol'));
    owner.picker.toggle(item('dave'));
    owner.picker.setGroupName('Again');
    owner.ports.device.groups.createGroup = () => Promise.reject(new RemoteError(5, 'down'));
    const refused = await owner.picker.confirm();
    expect(!refused.ok && refused.error.kind).toBe('remote');
    expect(owner.picker.snapshot.open).toBe(false);
  });

  it('confirm in invite, kick and transfer mode runs the action with the picked ids and closes', async () => {
    const { world, owner, teamID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID: teamID });
    owner.picker.toggle(item('carol'));
    owner.picker.toggle(item('dave'));
    expect(await owner.picker.confirm()).toEqual({ ok: true, value: { kind: 'done' } });
    await world.settle();
    const members = (): string[] => [...(world.backend.groups.get(teamID)?.members.keys() ?? [])].sort();
    expect(members()).toEqual(['admin', 'bob', 'carol', 'dave', 'owner']);

    await owner.picker.open({ mode: PickerMode.KickFromGroup, groupID: teamID });
    owner.picker.toggle(item('bob'));
    owner.picker.toggle(item('dave'));
    expect((await owner.picker.confirm()).ok).toBe(true);
    await world.settle();
    expect(members()).toEqual(['admin', 'carol', 'owner']);
    expect(owner.picker.snapshot.open).toBe(false);

    await owner.picker.open({ mode: PickerMode.TransferInGroup, groupID: teamID });
    owner.picker.toggle(item('carol'));
    expect((await owner.picker.confirm()).ok).toBe(true);
    expect(world.backend.member(teamID, 'carol').roleLevel).toBe(GroupMemberRole.Owner);
  });

  it('reopening or closing cancels a pending preselection; reopening starts from a clean state', async () => {
    const { world, owner, teamID } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.CreateGroup, preselected: [item('carol')] });
    owner.picker.setGroupName('Draft');
    await owner.picker.open({ mode: PickerMode.KickFromGroup, groupID: teamID });
    expect(owner.picker.snapshot.groupName).toBe('');
    await world.advance(200);
    expect(owner.picker.snapshot.selected).toEqual([]);

    await owner.picker.open({ mode: PickerMode.SelectUser, preselected: [item('dave')] });
    owner.picker.close();
    await world.advance(200);
    expect(owner.picker.snapshot.selected).toEqual([]);
    expect(owner.picker.snapshot.open).toBe(false);
    expect(owner.picker.snapshot.mode).toBe(PickerMode.SelectUser);
    expect(owner.picker.snapshot.groupID).toBe('');
    expect(owner.picker.snapshot.members).toEqual([]);
    expect(owner.picker.snapshot.hasMoreMembers).toBe(false);
  });
  it('opening without a group or a preselection: no group id, and a pick made at once is kept', async () => {
    const { world, owner } = await twoGroups();
    await owner.picker.open({ mode: PickerMode.CreateGroup });
    expect(owner.picker.snapshot.groupID).toBe('');
    owner.picker.toggle(item('carol'));
    await world.advance(200);
    expect(owner.picker.snapshot.selected).toEqual([item('carol')]);
  });

  it("an admin's kick list disables the owner and the admin wherever they are in the page", async () => {
    const { world, teamID } = await twoGroups();
    const admin = await world.signIn('admin');
    const page = (await admin.ports.device.groups.getMembersPage(teamID, 0, 500)).slice().reverse();
    admin.ports.device.groups.getMembersPage = () => Promise.resolve(page);
    await admin.picker.open({ mode: PickerMode.KickFromGroup, groupID: teamID });
    expect(admin.picker.snapshot.members.map((m) => m.id)).toEqual(page.map((m) => m.userID));
    expect([...admin.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'owner']);
  });
});
