import { describe, expect, it } from 'vitest';
import { Gender } from '@teamim/domain';
import { TestWorld } from '../../testing';

describe('NewFriendsViewModel / GroupNotificationsViewModel', () => {
  it('§2 received requests offer accept and refuse while pending, then show their state; sent ones their state', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const carol = await world.signIn('carol');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'hi from bob');
    await alice.contactActions.sendFriendRequest({ userID: 'carol' }, 'hi carol');
    await world.settle();
    const requests = alice.viewModels.newFriends();
    expect(requests.state.received.map((r) => [r.key, r.name, r.message, r.status, r.canDecide])).toEqual([
      ['r-bob', 'bob', 'hi from bob', 'pending', true],
    ]);
    expect(requests.state.sent.map((r) => [r.name, r.status, r.canDecide])).toEqual([
      ['carol', 'pending', false],
    ]);

    const accepted = await requests.accept('r-bob');
    await world.settle();
    expect(accepted.ok).toBe(true);
    expect(requests.state.received[0]).toMatchObject({ status: 'agreed', canDecide: false, busy: false });
    await carol.contactActions.refuseFriendRequest('alice');
    await world.settle();
    expect(requests.state.sent[0]?.status).toBe('refused');
    expect((await requests.accept('r-bob')).ok).toBe(false);
  });

  it('§2 a failed decision shows its error on the row', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, '');
    await world.settle();
    const requests = alice.viewModels.newFriends();
    world.backend.friendApplications.length = 0;
    const accepted = await requests.accept('r-bob');
    expect(accepted.ok).toBe(false);
    expect(requests.state.received[0]?.error).toBeDefined();
  });

  it('§2 group notifications list join requests to groups I own, with accept', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok) throw new Error('group');
    const groupID = created.value.conversation.groupID;
    const dave = await world.users('dave').signIn('dave');
    await dave.contactActions.sendJoinRequest(groupID, 'let me in');
    await world.settle();
    const notes = alice.viewModels.groupNotifications();
    expect(notes.state.received.map((r) => [r.name, r.groupName, r.message, r.canDecide])).toEqual([
      ['dave', 'Crew', 'let me in', true],
    ]);
    const key = notes.state.received[0]?.key ?? '';
    expect((await notes.accept(key)).ok).toBe(true);
    await world.settle();
    expect(notes.state.received[0]?.status).toBe('agreed');
  });
});

describe('AddSearchViewModel', () => {
  it('§2 confirm stays disabled for a blank keyword; friends are listed by the search', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bobby' });
    const alice = await world.signIn('alice');
    const search = alice.viewModels.addSearch('friend');
    search.setKeyword('   ');
    expect(search.state.canSearch).toBe(false);
    expect((await search.search()).ok).toBe(false);
    search.setKeyword('Bobby');
    expect(search.state.canSearch).toBe(true);
    const found = await search.search();
    expect(found.ok && found.value.kind).toBe('users');
    expect(search.state.results?.map((r) => r.name)).toEqual(['Bobby']);
  });

  it('§2 a group id opens its card; an unknown id says so', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok) throw new Error('group');
    const search = alice.viewModels.addSearch('group');
    search.setKeyword(created.value.conversation.groupID);
    const found = await search.search();
    expect(found.ok && found.value.kind === 'group' && found.value.group.groupID).toBe(
      created.value.conversation.groupID,
    );
    search.setKeyword('no-such-group');
    const missing = await search.search();
    expect(missing.ok && missing.value.kind).toBe('notFound');
    expect(search.state.notFound).toBe(true);
  });
});

describe('EditProfileViewModel', () => {
  it('§2/§5 nickname required (max 20), e-mail format, birth not after today; phone read-only; saves', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice', phoneNumber: '13800000000' });
    const alice = await world.signIn('alice');
    const form = alice.viewModels.editProfile();
    expect(form.state).toMatchObject({
      nickname: 'Alice',
      phoneNumber: '13800000000',
      nicknameMax: 20,
      ready: true,
    });

    form.setNickname('  ');
    expect((await form.save()).ok).toBe(false);
    expect(form.state.errors.nickname).toBeDefined();
    form.setNickname('Alicia');
    expect(form.state.errors.nickname).toBeUndefined();

    form.setEmail('not-an-email');
    expect((await form.save()).ok).toBe(false);
    expect(form.state.errors.email).toBeDefined();
    form.setEmail('alicia@example.com');

    form.setBirth('2999-01-01');
    expect((await form.save()).ok).toBe(false);
    expect(form.state.errors.birth).toBeDefined();
    form.setBirth('1990-07-04');
    form.setGender(Gender.Female);

    const saved = await form.save();
    expect(saved.ok).toBe(true);
    expect(alice.currentUser.selfInfo).toMatchObject({ nickname: 'Alicia', email: 'alicia@example.com' });
  });
});
