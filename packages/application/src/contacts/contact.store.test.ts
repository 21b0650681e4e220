import { describe, expect, it, vi } from 'vitest';
import { firstValueFrom, NEVER } from 'rxjs';
import {
  ApplicationHandleResult,
  BusinessAllowType,
  type Friend,
  type GroupApplication,
} from '@teamim/domain';
import { TestWorld } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { ContactsGateway } from '../ports/contacts.port';
import { ContactActions } from './contact-actions';
import { ContactStore, emptyContactState, reduceContactEvent, reduceGroupEvent } from './contact.store';

const friend = (userID: string, nickname = userID): Friend => ({ userID, nickname, remark: '', faceURL: '' });

describe('ContactStore', () => {
  it('§4 Friend requests: received by the target, sent by the requester, counted and accepted into both friend lists', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');

    const sent = await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'hello, it is bob');
    await world.settle();

    expect(sent.ok).toBe(true);
    expect(bob.toasts.keys()).toEqual(['toast.friendRequestSent']);
    expect(bob.contacts.snapshot.sendFriendApplicationList.map((a) => a.toUserID)).toEqual(['alice']);
    expect(alice.contacts.snapshot.recvFriendApplicationList.map((a) => a.reqMsg)).toEqual([
      'hello, it is bob',
    ]);
    expect(await firstValueFrom(alice.contacts.applicationBadge$)).toBe(1);

    await alice.contactActions.acceptFriendRequest('bob');
    await world.settle();

    expect(alice.contacts.snapshot.unHandleFriendApplicationCount).toBe(0);
    expect(alice.contacts.snapshot.recvFriendApplicationList[0]?.handleResult).toBe(
      ApplicationHandleResult.Agree,
    );
    expect(bob.contacts.snapshot.sendFriendApplicationList[0]?.handleResult).toBe(
      ApplicationHandleResult.Agree,
    );
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
    expect(bob.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['alice']);
  });

  it('§4 A refused friend request is replaced, not duplicated, and leaves the count at 0', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'first');
    await world.settle();
    await alice.contactActions.refuseFriendRequest('bob');
    await world.settle();
    expect(alice.contacts.snapshot.recvFriendApplicationList.map((a) => a.handleResult)).toEqual([
      ApplicationHandleResult.Reject,
    ]);

    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'second');
    await world.settle();

    expect(alice.contacts.snapshot.recvFriendApplicationList.map((a) => a.reqMsg)).toEqual(['second']);
    expect(alice.contacts.snapshot.unHandleFriendApplicationCount).toBe(1);
  });

  it('§5 Friend request message max 50; targets that disallow adding are refused', async () => {
    const world = new TestWorld().users('alice', {
      userID: 'bob',
      allowAddFriend: BusinessAllowType.NotAllow,
    });
    const alice = await world.signIn('alice');

    const tooLong = await alice.contactActions.sendFriendRequest({ userID: 'bob' }, 'x'.repeat(51));
    expect(!tooLong.ok && tooLong.error.kind === 'validation' && tooLong.error.field).toBe(
      'friendRequestMessage',
    );
    const refused = await alice.contactActions.sendFriendRequest(
      { userID: 'bob', allowAddFriend: BusinessAllowType.NotAllow },
      'hi',
    );
    expect(!refused.ok && refused.error.kind).toBe('permission');
    // The server refuses too when the client did not know the setting.
    const server = await alice.contactActions.sendFriendRequest({ userID: 'bob' }, 'hi');
    expect(!server.ok && server.error.kind).toBe('remote');
    expect(alice.toasts.keys()).toEqual(['toast.sendApplicationFailed']);
  });

  it("§2 User card: a friend's phone and e-mail come from the chat API into the friend list", async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const bobInfo = world.backend.user('bob').info;
    world.backend.user('bob').info = { ...bobInfo, phoneNumber: '13800000002', email: 'bob@example.com' };
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    expect(alice.contacts.snapshot.friendList[0]?.phoneNumber ?? '').toBe('');

    const details = await alice.contactActions.loadUserDetails('bob');
    expect(details.ok && details.value?.email).toBe('bob@example.com');
    expect(alice.contacts.snapshot.friendList[0]).toMatchObject({
      userID: 'bob',
      phoneNumber: '13800000002',
      email: 'bob@example.com',
    });
    const stranger = await alice.contactActions.loadUserDetails('nobody');
    expect(stranger.ok && stranger.value).toBeUndefined();
  });

  it("§2 User card: saving or clearing a friend's remark keeps the phone and e-mail; the cleared remark stays cleared", async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const bobInfo = world.backend.user('bob').info;
    world.backend.user('bob').info = { ...bobInfo, phoneNumber: '13800000002', email: 'bob@example.com' };
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    await alice.contactActions.loadUserDetails('bob');
    const details = { phoneNumber: '13800000002', email: 'bob@example.com' };

    expect((await alice.contactActions.setRemark('bob', 'Bobby')).ok).toBe(true);
    await world.settle();
    expect(alice.contacts.snapshot.friendList[0]).toMatchObject({ remark: 'Bobby', ...details });

    expect((await alice.contactActions.setRemark('bob', '  ')).ok).toBe(true);
    await world.settle();
    expect(alice.contacts.snapshot.friendList[0]).toMatchObject({ remark: '', ...details });

    // A reload of the list after a sync keeps what the chat API added, and takes the SDK's remark.
    await alice.contacts.loadFriends();
    expect(alice.contacts.snapshot.friendList[0]).toMatchObject({ remark: '', ...details });
  });

  it('§4 A friend-info change replaces the SDK fields and keeps the chat-API details', () => {
    const bob: Friend = { ...friend('bob'), remark: 'Bobby', phoneNumber: '1380', email: 'b@x', gender: 1 };
    const state = { ...emptyContactState, friendList: [bob, friend('carol')] };
    const next = reduceContactEvent(
      state,
      { type: 'friendInfoChanged', friend: { ...friend('bob', 'Bob'), remark: '' } },
      'alice',
    );
    expect(next.friendList).toEqual([
      {
        userID: 'bob',
        nickname: 'Bob',
        remark: '',
        faceURL: '',
        phoneNumber: '1380',
        email: 'b@x',
        gender: 1,
      },
      friend('carol'),
    ]);
    const added = reduceContactEvent(state, { type: 'friendAdded', friend: friend('dave') }, 'alice');
    expect(added.friendList.map((f) => f.userID)).toEqual(['bob', 'carol', 'dave']);
  });

  it('§4 Unblocking a friend puts them back on the friend list at once (the friendship was kept)', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    expect(alice.contacts.isFriend('bob')).toBe(false);

    await alice.contactActions.setBlacklisted('bob', false);
    await world.settle();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
    expect(alice.contacts.isFriend('bob')).toBe(true);
  });

  it('§4 Blocking adds to the blacklist and removes from the friend list; unblocking removes the entry', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    expect(alice.contacts.snapshot.friendList).toHaveLength(1);

    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.friendList).toEqual([]);

    await alice.contactActions.setBlacklisted('bob', false);
    await world.settle();
    expect(alice.contacts.snapshot.blackList).toEqual([]);
    // Unblocking again is a no-op (a retry after a lost answer), not an error.
    expect((await alice.contactActions.setBlacklisted('bob', false)).ok).toBe(true);
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('§6 A blacklisted user cannot message', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await alice.contactActions.setBlacklisted('bob', true);
    await bob.conversations.open('alice', 1);
    const sent = await bob.chat.sendText('hi?');
    expect(!sent.ok && sent.error.kind === 'remote' && sent.error.code).toBe(1302);
  });

  it('§4 Friend deleted and info changed events update the list; unfriend failures toast', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();

    await alice.contactActions.setRemark('bob', ' Bobby ');
    await world.settle();
    expect(alice.contacts.snapshot.friendList[0]?.remark).toBe('Bobby');

    await alice.contactActions.unfriend('bob');
    await world.settle();
    expect(alice.contacts.snapshot.friendList).toEqual([]);
    expect((await alice.contactActions.unfriend('bob')).ok).toBe(false);
    expect(alice.toasts.keys()).toEqual(['toast.unfriendFailed']);
  });

  it('§2 The own remark shows on the calling device as soon as the call succeeds, with no friend event', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    // The web SDK does not tell the calling device about its own remark change: a gateway whose
    // events never arrive stands for it (same backend, calls delegated to alice's fake gateway).
    const silent = Object.create(alice.ports.contacts, { events$: { value: NEVER } }) as ContactsGateway;
    const store = new ContactStore(
      silent,
      alice.ports.groups,
      alice.currentUser,
      alice.ports.notifier,
      alice.ports.logger,
    );
    const actions = new ContactActions(
      silent,
      alice.ports.groups,
      alice.ports.chatApi,
      alice.ports.notifier,
      store,
    );
    await store.loadFriends();

    expect((await actions.setRemark('bob', ' Bob the builder ')).ok).toBe(true);
    await world.settle();
    expect(store.snapshot.friendList.map((f) => f.remark)).toEqual(['Bob the builder']);

    expect((await actions.setRemark('nobody', 'x')).ok).toBe(false);
    expect(store.snapshot.friendList.map((f) => [f.userID, f.remark])).toEqual([['bob', 'Bob the builder']]);
    store.dispose();
  });

  it('§2 Add group: a group is found by its exact id, an unknown id finds nothing, a blank id is refused', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol', 'dave');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    await alice.contacts.loadFriends();
    const created = await alice.groupActions.createGroup({
      groupName: 'Team',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok || created.value.kind !== 'group') throw new Error('group not created');
    const groupID = created.value.conversation.groupID;

    // dave is not a member: the card of a group one has not joined still shows its details.
    const dave = await world.signIn('dave');
    const found = await dave.contactActions.findGroup(` ${groupID} `);
    expect(found).toMatchObject({ ok: true, value: { groupID, groupName: 'Team' } });
    const unknown = await dave.contactActions.findGroup('no-such-group');
    expect(unknown).toEqual({ ok: true, value: undefined });
    const blank = await dave.contactActions.findGroup('  ');
    expect(!blank.ok && blank.error.kind).toBe('validation');
  });

  it('§9 Friend list loads 10000 first, then 1000 per page until a short page', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const requested: number[] = [];
    alice.ports.device.contacts.getFriendsPage = (offset, count) => {
      requested.push(count);
      const total = 11_500;
      const size = Math.max(0, Math.min(count, total - offset));
      return Promise.resolve(Array.from({ length: size }, (_, i) => friend(`f${offset + i}`)));
    };

    const result = await alice.contacts.loadFriends();

    expect(result.ok && result.value.length).toBe(11_500);
    expect(requested).toEqual([10_000, 1_000, 1_000]);
  });

  it('§8 Loading failures show their toasts; application failures are only logged', async () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    await alice.contacts.loadFriends();
    await alice.contacts.loadBlacklist();
    await alice.contacts.loadGroups();
    await alice.contacts.loadApplications();
    expect(alice.toasts.keys()).toEqual([
      'toast.getFriendListFailed',
      'toast.getBlackListFailed',
      'toast.getGroupListFailed',
    ]);
    // Not signed in: the SDK answers "logged out", as it does to a reload that meets a sign-out.
    expect(alice.ports.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(alice.ports.logger.entries.filter((e) => e.level === 'warn')).toHaveLength(4);
  });

  it('§8 An application list the server refuses is an error in the log; one lost to the network a warning', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    vi.spyOn(alice.ports.contacts, 'getReceivedFriendApplications').mockRejectedValue(
      new RemoteError(1002, 'no permission'),
    );
    vi.spyOn(alice.ports.groups, 'getSentGroupApplications').mockRejectedValue(
      new RemoteError(10000, 'network'),
    );
    await alice.contacts.loadApplications();
    const failures = alice.ports.logger.entries.filter((e) => e.message === 'loading applications failed');
    expect(failures).toEqual([
      { level: 'error', message: 'loading applications failed', context: { code: 1002 } },
      { level: 'warn', message: 'loading applications failed', context: { code: 10000 } },
    ]);
  });

  it('§4 Group join requests reach owners and admins, are counted and accepted', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const carol = await world.signIn('carol');
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await alice.contacts.loadGroups();

    const sent = await carol.contactActions.sendJoinRequest(group.groupID, 'let me in');
    await world.settle();

    expect(sent.ok).toBe(true);
    expect(carol.toasts.keys()).toEqual(['toast.joinGroupRequestSent']);
    expect(carol.contacts.snapshot.sendGroupApplicationList.map((a) => a.groupID)).toEqual([group.groupID]);
    expect(alice.contacts.snapshot.unHandleGroupApplicationCount).toBe(1);
    expect(await firstValueFrom(alice.contacts.applicationBadge$)).toBe(1);

    await alice.contactActions.acceptJoinRequest(group.groupID, 'carol');
    await world.settle();

    expect(alice.contacts.snapshot.unHandleGroupApplicationCount).toBe(0);
    expect(carol.contacts.snapshot.groupList.map((g) => g.groupID)).toEqual([group.groupID]);
    expect(alice.contacts.snapshot.groupList[0]?.memberCount).toBe(3);
    expect((await carol.contactActions.sendJoinRequest(group.groupID, 'x'.repeat(51))).ok).toBe(false);
    expect((await carol.contactActions.refuseJoinRequest(group.groupID, 'carol')).ok).toBe(false);
  });

  it('§4 Received group applications are matched by applicant and group; sent ones by group', () => {
    const app = (groupID: string, handleResult: ApplicationHandleResult): GroupApplication => ({
      userID: 'carol',
      nickname: 'carol',
      userFaceURL: '',
      groupID,
      groupName: groupID,
      groupFaceURL: '',
      handleResult,
      reqMsg: '',
      reqTime: 0,
    });
    let state = reduceGroupEvent(
      emptyContactState,
      { type: 'groupApplicationAdded', application: app('g1', 0) },
      'alice',
    );
    state = reduceGroupEvent(state, { type: 'groupApplicationAdded', application: app('g2', 0) }, 'alice');
    expect(state.recvGroupApplicationList).toHaveLength(2);
    expect(state.unHandleGroupApplicationCount).toBe(2);
    state = reduceGroupEvent(
      state,
      { type: 'groupApplicationRejected', application: app('g1', -1) },
      'alice',
    );
    expect(state.recvGroupApplicationList).toHaveLength(2);
    expect(state.unHandleGroupApplicationCount).toBe(1);

    let sent = reduceGroupEvent(
      emptyContactState,
      { type: 'groupApplicationAdded', application: app('g1', 0) },
      'carol',
    );
    sent = reduceGroupEvent(sent, { type: 'groupApplicationAccepted', application: app('g1', 1) }, 'carol');
    expect(sent.sendGroupApplicationList.map((a) => a.handleResult)).toEqual([1]);
  });

  it('§4 Joined group add/remove, dismissed and info changed update the group list', () => {
    const group = {
      groupID: 'g1',
      groupName: 'one',
      faceURL: '',
      introduction: '',
      memberCount: 2,
      createTime: 0,
      groupType: 2,
      lookMemberInfo: 0,
      applyMemberFriend: 0,
    } as const;
    let state = reduceGroupEvent(emptyContactState, { type: 'groupInfoChanged', group }, 'alice');
    expect(state.groupList).toEqual([]);
    state = reduceGroupEvent(state, { type: 'joinedGroupAdded', group }, 'alice');
    state = reduceGroupEvent(
      state,
      { type: 'groupInfoChanged', group: { ...group, groupName: 'renamed' } },
      'alice',
    );
    expect(state.groupList.map((g) => g.groupName)).toEqual(['renamed']);
    expect(reduceGroupEvent(state, { type: 'groupDismissed', group }, 'alice').groupList).toEqual([]);
    expect(reduceGroupEvent(state, { type: 'joinedGroupDeleted', group }, 'alice').groupList).toEqual([]);
    const member = {
      userID: 'x',
      groupID: 'g1',
      nickname: '',
      faceURL: '',
      roleLevel: 20,
      muteEndTime: 0,
    } as const;
    expect(reduceGroupEvent(state, { type: 'memberAdded', member }, 'alice')).toBe(state);
  });

  it('§4 Friend added appends, info changed replaces, clearing empties all lists and zeroes counts', () => {
    let state = reduceContactEvent(
      emptyContactState,
      { type: 'friendAdded', friend: friend('bob') },
      'alice',
    );
    state = reduceContactEvent(state, { type: 'friendAdded', friend: friend('carol') }, 'alice');
    state = reduceContactEvent(state, { type: 'friendInfoChanged', friend: friend('bob', 'Bobby') }, 'alice');
    expect(state.friendList.map((f) => f.nickname)).toEqual(['Bobby', 'carol']);
    expect(
      reduceContactEvent(state, { type: 'friendDeleted', userID: 'bob' }, 'alice').friendList,
    ).toHaveLength(1);
  });

  it('§4 The next session’s contact store starts with empty lists and zero counts', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, '');
    await world.settle();
    expect(alice.contacts.snapshot.unHandleFriendApplicationCount).toBe(1);

    alice.reopen();

    expect(alice.contacts.snapshot).toEqual(emptyContactState);
  });

  it('§2 The add-friend search needs a non-empty keyword and excludes self', async () => {
    const world = new TestWorld().users('alice', {
      userID: 'bob',
      nickname: 'Bob',
      phoneNumber: '13800000000',
    });
    const alice = await world.signIn('alice');
    expect((await alice.contactActions.searchUsers('  ')).ok).toBe(false);
    const found = await alice.contactActions.searchUsers('13800000000');
    expect(found.ok && found.value.map((u) => u.userID)).toEqual(['bob']);
    const self = await alice.contactActions.searchUsers('alice');
    expect(self.ok && self.value).toEqual([]);
  });
});
