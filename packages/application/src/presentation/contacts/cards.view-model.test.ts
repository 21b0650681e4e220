import { describe, expect, it } from 'vitest';
import { GroupAllowType } from '@teamim/domain';
import { TestWorld } from '../../testing';
import { canOpenUserCard } from './user-card.view-model';

describe('UserCardViewModel', () => {
  it('§2 self: "(you)", Edit info only, and the own profile as saved', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice', phoneNumber: '13800000000' });
    const alice = await world.signIn('alice');
    const card = alice.viewModels.userCard({ userID: 'alice', nickname: 'stale', faceURL: '' });
    expect(card.state).toMatchObject({
      isSelf: true,
      name: 'Alice',
      editInfo: true,
      sendMessage: false,
      addFriend: 'hidden',
      editRemark: false,
      phoneNumber: '13800000000',
    });
    const saved = await alice.profile.updateProfile('alice', {
      nickname: 'Alicia',
      email: 'a@example.com',
      gender: 2,
      birth: new Date(2000, 0, 2).getTime(),
    });
    expect(saved.ok).toBe(true);
    await world.settle();
    expect(card.state).toMatchObject({ name: 'Alicia', email: 'a@example.com', genderKey: 'gender.female' });
  });

  it('§2 friend: remark editable and shown as the name, Send message, birth as YYYY/M/D', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bob' });
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const card = alice.viewModels.userCard({
      userID: 'bob',
      nickname: 'Bob',
      faceURL: '',
      birth: Date.UTC(1990, 6, 4, 4),
    });
    expect(card.state).toMatchObject({
      relation: 'friend',
      editRemark: true,
      sendMessage: true,
      addFriend: 'hidden',
    });
    expect(card.state.birth).toBe('1990/7/4');

    card.setRemark('Bobby');
    expect(card.state.remark).toBe('Bobby');
    const saved = await card.saveRemark();
    await world.settle();
    expect(saved.ok).toBe(true);
    expect(card.state).toMatchObject({ name: 'Bobby', remark: 'Bobby' });

    const opened = await card.sendMessage();
    expect(opened.ok && opened.value).toBe('si_alice_bob');
  });

  it('§2 non-friend: Add friends opens the verification view (6 rows, max 50 with a counter) and sends the request', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const card = alice.viewModels.userCard({ userID: 'bob', nickname: 'bob', faceURL: '' });
    expect(card.state).toMatchObject({
      relation: 'stranger',
      addFriend: 'enabled',
      sendMessage: true,
      editInfo: false,
    });

    expect(card.startAddFriend().ok).toBe(true);
    expect(card.state.mode).toBe('verify');
    card.setRequestMessage('x'.repeat(60));
    expect(card.state.request).toEqual({ message: 'x'.repeat(50), length: 50, max: 50, rows: 6 });
    card.setRequestMessage('hello');
    const sent = await card.sendRequest();
    await world.settle();
    expect(sent.ok).toBe(true);
    expect(alice.toasts.keys()).toEqual(['toast.friendRequestSent']);
    expect(bob.contacts.snapshot.recvFriendApplicationList.map((a) => a.reqMsg)).toEqual(['hello']);
  });

  it('§2 group context: applyMemberFriend forbidden disables Add friends, notAdd hides it', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const strict = alice.viewModels.userCard(
      { userID: 'bob', nickname: 'bob', faceURL: '' },
      { group: { applyMemberFriend: GroupAllowType.NotAllowed } },
    );
    expect(strict.state.addFriend).toBe('disabled');
    const refused = strict.startAddFriend();
    expect(!refused.ok && refused.error.kind).toBe('permission');
    expect(strict.state.mode).toBe('card');
    const hidden = alice.viewModels.userCard(
      { userID: 'bob', nickname: 'bob', faceURL: '' },
      { notAdd: true },
    );
    expect(hidden.state.addFriend).toBe('hidden');
  });

  it('§2 the card does not open for an empty id, the at-all tag, or where the group hides member info', () => {
    expect(canOpenUserCard('bob').ok).toBe(true);
    expect(canOpenUserCard('').ok).toBe(false);
    expect(canOpenUserCard('AtAllTag').ok).toBe(false);
    expect(
      canOpenUserCard('bob', {
        group: { applyMemberFriend: GroupAllowType.Allowed, lookMemberInfo: GroupAllowType.NotAllowed },
      }).ok,
    ).toBe(false);
  });
});

async function groupWorld(memberCount: number) {
  const others = Array.from({ length: memberCount - 1 }, (_, i) => `m${i + 1}`);
  const world = new TestWorld().users('alice', 'zed', ...others);
  for (const id of others) world.backend.makeFriends('alice', id);
  const alice = await world.signIn('alice');
  const zed = await world.signIn('zed');
  await alice.contacts.loadFriends();
  const created = await alice.groupActions.createGroup({ groupName: 'Crew', selectedUserIDs: others });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  const groupID = created.value.conversation.groupID;
  const record = world.backend.groupRecord(groupID);
  record.group = { ...record.group, introduction: 'We ship things' };
  world.backend.touchGroup(groupID);
  await world.settle();
  return { world, alice, zed, groupID };
}

describe('GroupCardViewModel', () => {
  it('§2 a joined group: introduction, creation date, member count, 7 member avatars, Send message', async () => {
    const { world, alice, groupID } = await groupWorld(10);
    const card = alice.viewModels.groupCard({ groupID });
    await world.settle();
    expect(card.state).toMatchObject({
      name: 'Crew',
      introduction: 'We ship things',
      memberCount: 10,
      inGroup: true,
    });
    expect(card.state.created).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}$/);
    expect(card.state.members).toHaveLength(7);
    const opened = await card.sendMessage();
    expect(opened.ok && opened.value).toBe(`sg_${groupID}`);
  });

  it('§2 exactly 8 members show all 8 avatars', async () => {
    const { world, alice, groupID } = await groupWorld(8);
    const card = alice.viewModels.groupCard({ groupID });
    await world.settle();
    expect(card.state.members).toHaveLength(8);
  });

  it('§2 a group not joined: Add group opens the verification view (4 rows, max 50) and applies', async () => {
    const { world, zed, groupID } = await groupWorld(3);
    const card = zed.viewModels.groupCard({ groupID });
    await world.settle();
    expect(card.state).toMatchObject({ name: 'Crew', inGroup: false, memberCount: 3 });
    expect(card.startApply().ok).toBe(true);
    expect(card.state.request.rows).toBe(4);
    card.setRequestMessage('let me in');
    const sent = await card.apply();
    await world.settle();
    expect(sent.ok).toBe(true);
    expect(zed.toasts.keys()).toContain('toast.joinGroupRequestSent');
  });
});
