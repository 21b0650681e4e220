import { describe, expect, it } from 'vitest';
import {
  BusinessAllowType,
  GroupMemberRole,
  PERMANENT_MUTE_SECONDS,
  PickerMode,
  SessionType,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import type { PickerItem } from './member-picker.store';

const item = (id: string): PickerItem => ({ id, name: id, faceURL: '' });

async function team(): Promise<{
  world: TestWorld;
  owner: TestClient;
  admin: TestClient;
  bob: TestClient;
  groupID: string;
}> {
  const world = new TestWorld().users('owner', 'admin', 'bob', 'carol', 'dave');
  for (const id of ['admin', 'bob', 'carol', 'dave']) {
    world.backend.makeFriends('owner', id);
  }
  const owner = await world.signIn('owner');
  const admin = await world.signIn('admin');
  const bob = await world.signIn('bob');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob'],
  });
  if (!created.ok) {
    throw new Error(JSON.stringify(created.error));
  }
  const groupID = created.value.conversation.groupID;
  world.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await world.settle();
  return { world, owner, admin, bob, groupID };
}

describe('GroupActions', () => {
  it('§5 Create group: needs a trimmed name and more than one member; the creator opens the new chat', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');

    const noName = await alice.groupActions.createGroup({
      groupName: '  ',
      selectedUserIDs: ['bob', 'carol'],
    });
    expect(!noName.ok && noName.error.kind === 'validation' && noName.error.i18nKey).toBe(
      'validation.groupName.required',
    );
    const tooLong = await alice.groupActions.createGroup({
      groupName: 'x'.repeat(17),
      selectedUserIDs: ['bob', 'carol'],
    });
    expect(!tooLong.ok && tooLong.error.kind === 'validation' && tooLong.error.i18nKey).toBe(
      'validation.groupName.tooLong',
    );
    const none = await alice.groupActions.createGroup({ groupName: 'g', selectedUserIDs: [] });
    expect(!none.ok && none.error.kind === 'validation' && none.error.i18nKey).toBe(
      'validation.createGroup.limit',
    );

    const created = await alice.groupActions.createGroup({
      groupName: ' Team ',
      selectedUserIDs: ['bob', 'carol'],
    });
    await world.settle();

    expect(created.ok && created.value.kind).toBe('group');
    expect(alice.conversations.currentGroupInfo?.groupName).toBe('Team');
    expect(alice.conversations.currentGroupInfo?.memberCount).toBe(3);
  });

  it('§4 Creating a group with one person selected opens a single chat instead', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const result = await alice.groupActions.createGroup({ groupName: '', selectedUserIDs: ['bob'] });
    expect(result.ok && result.value.kind).toBe('singleChat');
    expect(alice.conversations.currentConversation?.userID).toBe('bob');
    expect(world.backend.groups.size).toBe(0);
  });

  it('§6 Creating a group requires self allowCreateGroup', async () => {
    const world = new TestWorld().users(
      { userID: 'alice', allowCreateGroup: BusinessAllowType.NotAllow },
      'bob',
      'carol',
    );
    const alice = await world.signIn('alice');
    const result = await alice.groupActions.createGroup({
      groupName: 'g',
      selectedUserIDs: ['bob', 'carol'],
    });
    expect(!result.ok && result.error.kind).toBe('permission');
  });

  it('§5 Avatar upload: images only, resized to 400x400 webp quality 90, then used as the group face', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const notImage = await alice.groupActions.uploadAvatar({
      name: 'a.gif',
      mimeType: 'image/gif',
      size: 10,
      handle: null,
    });
    expect(!notImage.ok && notImage.error.kind).toBe('validation');

    const created = await alice.groupActions.createGroup({
      groupName: 'g',
      selectedUserIDs: ['bob', 'carol'],
      avatar: { name: 'me.png', mimeType: 'image/png', size: 900_000, handle: 'blob' },
    });

    expect(alice.ports.fileProcessor.requests[0]?.options).toEqual({
      maxWidth: 400,
      maxHeight: 400,
      format: 'webp',
      quality: 90,
    });
    expect(alice.ports.fileUploader.uploaded[0]?.mimeType).toBe('image/webp');
    expect(created.ok && alice.conversations.currentGroupInfo?.faceURL).toBe('https://files.fake/1/me.webp');
    alice.ports.fileUploader.failWith = 500;
    expect(
      (await alice.groupActions.uploadAvatar({ name: 'b.png', mimeType: 'image/png', size: 1, handle: null }))
        .ok,
    ).toBe(false);
    expect(alice.toasts.keys()).toContain('toast.updateAvatarFailed');
  });

  it('§6 Kick: owner kicks lower ranks, admin only normal members, normal members nobody', async () => {
    const { world, owner, admin, bob, groupID } = await team();
    await owner.groupActions.invite(groupID, ['carol', 'dave']);
    await world.settle();

    const adminKicksAdmin = await admin.groupActions.kick(groupID, ['admin']);
    expect(!adminKicksAdmin.ok && adminKicksAdmin.error.kind).toBe('permission');
    const bobKicks = await bob.groupActions.kick(groupID, ['carol']);
    expect(!bobKicks.ok && bobKicks.error.kind).toBe('permission');
    expect(bob.toasts.keys()).toContain('permission.noPermission');

    expect((await admin.groupActions.kick(groupID, ['carol'])).ok).toBe(true);
    expect((await owner.groupActions.kick(groupID, ['admin'])).ok).toBe(true);
    await world.settle();
    expect([...(world.backend.groups.get(groupID)?.members.keys() ?? [])].sort()).toEqual([
      'bob',
      'dave',
      'owner',
    ]);
    expect(owner.toasts.keys()).toContain('toast.kickSuccess');
  });

  it('§4/§6 Mute with fixed durations; unmute sets 0; admins mute normal members only', async () => {
    const { world, owner, admin, bob, groupID } = await team();

    const noDuration = await owner.groupActions.mute(groupID, 'bob', undefined);
    expect(!noDuration.ok && noDuration.error.kind === 'validation' && noDuration.error.i18nKey).toBe(
      'validation.mute.durationRequired',
    );
    expect(!(await owner.groupActions.mute(groupID, 'bob', 42)).ok).toBe(true);

    expect((await admin.groupActions.mute(groupID, 'bob', 600)).ok).toBe(true);
    expect(world.backend.member(groupID, 'bob').muteEndTime).toBe(world.clock.now() + 600_000);
    expect((await admin.groupActions.mute(groupID, 'owner', 600)).ok).toBe(false);
    expect((await bob.groupActions.mute(groupID, 'admin', 600)).ok).toBe(false);
    expect((await owner.groupActions.mute(groupID, 'admin', PERMANENT_MUTE_SECONDS)).ok).toBe(true);

    expect((await owner.groupActions.unmute(groupID, 'bob')).ok).toBe(true);
    expect(world.backend.member(groupID, 'bob').muteEndTime).toBe(0);
    expect(owner.toasts.keys()).toEqual(expect.arrayContaining(['toast.muteSuccess', 'toast.unmuteSuccess']));
  });

  it('§4 A member is muted while muteEndTime is later than now', async () => {
    const { world, owner, bob, groupID } = await team();
    await owner.groupActions.mute(groupID, 'bob', 300);
    await bob.conversations.open(groupID, SessionType.Group);
    expect((await bob.chat.sendText('muted')).ok).toBe(false);
    await world.advance(300_001);
    expect((await bob.chat.sendText('free again')).ok).toBe(true);
  });

  it('§6 With mute-all on only owner and admins may speak', async () => {
    const { world, owner, admin, bob, groupID } = await team();
    expect((await bob.groupActions.setMuteAll(groupID, true)).ok).toBe(false);
    expect((await admin.groupActions.setMuteAll(groupID, true)).ok).toBe(true);
    await world.settle();
    for (const client of [owner, admin, bob]) {
      await client.conversations.open(groupID, SessionType.Group);
    }

    const fromBob = await bob.chat.sendText('can I?');
    expect(!fromBob.ok && fromBob.error.kind === 'permission' && fromBob.error.reason).toBe('groupMuted');
    expect(bob.toasts.keys()).toContain('toast.groupMuted');
    expect((await admin.chat.sendText('admins can')).ok).toBe(true);
    expect((await owner.chat.sendText('owner can')).ok).toBe(true);

    // The server enforces it as well, for clients that did not load the group yet.
    await bob.conversations.select(undefined);
    const conversation = await bob.ports.conversations.getOneConversation(groupID, SessionType.Group);
    const direct = await bob.chat.send({ kind: 'text', text: 'sneaky' }, conversation);
    expect(!direct.ok && direct.error.kind === 'remote' && direct.error.code).toBe(1403);

    await owner.groupActions.setMuteAll(groupID, false);
    await world.settle();
    await bob.conversations.open(groupID, SessionType.Group);
    expect((await bob.chat.sendText('free')).ok).toBe(true);
  });

  it("§6 Transfer is for the owner only; disband is the owner's, exit everyone else's", async () => {
    const { world, owner, admin, bob, groupID } = await team();

    expect((await admin.groupActions.transfer(groupID, 'bob')).ok).toBe(false);
    expect((await admin.groupActions.disband(groupID)).ok).toBe(false);
    expect((await owner.groupActions.quit(groupID)).ok).toBe(false);

    expect((await owner.groupActions.transfer(groupID, 'bob')).ok).toBe(true);
    await world.settle();
    expect(world.backend.member(groupID, 'bob').roleLevel).toBe(GroupMemberRole.Owner);

    expect((await owner.groupActions.quit(groupID)).ok).toBe(true);
    await world.settle();
    expect(owner.contacts.snapshot.groupList).toEqual([]);
    expect((await bob.groupActions.disband(groupID)).ok).toBe(true);
    await world.settle();
    expect(world.backend.groups.has(groupID)).toBe(false);
    expect(admin.contacts.snapshot.groupList.map((g) => g.groupID)).not.toContain(groupID);
  });

  it('§6 Edit group name and avatar: owner and admin only; name max 16', async () => {
    const { world, admin, bob, groupID } = await team();
    await admin.conversations.open(groupID, SessionType.Group);

    expect((await bob.groupActions.editGroupInfo(groupID, { groupName: 'x' })).ok).toBe(false);
    expect((await admin.groupActions.editGroupInfo(groupID, { groupName: 'y'.repeat(17) })).ok).toBe(false);
    const renamed = await admin.groupActions.editGroupInfo(groupID, {
      groupName: 'Renamed',
      avatar: { name: 'a.jpeg', mimeType: 'image/jpeg', size: 1, handle: null },
    });
    await world.settle();

    expect(renamed.ok).toBe(true);
    expect(admin.conversations.currentGroupInfo?.groupName).toBe('Renamed');
    expect(bob.conversations.snapshot.find((c) => c.groupID === groupID)?.showName).toBe('Renamed');
    expect(admin.conversations.currentGroupInfo?.faceURL).toContain('a.webp');
  });
});

