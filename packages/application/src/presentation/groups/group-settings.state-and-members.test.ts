import { afterEach, describe, expect, it } from 'vitest';
import { config } from 'rxjs';
import {
  GroupAllowType,
  GroupMemberRole,
  GroupVerification,
  MUTE_DURATION_OPTIONS,
  SessionType,
  TEXT_LIMITS,
  type Group,
  type GroupMember,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import { VERIFICATION_MODES, type GroupSettingsState } from './group-settings.view-model';

type Calls = { method: string; args: unknown[] }[];

/** Records the gateway calls a client makes (and still lets the fake backend answer them). */
function record(client: TestClient): Calls {
  const calls: Calls = [];
  const gateway = client.ports.device.groups as unknown as Record<string, unknown>;
  for (const method of ['getMembersPage', 'setGroupInfo', 'quit', 'dismiss', 'setMuteAll']) {
    const original = gateway[method] as (...args: unknown[]) => Promise<unknown>;
    gateway[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      return original.apply(client.ports.device.groups, args);
    };
  }
  return calls;
}

/** Replaces the members page answer (the SDK before a sync, or a page that leaves someone out). */
function pages(client: TestClient, answer: (page: readonly GroupMember[]) => readonly GroupMember[]): void {
  const gateway = client.ports.device.groups as unknown as Record<string, unknown>;
  const original = gateway.getMembersPage as (...args: unknown[]) => Promise<readonly GroupMember[]>;
  gateway.getMembersPage = async (...args: unknown[]) =>
    answer(await original.apply(client.ports.device.groups, args));
}

/** owner, admin, bob and carol in "Team"; nobody has the group open. */
async function team() {
  const world = new TestWorld().users('owner', 'admin', 'bob', 'carol', 'dave');
  for (const id of ['admin', 'bob', 'carol', 'dave']) world.backend.makeFriends('owner', id);
  await world.advance(5_000);
  const owner = await world.signIn('owner');
  const bob = await world.signIn('bob');
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['admin', 'bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  world.backend.updateMember(groupID, 'admin', { roleLevel: GroupMemberRole.Admin });
  await world.settle();
  await owner.conversations.open('bob', SessionType.Single);
  await bob.conversations.open('owner', SessionType.Single);
  await world.settle();
  const groupOf = (): Group => world.backend.groupRecord(groupID).group;
  /** Delivers one group event to a user, as the SDK reports it. */
  const push = (userID: string, event: unknown) =>
    world.backend.push(userID, (s) => s.groups.next(event as never));
  return { world, owner, bob, groupID, groupOf, push };
}

const ids = (state: GroupSettingsState): string[] => state.members.map((m) => m.userID);

// RxJS reports an error thrown by a subscriber on a later turn, to this hook.
const onUnhandledError = config.onUnhandledError;
afterEach(() => {
  config.onUnhandledError = onUnhandledError;
});

describe('GroupSettingsViewModel: state, membership, member pages and events', () => {
  it('the join verification modes are offered in the order: all, invite only, application', () => {
    expect(VERIFICATION_MODES).toEqual([
      GroupVerification.AllNot,
      GroupVerification.ApplyNeedInviteNot,
      GroupVerification.AllNeed,
    ]);
  });

  it('stays loading, allowing nothing, until both the group and the own membership are known', async () => {
    const { world, owner, groupID, groupOf } = await team();
    const calls = record(owner);
    const vm = owner.viewModels.groupSettings(groupID);
    const loading: GroupSettingsState = {
      status: 'loading',
      groupID,
      name: '',
      faceURL: '',
      memberCount: 0,
      announcement: '',
      muteAll: false,
      verification: GroupVerification.ApplyNeedInviteNot,
      lookMemberInfo: true,
      applyMemberFriend: true,
      can: {
        editInfo: false,
        editAnnouncement: false,
        muteAll: false,
        joinSettings: false,
        transfer: false,
        kick: false,
      },
      leave: 'exit',
      nameMax: TEXT_LIMITS.groupName,
      preview: [],
      members: [],
      query: '',
      hasMoreMembers: false,
      loadingMembers: true,
      muteOptions: MUTE_DURATION_OPTIONS,
      busy: false,
      nameError: undefined,
    };
    expect(vm.state).toEqual(loading);
    expect(vm.cardContext()).toBeUndefined();
    await world.settle();
    // The members came, the group info not yet (this client has another conversation open).
    expect(calls).toEqual([{ method: 'getMembersPage', args: [groupID, 0, 500] }]);
    expect(vm.state.status).toBe('loading');
    expect(vm.state.memberCount).toBe(4);
    expect(vm.state.loadingMembers).toBe(false);
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol']);
    expect(vm.state.can.kick).toBe(true);
    expect(vm.cardContext()).toBeUndefined();

    // A change of the group's info makes it known.
    world.backend.touchGroup(groupID);
    await world.settle();
    const { preview, members } = vm.state;
    expect(vm.state).toEqual({
      ...loading,
      preview: members,
      members,
      status: 'ready',
      name: 'Team',
      faceURL: groupOf().faceURL,
      memberCount: 4,
      // The fake's group has no announcement or verification mode: the defaults.
      announcement: '',
      muteAll: false,
      verification: GroupVerification.ApplyNeedInviteNot,
      lookMemberInfo: groupOf().lookMemberInfo !== GroupAllowType.NotAllowed,
      applyMemberFriend: groupOf().applyMemberFriend !== GroupAllowType.NotAllowed,
      can: {
        editInfo: true,
        editAnnouncement: true,
        muteAll: true,
        joinSettings: true,
        transfer: true,
        kick: true,
      },
      leave: 'disband',
      loadingMembers: false,
    });
    expect(members.map((m) => m.userID)).toEqual(['owner', 'admin', 'bob', 'carol']);
    expect(preview).toEqual(members);
    expect(vm.cardContext()).toEqual({
      lookMemberInfo: GroupAllowType.Allowed,
      applyMemberFriend: groupOf().applyMemberFriend,
    });
    expect(calls).toHaveLength(1);
  });

  it('the open group: its info, count, announcement, mute-all and switches as the server has them', async () => {
    const { world, owner, bob, groupID } = await team();
    await owner.groupActions.setMuteAll(groupID, true);
    await world.settle();
    world.backend.groupRecord(groupID).group = {
      ...world.backend.groupRecord(groupID).group,
      faceURL: 'https://files.fake/team.png',
      notification: 'Standup at nine',
      memberCount: 7,
      needVerification: GroupVerification.AllNeed,
      lookMemberInfo: GroupAllowType.NotAllowed,
      applyMemberFriend: GroupAllowType.NotAllowed,
    };
    await bob.conversations.open(groupID, SessionType.Group);
    await world.settle();
    const vm = bob.viewModels.groupSettings(groupID);
    await world.settle();
    const { preview, members, ...rest } = vm.state;
    expect(rest).toEqual({
      status: 'ready',
      groupID,
      name: 'Team',
      faceURL: 'https://files.fake/team.png',
      memberCount: 7,
      announcement: 'Standup at nine',
      muteAll: true,
      verification: GroupVerification.AllNeed,
      lookMemberInfo: false,
      applyMemberFriend: false,
      can: {
        editInfo: false,
        editAnnouncement: false,
        muteAll: false,
        joinSettings: false,
        transfer: false,
        kick: false,
      },
      leave: 'exit',
      nameMax: TEXT_LIMITS.groupName,
      query: '',
      hasMoreMembers: false,
      loadingMembers: false,
      muteOptions: MUTE_DURATION_OPTIONS,
      busy: false,
      nameError: undefined,
    });
    expect(preview.map((m) => m.userID)).toEqual(['owner', 'admin', 'bob', 'carol']);
    expect(members).toEqual(preview);
    // A normal member's card context is the group's own.
    expect(vm.cardContext()).toEqual({
      lookMemberInfo: GroupAllowType.NotAllowed,
      applyMemberFriend: GroupAllowType.NotAllowed,
    });
  });

  it('another open group never stands in for this one, neither its info nor its membership', async () => {
    const { world, owner, groupID } = await team();
    const other = await owner.groupActions.createGroup({
      groupName: 'Other',
      selectedUserIDs: ['dave', 'bob'],
    });
    if (!other.ok) throw new Error('no group');
    const otherID = other.value.conversation.groupID;
    await owner.conversations.open(otherID, SessionType.Group);
    await world.settle();
    // This group's members leave the owner out: the own membership is not known from them.
    pages(owner, (page) => page.filter((m) => m.userID !== 'owner'));
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    world.backend.touchGroup(otherID);
    world.backend.updateMember(otherID, 'dave', { nickname: 'Dave' });
    await world.settle();
    expect(vm.state.status).toBe('loading');
    expect(vm.state.name).toBe('');
    expect(vm.state.can.kick).toBe(false);
    expect(ids(vm.state)).toEqual(['admin', 'bob', 'carol']);
    expect(vm.state.memberCount).toBe(3);
    // This group's info known, the own membership still not: a card shows as the group allows it.
    world.backend.touchGroup(groupID);
    await world.settle();
    expect(vm.state.status).toBe('loading');
    expect(vm.state.name).toBe('Team');
    const group = world.backend.groupRecord(groupID).group;
    expect(vm.cardContext()).toEqual({
      lookMemberInfo: group.lookMemberInfo,
      applyMemberFriend: group.applyMemberFriend,
    });
  });

  it('the own membership from the open group when the loaded members do not include it', async () => {
    const { world, owner, bob, groupID } = await team();
    await bob.conversations.open(groupID, SessionType.Group);
    await world.settle();
    pages(bob, (page) => page.filter((m) => m.userID !== 'bob'));
    const vm = bob.viewModels.groupSettings(groupID);
    await world.settle();
    expect(vm.state.status).toBe('ready');
    expect(vm.state.can.kick).toBe(false);
    const carol = () => vm.state.members.find((m) => m.userID === 'carol');
    expect(carol()?.canManage).toBe(false);
    // Bob becomes an administrator: his rows change although the loaded members did not.
    expect((await owner.groupActions.setAdmin(groupID, 'bob', true)).ok).toBe(true);
    await world.settle();
    expect(vm.state.can.kick).toBe(true);
    expect(carol()?.canManage).toBe(true);
  });

  it('members read before the SDK had the group are read again once the own membership arrives, once', async () => {
    const { world, bob, groupID } = await team();
    const calls = record(bob);
    let empty = true;
    pages(bob, (page) => (empty ? [] : page));
    // Without any member info (a single chat is open) nothing may fail in the drawer's subscription.
    const errors: unknown[] = [];
    config.onUnhandledError = (error) => errors.push(error);
    const vm = bob.viewModels.groupSettings(groupID);
    await world.settle();
    expect(vm.state.members).toEqual([]);
    empty = false;
    // A clock tick without this group's membership reads nothing again.
    await world.advance(31_000);
    expect(calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toEqual([]);
    await bob.conversations.open(groupID, SessionType.Group);
    await world.settle();
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol']);
    expect(calls).toEqual([
      { method: 'getMembersPage', args: [groupID, 0, 500] },
      { method: 'getMembersPage', args: [groupID, 0, 500] },
    ]);
    // Clock ticks and member changes read nothing more.
    world.backend.updateMember(groupID, 'carol', { nickname: 'Caroline' });
    await world.advance(61_000);
    expect(calls).toHaveLength(2);
    expect(vm.state.members.find((m) => m.userID === 'carol')?.name).toBe('Caroline');
  });

  it('paging: 500 first, then 100 from the loaded count; one read at a time; a refused page keeps the list', async () => {
    const { world, owner, groupID } = await team();
    const calls = record(owner);
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    const busy = vm.loadMembers();
    expect(vm.state.loadingMembers).toBe(true);
    expect(await vm.loadMembers()).toEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect((await busy).ok).toBe(true);
    expect(vm.state.loadingMembers).toBe(false);
    expect(vm.state.hasMoreMembers).toBe(false);
    expect(calls).toEqual([
      { method: 'getMembersPage', args: [groupID, 0, 500] },
      { method: 'getMembersPage', args: [groupID, 4, 100] },
    ]);

    // A page overlapping the loaded members (the list moved on the server) adds only the new ones.
    const dave = { ...world.backend.member(groupID, 'carol'), userID: 'dave', nickname: 'Dave' };
    pages(owner, (page) => [...page, world.backend.member(groupID, 'bob'), dave]);
    expect((await vm.loadMembers()).ok).toBe(true);
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol', 'dave']);

    (owner.ports.device.groups as unknown as Record<string, unknown>).getMembersPage = () =>
      Promise.reject(new RemoteError(1500, 'refused'));
    const refused = await vm.loadMembers();
    expect(!refused.ok && refused.error.kind === 'remote' && refused.error.code).toBe(1500);
    expect(vm.state.loadingMembers).toBe(false);
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol', 'dave']);
  });

  it('a full first page means more members', async () => {
    const { world, owner, groupID } = await team();
    pages(owner, (page) => Array.from({ length: 500 }, (_, i) => ({ ...page[3]!, userID: `m${i}` })));
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    expect(vm.state.hasMoreMembers).toBe(true);
    expect(vm.state.members).toHaveLength(500);
  });

  it('member events of this group: added at the end, changed in place, removed; other groups ignored', async () => {
    const { world, owner, groupID } = await team();
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    const other = await owner.groupActions.createGroup({
      groupName: 'Other',
      selectedUserIDs: ['dave', 'bob'],
    });
    if (!other.ok) throw new Error('no group');
    await world.settle();
    world.backend.updateMember(other.value.conversation.groupID, 'bob', { nickname: 'Robert' });
    world.backend.touchGroup(other.value.conversation.groupID);
    await world.settle();
    expect(vm.state.name).toBe('');
    expect(vm.state.members.find((m) => m.userID === 'bob')?.name).toBe('bob');
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol']);

    world.backend.addMember(groupID, 'dave', GroupMemberRole.Normal);
    await world.settle();
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol', 'dave']);
    world.backend.updateMember(groupID, 'admin', { nickname: 'Ada' });
    await world.settle();
    expect(vm.state.members.map((m) => m.name)).toEqual(['owner', 'Ada', 'bob', 'carol', 'dave']);
    world.backend.removeMember(groupID, 'bob');
    await world.settle();
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'carol', 'dave']);
    expect(vm.state.status).toBe('loading');
    // The own member info changing is not leaving.
    world.backend.updateMember(groupID, 'owner', { nickname: 'Boss' });
    world.backend.touchGroup(groupID);
    await world.settle();
    expect(vm.state.status).toBe('ready');
    expect(vm.state.members[0]?.name).toBe('Boss');
  });

  it('a new member joining is announced by the group, not by a join of the own user', async () => {
    const { world, owner, groupID, groupOf, push } = await team();
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    world.backend.touchGroup(groupID);
    await world.settle();
    const emitted: GroupSettingsState[] = [];
    const watching = vm.state$.subscribe((s) => emitted.push(s));
    emitted.length = 0;
    // An event the drawer has nothing to do with changes nothing and emits nothing.
    push('owner', { type: 'joinedGroupAdded', group: groupOf() });
    await world.settle();
    expect(emitted).toEqual([]);
    watching.unsubscribe();
  });

  it('a join application to the group is not a member change, and member events still follow it', async () => {
    const { world, owner, groupID, push } = await team();
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    push('owner', {
      type: 'groupApplicationAdded',
      application: {
        userID: 'dave',
        nickname: 'dave',
        userFaceURL: '',
        groupID,
        groupName: 'Team',
        groupFaceURL: '',
        handleResult: 0,
        reqMsg: 'hi',
        reqTime: 1,
      },
    });
    await world.settle();
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob', 'carol']);
    world.backend.updateMember(groupID, 'carol', { nickname: 'Caroline' });
    await world.settle();
    expect(vm.state.members.map((m) => m.name)).toEqual(['owner', 'admin', 'bob', 'Caroline']);
  });

  for (const type of ['joinedGroupDeleted', 'groupDismissed'] as const) {
    it(`${type} of this group: the user has left, and nothing renders the group again`, async () => {
      const { world, bob, groupID, groupOf, push } = await team();
      await bob.conversations.open(groupID, SessionType.Group);
      await world.settle();
      const vm = bob.viewModels.groupSettings(groupID);
      await world.settle();
      expect(vm.state.status).toBe('ready');
      push('bob', { type, group: groupOf() });
      await world.settle();
      expect(vm.state.status).toBe('left');
      const left = vm.state;
      world.backend.touchGroup(groupID);
      world.backend.updateMember(groupID, 'carol', { nickname: 'Caroline' });
      await world.advance(61_000);
      expect(vm.state).toBe(left);
      // The search field still follows the typing, over nothing.
      vm.search('car');
      expect(vm.state).toEqual({ ...left, query: 'car' });
    });
  }

  it('the own member deleted: the user has left; another member deleted is only removed', async () => {
    const { world, bob, groupID, push } = await team();
    await bob.conversations.open(groupID, SessionType.Group);
    await world.settle();
    const vm = bob.viewModels.groupSettings(groupID);
    await world.settle();
    push('bob', { type: 'memberDeleted', member: world.backend.member(groupID, 'carol') });
    await world.settle();
    expect(vm.state.status).toBe('ready');
    expect(ids(vm.state)).toEqual(['owner', 'admin', 'bob']);
    push('bob', { type: 'memberDeleted', member: world.backend.member(groupID, 'bob') });
    await world.settle();
    expect(vm.state.status).toBe('left');
  });

  it('a muted badge ends with the clock, without any event', async () => {
    const { world, owner, groupID } = await team();
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    expect((await vm.mute('carol', 300)).ok).toBe(true);
    await world.settle();
    expect(vm.state.members.find((m) => m.userID === 'carol')?.muted).toBe(true);
    await world.advance(330_000);
    expect(vm.state.members.find((m) => m.userID === 'carol')?.muted).toBe(false);
  });

  it('busy while an action runs, and not after; the owner leaves by disbanding', async () => {
    const { world, owner, groupID } = await team();
    const calls = record(owner);
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    const muting = vm.setMuteAll(true);
    expect(vm.state.busy).toBe(true);
    expect((await muting).ok).toBe(true);
    expect(vm.state.busy).toBe(false);
    expect((await vm.leave()).ok).toBe(true);
    expect(calls.filter((c) => c.method !== 'getMembersPage')).toEqual([
      { method: 'setMuteAll', args: [groupID, true] },
      { method: 'dismiss', args: [groupID] },
    ]);
  });

  it('rename: the same name (trimmed) asks nothing; a validation error is shown until the next try', async () => {
    const { world, owner, bob, groupID } = await team();
    await owner.conversations.open(groupID, SessionType.Group);
    await world.settle();
    const calls = record(owner);
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    expect(vm.state.name).toBe('Team');

    const tooLong = await vm.rename('x'.repeat(17));
    expect(!tooLong.ok && tooLong.error.kind).toBe('validation');
    expect(vm.state.nameError).toEqual({
      kind: 'i18n',
      i18nKey: 'validation.groupName.tooLong',
      params: { max: 16 },
    });
    expect(await vm.rename('  Team ')).toEqual({ ok: true, value: undefined });
    expect(vm.state.nameError).toBeUndefined();
    await vm.rename('');
    expect(vm.state.nameError).toBeDefined();
    vm.cancelRename();
    expect(vm.state.nameError).toBeUndefined();
    expect(calls.filter((c) => c.method === 'setGroupInfo')).toEqual([]);

    expect((await vm.rename('Crew')).ok).toBe(true);
    expect(calls.filter((c) => c.method === 'setGroupInfo')).toEqual([
      { method: 'setGroupInfo', args: [groupID, { groupName: 'Crew' }] },
    ]);

    // A refusal that is not about the name shows no name error.
    const bobVM = bob.viewModels.groupSettings(groupID);
    await world.settle();
    const refused = await bobVM.rename('Mine');
    expect(!refused.ok && refused.error.kind).toBe('permission');
    expect(bobVM.state.nameError).toBeUndefined();
  });

  it('changeAvatar uploads the picked file and sets it as the group face, busy meanwhile', async () => {
    const { world, owner, groupID } = await team();
    const calls = record(owner);
    const vm = owner.viewModels.groupSettings(groupID);
    await world.settle();
    const changing = vm.changeAvatar({ name: 'b.png', mimeType: 'image/png', size: 1, handle: null });
    expect(vm.state.busy).toBe(true);
    expect((await changing).ok).toBe(true);
    expect(vm.state.busy).toBe(false);
    expect(calls.filter((c) => c.method === 'setGroupInfo')).toEqual([
      { method: 'setGroupInfo', args: [groupID, { faceURL: 'https://files.fake/1/b.webp' }] },
    ]);
  });
});
