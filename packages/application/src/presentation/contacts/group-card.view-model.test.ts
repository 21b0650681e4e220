import { describe, expect, it } from 'vitest';
import { classifyServerError, SessionType, type Group } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RemoteError } from '../../shared/remote-error';
import type { GroupCardState, GroupCardViewModel } from './group-card.view-model';

type Call = { args: unknown[]; busy: boolean };

function spy(target: object, method: string, card: () => GroupCardViewModel | undefined): Call[] {
  const calls: Call[] = [];
  const host = target as Record<string, unknown>;
  const original = host[method] as (...args: unknown[]) => Promise<unknown>;
  host[method] = (...args: unknown[]) => {
    calls.push({ args, busy: card()?.state.busy ?? false });
    return original.apply(target, args);
  };
  return calls;
}

const groupDraft = { message: '', length: 0, max: 50, rows: 4 };
const CREATED = Date.UTC(2025, 4, 6, 20); // 2025/5/7 at UTC+8, the fake clock's zone

interface Crew {
  world: TestWorld;
  alice: TestClient;
  zed: TestClient;
  crew: string;
  alpha: string;
}

async function crewWorld(): Promise<Crew> {
  const world = new TestWorld().users('alice', 'zed', 'm1', 'm2', 'm3');
  const m1 = world.backend.user('m1');
  m1.info = { ...m1.info, nickname: '' };
  const m2 = world.backend.user('m2');
  m2.info = { ...m2.info, nickname: 'Emm Two', faceURL: 'https://u/m2.png' };
  for (const id of ['m1', 'm2', 'm3']) world.backend.makeFriends('alice', id);
  const alice = await world.signIn('alice');
  const zed = await world.signIn('zed');
  await alice.contacts.loadFriends();
  const make = async (groupName: string, members: string[]): Promise<string> => {
    const created = await alice.groupActions.createGroup({ groupName, selectedUserIDs: members });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    return created.value.conversation.groupID;
  };
  const alpha = await make('Alpha', ['m3', 'm1']);
  const crew = await make('Crew', ['m1', 'm2']);
  for (const id of [alpha, crew]) {
    const record = world.backend.groupRecord(id);
    record.group = {
      ...record.group,
      introduction: `About ${record.group.groupName}`,
      faceURL: `https://g/${record.group.groupName}.png`,
      createTime: CREATED,
    };
    world.backend.touchGroup(id);
  }
  await world.settle();
  return { world, alice, zed, crew, alpha };
}