describe('MemberPickerStore', () => {
  it('§5 Invite: friends already in the group are disabled; confirm invites and closes', async () => {
    const { world, owner, groupID } = await team();
    await owner.picker.open({ mode: PickerMode.InviteToGroup, groupID });
    expect([...owner.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'bob']);
    expect(owner.picker.toggle(item('bob')).ok).toBe(false);
    owner.picker.toggle(item('carol'));

    const result = await owner.picker.confirm();
    await world.settle();

    expect(result.ok).toBe(true);
    expect(owner.picker.snapshot.open).toBe(false);
    expect(world.backend.groups.get(groupID)?.members.has('carol')).toBe(true);
  });

  it('§5 Kick: members with an equal or higher role and the user are disabled', async () => {
    const { admin, groupID } = await team();
    await admin.picker.open({ mode: PickerMode.KickFromGroup, groupID });
    expect([...admin.picker.snapshot.disabledIDs].sort()).toEqual(['admin', 'owner']);
    expect(admin.picker.snapshot.members.map((m) => m.id).sort()).toEqual(['admin', 'bob', 'owner']);
  });

  it('§5 Transfer: single selection, the user is disabled, a second pick warns', async () => {
    const { owner, groupID } = await team();
    await owner.picker.open({ mode: PickerMode.TransferInGroup, groupID });
    expect([...owner.picker.snapshot.disabledIDs]).toEqual(['owner']);
    expect(owner.picker.toggle(item('bob')).ok).toBe(true);
    const second = owner.picker.toggle(item('admin'));
    expect(!second.ok && second.error.kind === 'validation' && second.error.i18nKey).toBe(
      'validation.picker.beyondSelectionLimit',
    );
    expect(owner.toasts.keys()).toContain('validation.picker.beyondSelectionLimit');
    expect((await owner.picker.confirm()).ok).toBe(true);
  });

  it('§5 Confirm needs at least one selection, except in select-user mode', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    await alice.picker.open({ mode: PickerMode.CreateGroup });
    const empty = await alice.picker.confirm();
    expect(!empty.ok && empty.error.kind === 'validation' && empty.error.i18nKey).toBe(
      'validation.picker.selectAtLeastOne',
    );
    await alice.picker.open({ mode: PickerMode.SelectUser });
    expect((await alice.picker.confirm()).ok).toBe(true);
  });

  it('§4 Picker: preselection applies after 100 ms; closing resets selection, name and avatar', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    await alice.picker.open({ mode: PickerMode.CreateGroup, preselected: [item('bob')] });
    alice.picker.setGroupName('Draft');
    alice.picker.setAvatar({ name: 'a.png', mimeType: 'image/png', size: 1, handle: null });
    await world.advance(99);
    expect(alice.picker.snapshot.selected).toEqual([]);
    await world.advance(1);
    expect(alice.picker.snapshot.selected.map((s) => s.id)).toEqual(['bob']);
    alice.picker.toggle(item('bob'));
    expect(alice.picker.snapshot.selected).toEqual([]);

    alice.picker.close();

    expect(alice.picker.snapshot).toMatchObject({
      open: false,
      selected: [],
      groupName: '',
      avatar: undefined,
    });
  });

  it('§4 Picker create-group mode creates the group from the selection and name', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    await alice.picker.open({ mode: PickerMode.CreateGroup });
    alice.picker.toggle(item('bob'));
    alice.picker.toggle(item('carol'));
    alice.picker.setGroupName('');
    const invalid = await alice.picker.confirm();
    expect(invalid.ok).toBe(false);
    expect(alice.picker.snapshot.open).toBe(true);
    expect(alice.toasts.keys()).toContain('validation.groupName.required');

    alice.picker.setGroupName('Trio');
    const created = await alice.picker.confirm();

    expect(created.ok && created.value.kind).toBe('created');
    expect(alice.picker.snapshot.open).toBe(false);
  });

  it('§4 Picker member paging: 500 first, then 100, while a full page came back', async () => {
    const { owner, groupID } = await team();
    const requested: number[] = [];
    owner.ports.device.groups.getMembersPage = (_groupID, offset, count) => {
      requested.push(count);
      const total = 650;
      const size = Math.max(0, Math.min(count, total - offset));
      return Promise.resolve(
        Array.from({ length: size }, (_, i) => ({
          userID: i + offset === 0 ? 'owner' : `m${offset + i}`,
          groupID,
          nickname: '',
          faceURL: '',
          roleLevel: i + offset === 0 ? GroupMemberRole.Owner : GroupMemberRole.Normal,
          muteEndTime: 0,
        })),
      );
    };

    await owner.picker.open({ mode: PickerMode.KickFromGroup, groupID });
    expect(owner.picker.snapshot.hasMoreMembers).toBe(true);
    await owner.picker.loadMembers();
    await owner.picker.loadMembers();

    expect(requested).toEqual([500, 100, 100]);
    expect(owner.picker.snapshot.members).toHaveLength(650);
    expect(owner.picker.snapshot.hasMoreMembers).toBe(false);
  });

  it('§4 After a group action the picker closes even when the action fails', async () => {
    const { bob, groupID } = await team();
    await bob.picker.open({ mode: PickerMode.TransferInGroup, groupID });
    bob.picker.toggle(item('admin'));
    const result = await bob.picker.confirm();
    expect(result.ok).toBe(false);
    expect(bob.picker.snapshot.open).toBe(false);
  });
});
