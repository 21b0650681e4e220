import { describe, expect, it } from 'vitest';
import {
  classifyServerError,
  Gender,
  GroupAllowType,
  permissionError,
  SessionType,
  type SelfInfo,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import type { UserCardState, UserCardViewModel } from './user-card.view-model';

type Call = { args: unknown[]; busy: boolean };

/** Replaces `method` of `target` with a recorder that notes its arguments and the card's busy flag. */
function spy(target: object, method: string, card: () => UserCardViewModel | undefined): Call[] {
  const calls: Call[] = [];
  const host = target as Record<string, unknown>;
  const original = host[method] as (...args: unknown[]) => Promise<unknown>;
  host[method] = (...args: unknown[]) => {
    calls.push({ args, busy: card()?.state.busy ?? false });
    return original.apply(target, args);
  };
  return calls;
}

function setInfo(world: TestWorld, userID: string, changes: Partial<SelfInfo>): void {
  const record = world.backend.user(userID);
  record.info = { ...record.info, ...changes };
}

const friendDraft = { message: '', length: 0, max: 50, rows: 6 };
const remote = (code: number, message: string) => classifyServerError(code, message).display;

const BIRTH_SERVER = Date.UTC(1991, 2, 3, 4);
const BIRTH_CARD = Date.UTC(1980, 10, 20, 4);

async function world3(): Promise<{ world: TestWorld; alice: TestClient }> {
  const world = new TestWorld().users('alice', 'carol', 'zoe', 'dave');
  world.backend.makeFriends('alice', 'carol');
  world.backend.makeFriends('alice', 'zoe');
  setInfo(world, 'carol', { nickname: '', faceURL: '', gender: 0, birth: 0, phoneNumber: '', email: '' });
  setInfo(world, 'zoe', {
    nickname: 'Robert',
    faceURL: 'https://f/zoe.png',
    gender: Gender.Man,
    birth: BIRTH_SERVER,
    phoneNumber: '13800000001',
    email: 'zoe@server',
  });
  const alice = await world.signIn('alice');
  await alice.contacts.loadFriends();
  await world.settle();
  return { world, alice };
}

const cardOf = {
  nickname: 'card name',
  faceURL: 'https://card/face.png',
  gender: Gender.Female,
  birth: BIRTH_CARD,
  phoneNumber: '13900000009',
  email: 'card@example.com',
};

describe('UserCardViewModel: friend data, remarks, friend requests and Send message', () => {
  it("a friend's record wins where it has a value (the friend the card is for, not the first in the list)", async () => {
    const { world, alice } = await world3();
    const card = alice.viewModels.userCard({ userID: 'zoe', ...cardOf });
    await world.settle();
    expect(card.state).toEqual<UserCardState>({
      mode: 'card',
      userID: 'zoe',
      nickname: 'Robert',
      name: 'Robert',
      faceURL: 'https://f/zoe.png',
      relation: 'friend',
      isSelf: false,
      genderKey: 'gender.man',
      birth: '1991/3/3',
      phoneNumber: '13800000001',
      email: 'zoe@server',
      remark: '',
      editRemark: true,
      addFriend: 'hidden',
      editInfo: false,
      sendMessage: true,
      request: friendDraft,
      busy: false,
      error: undefined,
    });
  });

  it("a friend's empty fields (blank text, gender and birth 0) leave the card's own data", async () => {
    const { world, alice } = await world3();
    const card = alice.viewModels.userCard({ userID: 'carol', ...cardOf });
    await world.settle();
    expect(alice.contacts.snapshot.friendList.find((f) => f.userID === 'carol')).toMatchObject({
      gender: 0,
      birth: 0,
      email: '',
    });
    expect(card.state).toMatchObject({
      nickname: 'card name',
      name: 'card name',
      faceURL: 'https://card/face.png',
      genderKey: 'gender.female',
      birth: '1980/11/20',
      phoneNumber: '13900000009',
      email: 'card@example.com',
      relation: 'friend',
    });
  });

  it("a stranger's card shows what it was opened with, blanks for what it lacks, and loads no details", async () => {
    const { world, alice } = await world3();
    const loads = spy(alice.contactActions, 'loadUserDetails', () => undefined);
    const card = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: '' });
    await world.settle();
    expect(card.state).toEqual<UserCardState>({
      mode: 'card',
      userID: 'dave',
      nickname: 'Dave',
      name: 'Dave',
      faceURL: '',
      relation: 'stranger',
      isSelf: false,
      genderKey: 'gender.unknown',
      birth: '',
      phoneNumber: '',
      email: '',
      remark: '',
      editRemark: false,
      addFriend: 'enabled',
      editInfo: false,
      sendMessage: true,
      request: friendDraft,
      busy: false,
      error: undefined,
    });
    alice.viewModels.userCard({ userID: 'alice', nickname: 'me', faceURL: '' });
    expect(loads).toEqual([]);
    alice.viewModels.userCard({ userID: 'zoe', nickname: 'Zoe', faceURL: '' });
    expect(loads).toEqual([{ args: ['zoe'], busy: false }]);
  });

  it("another user's card never shows the own profile; the own card without a profile is still the own", async () => {
    const { world, alice } = await world3();
    const other = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: 'https://d' });
    expect(other.state).toMatchObject({ userID: 'dave', nickname: 'Dave', faceURL: 'https://d' });
    alice.currentUser.setSelfInfo(undefined);
    await world.settle();
    const own = alice.viewModels.userCard({ userID: 'alice', nickname: 'Al', faceURL: '' });
    expect(own.state).toMatchObject({ relation: 'self', isSelf: true, name: 'Al', editInfo: true });
  });

  it('an open card follows a saved remark even while the own profile is not loaded', async () => {
    const { world, alice } = await world3();
    const card = alice.viewModels.userCard({ userID: 'zoe', nickname: 'Zoe', faceURL: '' });
    await world.settle();
    alice.currentUser.setSelfInfo(undefined);
    await world.settle();
    expect((await alice.contactActions.setRemark('zoe', 'Zed')).ok).toBe(true);
    await world.settle();
    expect(card.state).toMatchObject({ relation: 'friend', name: 'Zed', remark: 'Zed' });
  });

  it('a remark: refused on a stranger, busy while saving, trimmed, and a failure keeps what was typed', async () => {
    const { world, alice } = await world3();
    const stranger = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: '' });
    const card = alice.viewModels.userCard({ userID: 'zoe', nickname: 'Zoe', faceURL: '' });
    const saves = spy(alice.contactActions, 'setRemark', () => card);
    expect(await stranger.saveRemark()).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(saves).toEqual([]);

    await world.settle();
    card.setRemark('  Zozo  ');
    expect(card.state.remark).toBe('  Zozo  ');
    expect(await card.saveRemark()).toEqual({ ok: true, value: undefined });
    await world.settle();
    expect(saves).toEqual([{ args: ['zoe', '  Zozo  '], busy: true }]);
    expect(card.state).toMatchObject({ remark: 'Zozo', name: 'Zozo', busy: false, error: undefined });

    alice.ports.device.contacts.setFriendRemark = () => Promise.reject(new RemoteError(10002, 'down'));
    card.setRemark('Rob');
    const failed = await card.saveRemark();
    expect(failed).toEqual({ ok: false, error: { kind: 'remote', code: 10002, message: 'down' } });
    expect(card.state).toMatchObject({
      remark: 'Rob',
      name: 'Zozo',
      busy: false,
      error: remote(10002, 'down'),
    });
  });

  it('Add friends: hidden and disabled refuse with their exact errors; the verification view starts blank', async () => {
    const { world, alice } = await world3();
    const friend = alice.viewModels.userCard({ userID: 'zoe', nickname: 'Zoe', faceURL: '' });
    expect(friend.startAddFriend()).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(friend.state.mode).toBe('card');
    const strict = alice.viewModels.userCard(
      { userID: 'dave', nickname: 'Dave', faceURL: '' },
      { group: { applyMemberFriend: GroupAllowType.NotAllowed } },
    );
    expect(strict.startAddFriend()).toEqual({
      ok: false,
      error: permissionError('applyMemberFriendForbidden'),
    });

    // dave refuses requests: the refusal shows in the verification view, which Back leaves.
    setInfo(world, 'dave', { allowAddFriend: 2 });
    const card = alice.viewModels.userCard({
      userID: 'dave',
      nickname: 'Dave',
      faceURL: '',
      allowAddFriend: 2,
    });
    expect(card.startAddFriend()).toEqual({ ok: true, value: undefined });
    expect(card.state).toMatchObject({ mode: 'verify', request: friendDraft, error: undefined });
    card.setRequestMessage('hi');
    const refused = await card.sendRequest();
    expect(!refused.ok && refused.error.kind).toBe('permission');
    expect(card.state.mode).toBe('verify');
    expect(card.state.error).toMatchObject({ kind: 'i18n' });
    card.back();
    expect(card.state).toMatchObject({ mode: 'card', error: undefined, busy: false });
    expect(card.startAddFriend().ok).toBe(true);
    expect(card.state).toMatchObject({ mode: 'verify', request: friendDraft, error: undefined });
  });

  it("a request to someone who became a friend meanwhile says so in our words, not the server's (1304)", async () => {
    const { world, alice } = await world3();
    const card = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: '' });
    expect(card.startAddFriend().ok).toBe(true);
    // Accepted elsewhere after the card opened: a real OpenIM answers "1304 RelationshipAlreadyError …".
    world.backend.makeFriends('alice', 'dave');
    const refused = await card.sendRequest();
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'remote', code: 1304 });
    expect(card.state).toMatchObject({
      mode: 'card',
      error: { kind: 'i18n', i18nKey: 'error.alreadyFriends' },
      busy: false,
    });
  });

  it("a friend request passes the target's add-friend setting only when known, is busy once at a time", async () => {
    const { world, alice } = await world3();
    let current: UserCardViewModel | undefined;
    const sends = spy(alice.contactActions, 'sendFriendRequest', () => current);
    const plain = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: '' });
    current = plain;
    plain.startAddFriend();
    plain.setRequestMessage('hello');
    const first = plain.sendRequest();
    expect(await plain.sendRequest()).toEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(await first).toEqual({ ok: true, value: undefined });
    expect(plain.state).toMatchObject({ mode: 'verify', busy: false, error: undefined });

    const known = alice.viewModels.userCard({
      userID: 'dave',
      nickname: 'Dave',
      faceURL: '',
      allowAddFriend: 1,
    });
    current = known;
    known.startAddFriend();
    await known.sendRequest();
    await world.settle();
    expect(sends).toStrictEqual([
      { args: [{ userID: 'dave' }, 'hello'], busy: true },
      { args: [{ userID: 'dave', allowAddFriend: 1 }, ''], busy: true },
    ]);
  });

  it('a server refusal of a friend request returns to the card with the server text', async () => {
    const { alice } = await world3();
    alice.ports.device.contacts.addFriend = () => Promise.reject(new RemoteError(10002, 'no way'));
    const card = alice.viewModels.userCard({ userID: 'dave', nickname: 'Dave', faceURL: '' });
    card.startAddFriend();
    const sent = await card.sendRequest();
    expect(sent).toEqual({ ok: false, error: { kind: 'remote', code: 10002, message: 'no way' } });
    expect(card.state).toMatchObject({ mode: 'card', busy: false, error: remote(10002, 'no way') });
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.sendApplicationFailed' }]);
  });

  it('Send message: refused on the own card, busy while opening, and a failure shows the server text', async () => {
    const { world, alice } = await world3();
    const own = alice.viewModels.userCard({ userID: 'alice', nickname: 'me', faceURL: '' });
    const card = alice.viewModels.userCard({ userID: 'zoe', nickname: 'Zoe', faceURL: '' });
    const opens = spy(alice.conversations, 'open', () => card);
    expect(await own.sendMessage()).toEqual({ ok: false, error: permissionError('noPermission') });
    expect(opens).toEqual([]);

    await world.settle();
    expect(await card.sendMessage()).toEqual({ ok: true, value: 'si_alice_zoe' });
    expect(card.state).toMatchObject({ busy: false, error: undefined });

    alice.ports.device.conversations.getOneConversation = () =>
      Promise.reject(new RemoteError(10005, 'gone'));
    const failed = await card.sendMessage();
    expect(failed).toEqual({ ok: false, error: { kind: 'remote', code: 10005, message: 'gone' } });
    expect(card.state).toMatchObject({ busy: false, error: remote(10005, 'gone') });
    expect(opens.map((c) => c.busy)).toEqual([true, true]);
    expect(opens[0]?.args).toEqual(['zoe', SessionType.Single]);
  });
});