describe('GroupCardViewModel: joined and unknown groups, join requests and Send message', () => {
  it('each joined group shows its own info and members, asks no lookup, and follows a rename', async () => {
    const { world, alice, crew, alpha } = await crewWorld();
    const lookups = spy(alice.contactActions, 'findGroup', () => undefined);
    const previews = spy(alice.groupActions, 'previewMembers', () => undefined);
    const crewCard = alice.viewModels.groupCard({ groupID: crew });
    const alphaCard = alice.viewModels.groupCard({ groupID: alpha });
    expect(crewCard.state.members).toEqual([]);
    await world.settle();
    expect(crewCard.state).toEqual<GroupCardState>({
      mode: 'card',
      groupID: crew,
      name: 'Crew',
      faceURL: 'https://g/Crew.png',
      introduction: 'About Crew',
      memberCount: 3,
      created: '2025/5/7',
      members: [
        { userID: 'alice', name: 'alice', faceURL: '' },
        { userID: 'm1', name: 'm1', faceURL: '' },
        { userID: 'm2', name: 'Emm Two', faceURL: 'https://u/m2.png' },
      ],
      membersHidden: false,
      inGroup: true,
      request: groupDraft,
      busy: false,
      error: undefined,
    });
    expect(alphaCard.state).toMatchObject({ name: 'Alpha', introduction: 'About Alpha', inGroup: true });
    expect(alphaCard.state.members.map((m) => m.userID)).toEqual(['alice', 'm3', 'm1']);
    expect(lookups).toEqual([]);
    expect(previews.map((c) => c.args)).toEqual([
      [crew, 3],
      [alpha, 3],
    ]);

    for (const [id, name] of [
      [crew, 'Crew 2'],
      [alpha, 'Alpha 2'],
    ] as const) {
      const record = world.backend.groupRecord(id);
      record.group = { ...record.group, groupName: name };
      world.backend.touchGroup(id);
    }
    await world.settle();
    expect(crewCard.state.name).toBe('Crew 2');
    expect(alphaCard.state.name).toBe('Alpha 2');
    expect(previews).toHaveLength(2);
  });

  it('a group known only by id shows the id and blanks until found, then its info; its members stay hidden', async () => {
    const { world, zed, crew } = await crewWorld();
    const lookups = spy(zed.contactActions, 'findGroup', () => undefined);
    const card = zed.viewModels.groupCard({ groupID: crew });
    expect(card.state).toEqual<GroupCardState>({
      mode: 'card',
      groupID: crew,
      name: crew,
      faceURL: '',
      introduction: '',
      memberCount: undefined,
      created: '',
      members: [],
      membersHidden: false,
      inGroup: false,
      request: groupDraft,
      busy: false,
      error: undefined,
    });
    await world.settle();
    expect(lookups.map((c) => c.args)).toEqual([[crew]]);
    expect(card.state).toMatchObject({ name: 'Crew', memberCount: 3, inGroup: false, created: '2025/5/7' });
    // OpenIM shows members to members only: the card says so, and asks for none.
    expect(card.state).toMatchObject({ members: [], membersHidden: true });
  });

  it("a group the user has not joined is looked up by its id, never shown as one of the user's groups", async () => {
    const { world, alice, zed } = await crewWorld();
    world.users('y1', 'y2');
    world.backend.makeFriends('zed', 'y1');
    world.backend.makeFriends('zed', 'y2');
    await zed.contacts.loadFriends();
    const created = await zed.groupActions.createGroup({ groupName: 'Other', selectedUserIDs: ['y1', 'y2'] });
    if (!created.ok) throw new Error('group');
    const other = created.value.conversation.groupID;
    await world.settle();
    const lookups = spy(alice.contactActions, 'findGroup', () => undefined);
    const card = alice.viewModels.groupCard({ groupID: other });
    expect(card.state).toMatchObject({ name: other, inGroup: false, memberCount: undefined });
    await world.settle();
    expect(lookups.map((c) => c.args)).toEqual([[other]]);
    expect(card.state).toMatchObject({ name: 'Other', inGroup: false, memberCount: 3 });
  });

  it('a group handed over whole is not looked up; one the user is known to be in offers Send message', async () => {
    const { world, zed, crew } = await crewWorld();
    const lookups = spy(zed.contactActions, 'findGroup', () => undefined);
    const previews = spy(zed.groupActions, 'previewMembers', () => undefined);
    const group: Group = world.backend.groupRecord(crew).group;
    const card = zed.viewModels.groupCard({ ...group, groupName: 'Handed' });
    expect(card.state).toMatchObject({ name: 'Handed', inGroup: false, memberCount: 3 });
    await world.settle();
    expect(lookups).toEqual([]);
    expect(card.state).toMatchObject({ members: [], membersHidden: true });
    expect(previews).toEqual([]);
    const member = zed.viewModels.groupCard({ ...group, inGroup: true });
    expect(member.state.inGroup).toBe(true);
    await world.settle();
    expect(member.state).toMatchObject({ membersHidden: false });
    expect(member.state.members).toHaveLength(3);
  });

  it('the members a card hid appear once the user joins while it is open', async () => {
    const { world, alice, zed, crew } = await crewWorld();
    const card = zed.viewModels.groupCard({ groupID: crew });
    await world.settle();
    expect(card.state).toMatchObject({ inGroup: false, membersHidden: true, members: [] });
    await alice.groupActions.invite(crew, ['zed']);
    await world.settle();
    expect(card.state).toMatchObject({ inGroup: true, membersHidden: false });
    expect(card.state.members.map((m) => m.userID)).toContain('zed');
  });

  it('a failed lookup or member read leaves the card as it was, with no error', async () => {
    const { world, zed, crew } = await crewWorld();
    zed.ports.device.groups.getGroups = () => Promise.reject(new RemoteError(10004, 'starting'));
    const byID = zed.viewModels.groupCard({ groupID: crew });
    await world.settle();
    expect(byID.state).toMatchObject({ name: crew, members: [], error: undefined, inGroup: false });
    zed.ports.device.groups.getMembersPage = () => Promise.reject(new RemoteError(10002, 'down'));
    const whole = zed.viewModels.groupCard(world.backend.groupRecord(crew).group);
    await world.settle();
    expect(whole.state).toMatchObject({ name: 'Crew', members: [], error: undefined });
  });

  it('Add group: refused in a joined group; the request is typed, sent busy, and kept on a non-server error', async () => {
    const { world, alice, zed, crew } = await crewWorld();
    const joined = alice.viewModels.groupCard({ groupID: crew });
    expect(joined.startApply()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'already in the group' },
    });
    expect(joined.state.mode).toBe('card');

    const card = zed.viewModels.groupCard({ groupID: crew });
    const joins = spy(zed.contactActions, 'sendJoinRequest', () => card);
    await world.settle();
    expect(card.startApply()).toEqual({ ok: true, value: undefined });
    expect(card.state).toMatchObject({ mode: 'verify', request: groupDraft, error: undefined });
    card.setRequestMessage('let me in');
    expect(card.state.request).toEqual({ message: 'let me in', length: 9, max: 50, rows: 4 });
    const first = card.apply();
    expect(await card.apply()).toEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(await first).toEqual({ ok: true, value: undefined });
    expect(joins).toEqual([{ args: [crew, 'let me in'], busy: true }]);
    expect(card.state).toMatchObject({ mode: 'verify', busy: false, error: undefined });

    const refusal = {
      kind: 'validation',
      field: 'joinRequestMessage',
      i18nKey: 'validation.joinRequest.tooLong',
    };
    zed.contactActions.sendJoinRequest = () => Promise.resolve({ ok: false, error: refusal } as never);
    await card.apply();
    expect(card.state).toMatchObject({
      mode: 'verify',
      busy: false,
      error: { kind: 'i18n', i18nKey: 'validation.joinRequest.tooLong' },
    });
    card.back();
    expect(card.state).toMatchObject({ mode: 'card', error: undefined });
    card.startApply();
    expect(card.state.request).toEqual(groupDraft);
  });

  it('a server refusal of a join request returns to the card with the server text', async () => {
    const { world, zed, crew } = await crewWorld();
    zed.ports.device.groups.joinGroup = () => Promise.reject(new RemoteError(1204, 'refused'));
    const card = zed.viewModels.groupCard({ groupID: crew });
    await world.settle();
    card.startApply();
    const sent = await card.apply();
    expect(sent).toEqual({ ok: false, error: { kind: 'remote', code: 1204, message: 'refused' } });
    expect(card.state).toMatchObject({
      mode: 'card',
      busy: false,
      error: classifyServerError(1204, 'refused').display,
    });
  });

  it('Send message: refused outside the group, busy while opening, a failure shows the server text', async () => {
    const { world, alice, zed, crew } = await crewWorld();
    const outside = zed.viewModels.groupCard({ groupID: crew });
    await world.settle();
    expect(await outside.sendMessage()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'not in the group' },
    });

    const card = alice.viewModels.groupCard({ groupID: crew });
    const opens = spy(alice.conversations, 'open', () => card);
    await world.settle();
    expect(await card.sendMessage()).toEqual({ ok: true, value: `sg_${crew}` });
    expect(card.state).toMatchObject({ busy: false, error: undefined });
    alice.ports.device.conversations.getOneConversation = () =>
      Promise.reject(new RemoteError(10005, 'gone'));
    expect(await card.sendMessage()).toEqual({
      ok: false,
      error: { kind: 'remote', code: 10005, message: 'gone' },
    });
    expect(card.state).toMatchObject({ busy: false, error: classifyServerError(10005, 'gone').display });
    expect(opens).toEqual([
      { args: [crew, SessionType.Group], busy: true },
      { args: [crew, SessionType.Group], busy: true },
    ]);
  });
});
