import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { RecvMsgOpt, SessionType, type Conversation, type Group, type GroupMember } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { TestWorld } from '../testing';

// Mutation testing (docs/test-quality.md) found these behaviours of the conversation store untested:
// what `clear()` resets, a patch of a conversation outside the list, answers that arrive after the user
// switched conversations, equal activity times, and which failures are logged with what.

type Client = Awaited<ReturnType<TestWorld['signIn']>>;

function entry(
  conversationID: string,
  latestMsgSendTime: number,
  change: Partial<Conversation> = {},
): Conversation {
  return {
    conversationID,
    conversationType: SessionType.Single,
    userID: conversationID,
    groupID: '',
    showName: conversationID,
    faceURL: '',
    unreadCount: 0,
    latestMsg: '',
    latestMsgSendTime,
    draftTextTime: 0,
    isPinned: false,
    recvMsgOpt: RecvMsgOpt.Normal,
    ...change,
  };
}

/** The failure the store returns for a gateway that rejected with `new RemoteError(code, 'failed')`. */
function remote(code: number): { kind: 'remote'; code: number; message: string } {
  return { kind: 'remote', code, message: 'failed' };
}

/** A promise the test resolves by hand, to hold a gateway's answer until the test has moved on. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Every conversation the client's SDK is asked to mark read, in order. */
function recordReadMarks(client: Client): string[] {
  const marked: string[] = [];
  client.ports.device.conversations.markAsRead = (id) => {
    marked.push(id);
    return Promise.resolve();
  };
  return marked;
}

async function aliceAndBob(): Promise<{ world: TestWorld; alice: Client; bob: Client }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

/** Alice with the group "Team" (alice, bob) open, and a second group "Other". */
async function aliceInGroup(): Promise<{
  world: TestWorld;
  alice: Client;
  bob: Client;
  groupID: string;
  otherID: string;
}> {
  const { world, alice, bob } = await aliceAndBob();
  const group = await alice.ports.groups.createGroup({
    groupName: 'Team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  const other = await alice.ports.groups.createGroup({
    groupName: 'Other',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await world.settle();
  return { world, alice, bob, groupID: group.groupID, otherID: other.groupID };
}

describe('ConversationStore: the next session starts from nothing', () => {
  it('empties the group info, the own membership and the unread total of the last session', async () => {
    const { world, alice, bob, groupID } = await aliceInGroup();
    await bob.conversations.open(groupID, SessionType.Group);
    await bob.chat.sendText('one');
    await world.settle();
    await alice.conversations.open('bob', SessionType.Single);
    await alice.conversations.open(groupID, SessionType.Group);
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('unread');
    await world.settle();
    expect(alice.conversations.currentGroupInfo?.groupID).toBe(groupID);
    expect(alice.conversations.currentMemberInfo?.userID).toBe('alice');
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(1);

    alice.reopen();

    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
    expect(await firstValueFrom(alice.conversations.currentGroup$)).toBeUndefined();
    expect(await firstValueFrom(alice.conversations.currentMember$)).toBeUndefined();
    expect(await firstValueFrom(alice.conversations.current$)).toBeUndefined();
    expect(await firstValueFrom(alice.conversations.conversations$)).toEqual([]);
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(0);
  });

  it('forgets a selection that waited for the SDK: the next session does not open it', async () => {
    const { world, alice, bob } = await aliceAndBob();
    // A deployment without the server's message path: the fallback, waiting for the SDK.
    alice.ports.device.messages.serverNewestMissing = true;
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    await alice.conversations.loadServerFirstPage('alice');
    await alice.conversations.select(alice.conversations.snapshot[0]);
    expect(alice.conversations.currentConversation).toBeUndefined();

    alice.reopen();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('the SDK has it now');
    await world.settle();

    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['bob']);
    expect(alice.conversations.currentConversation).toBeUndefined();
  });

  it('forgets which entries came from the server page: such an entry opens at once afterwards', async () => {
    const { world, alice } = await aliceAndBob();
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    await alice.conversations.loadServerFirstPage('alice');
    const shown = alice.conversations.snapshot[0];

    alice.reopen();
    await alice.conversations.select(shown);

    expect(alice.conversations.currentConversation).toEqual(shown);
  });

  it('the answer to a refresh of the session before does not reach the next session', async () => {
    const { alice } = await aliceAndBob();
    const page = deferred<readonly Conversation[]>();
    alice.ports.device.conversations.getConversationsPage = () => page.promise;

    const refreshing = alice.conversations.refreshConversations();
    alice.reopen();
    page.resolve([entry('si_old', 1000)]);
    await refreshing;

    expect(alice.conversations.snapshot).toEqual([]);
  });

  it('a refresh in the next session shows its answer', async () => {
    const { alice } = await aliceAndBob();
    alice.reopen();
    alice.ports.device.conversations.getConversationsPage = (offset) =>
      Promise.resolve(offset === 0 ? [entry('si_new', 1000)] : []);

    await alice.conversations.refreshConversations();

    expect(alice.conversations.snapshot).toEqual([entry('si_new', 1000)]);
  });
});

describe('ConversationStore: changes to a conversation outside the list', () => {
  it('a pin of the open conversation that the list does not hold changes the open one only', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const opened = alice.conversations.currentConversation;
    if (opened === undefined) throw new Error('bob is not open');
    alice.reopen();
    await alice.conversations.select(opened);
    // Without the SDK's change event, which would add it to the list: the store's own patch is under test.
    alice.ports.device.conversations.setPinned = () => Promise.resolve();
    alice.ports.device.conversations.setRecvMsgOpt = () => Promise.resolve();

    await alice.conversations.setPinned(opened.conversationID, true);
    await alice.conversations.setRecvMsgOpt(opened.conversationID, RecvMsgOpt.NotNotify);

    expect(alice.conversations.currentConversation).toEqual({
      ...opened,
      isPinned: true,
      recvMsgOpt: RecvMsgOpt.NotNotify,
    });
    expect(alice.conversations.snapshot).toEqual([]);
  });

  it('a pin of a conversation neither listed nor open changes neither', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    const bobID = alice.conversations.snapshot.find((c) => c.userID === 'bob')?.conversationID ?? '';
    const listed = alice.conversations.snapshot.filter((c) => c.userID !== 'bob');
    const carol = alice.conversations.currentConversation;
    // The list loses bob (as after a full load without him) while the SDK still knows him.
    alice.ports.device.conversations.getConversationsPage = (offset) =>
      Promise.resolve(offset === 0 ? listed : []);
    await alice.conversations.loadConversations();
    alice.ports.device.conversations.setPinned = () => Promise.resolve();

    expect((await alice.conversations.setPinned(bobID, true)).ok).toBe(true);

    expect(alice.conversations.snapshot).toEqual(listed);
    expect(alice.conversations.currentConversation).toEqual(carol);
  });
});

describe('ConversationStore: answers that arrive after the user moved on', () => {
  it('group info and own membership of a group the user left for another chat are not shown', async () => {
    const { world, alice, groupID } = await aliceInGroup();
    await alice.conversations.open('bob', SessionType.Single);
    const groups = deferred<readonly Group[]>();
    const members = deferred<readonly GroupMember[]>();
    const realGroups = await alice.ports.groups.getGroups([groupID]);
    const realMembers = await alice.ports.groups.getMembers(groupID, ['alice']);
    alice.ports.groups.getGroups = () => groups.promise;
    alice.ports.groups.getMembers = () => members.promise;
    const group = alice.conversations.snapshot.find((c) => c.groupID === groupID);

    const selecting = alice.conversations.select(group);
    await world.settle();
    const bob = alice.conversations.snapshot.find((c) => c.userID === 'bob');
    await alice.conversations.select(bob);
    groups.resolve(realGroups);
    members.resolve(realMembers);
    await selecting;
    await world.settle();

    expect(alice.conversations.currentConversation?.userID).toBe('bob');
    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
  });

  it('selecting nothing empties the group info and the own membership', async () => {
    const { alice } = await aliceInGroup();
    expect(alice.conversations.currentGroupInfo).toBeDefined();

    await alice.conversations.select(undefined);

    expect(alice.conversations.currentConversation).toBeUndefined();
    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
  });

  it('a group event while a one-to-one chat is open changes nothing', async () => {
    const { world, alice, groupID } = await aliceInGroup();
    await alice.conversations.open('bob', SessionType.Single);
    let memberReads = 0;
    const getMembers = alice.ports.groups.getMembers.bind(alice.ports.groups);
    alice.ports.groups.getMembers = (id, userIDs) => {
      memberReads += 1;
      return getMembers(id, userIDs);
    };

    await alice.ports.groups.setGroupInfo(groupID, { groupName: 'Renamed' });
    await alice.ports.groups.invite(groupID, ['carol']);
    await world.settle();

    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
    expect(memberReads).toBe(0);
  });
});

describe('ConversationStore: equal activity times', () => {
  it('a refresh takes the SDK copy when its activity time equals the list copy', async () => {
    const { alice } = await aliceAndBob();
    let stored = [entry('a', 5000, { showName: 'list' })];
    alice.ports.device.conversations.getConversationsPage = (offset) =>
      Promise.resolve(offset === 0 ? stored : []);
    await alice.conversations.refreshConversations();
    stored = [entry('a', 5000, { showName: 'sdk' })];

    await alice.conversations.refreshConversations();

    expect(alice.conversations.snapshot).toEqual([entry('a', 5000, { showName: 'sdk' })]);
  });

  it('the server page keeps the list copy when its activity time equals the server copy', async () => {
    const { alice } = await aliceAndBob();
    // A deployment without the server's message path: the fallback, waiting for the SDK.
    alice.ports.device.messages.serverNewestMissing = true;
    alice.ports.device.conversations.getConversationsPage = (offset) =>
      Promise.resolve(offset === 0 ? [entry('a', 5000, { showName: 'list' })] : []);
    await alice.conversations.refreshConversations();
    alice.ports.device.conversations.getServerFirstPage = () =>
      Promise.resolve([entry('a', 5000, { showName: 'server' }), entry('b', 4000)]);

    await alice.conversations.loadServerFirstPage('alice');

    expect(alice.conversations.snapshot).toEqual([entry('a', 5000, { showName: 'list' }), entry('b', 4000)]);
    // Only b waits for the SDK; a, which the SDK already had, opens at once.
    await alice.conversations.select(alice.conversations.snapshot[0]);
    expect(alice.conversations.currentConversation?.conversationID).toBe('a');
    await alice.conversations.select(alice.conversations.snapshot[1]);
    expect(alice.conversations.currentConversation).toBeUndefined();
  });

  it('asks the server for its first 100 conversations of the signed-in user', async () => {
    const { alice } = await aliceAndBob();
    const asked: [string, number][] = [];
    alice.ports.device.conversations.getServerFirstPage = (userID, count) => {
      asked.push([userID, count]);
      return Promise.resolve([]);
    };

    await alice.conversations.loadServerFirstPage('alice');

    expect(asked).toEqual([['alice', 100]]);
  });
});

describe('ConversationStore: reads, marks and logged failures', () => {
  it('reads pages of 500 from offsets 0, 500, 1000 and stops at the first short page', async () => {
    const { alice } = await aliceAndBob();
    const asked: [number, number][] = [];
    const all = Array.from({ length: 1000 }, (_, i) => entry(`c${i}`, i + 1));
    alice.ports.device.conversations.getConversationsPage = (offset, count) => {
      asked.push([offset, count]);
      return Promise.resolve(all.slice(offset, offset + count));
    };

    const result = await alice.conversations.loadConversations();

    expect(asked).toEqual([
      [0, 500],
      [500, 500],
      [1000, 500],
    ]);
    expect(result.ok && result.value.length).toBe(1000);
    expect(alice.conversations.snapshot[0]?.conversationID).toBe('c999');
  });

  it('an SDK change of the open conversation replaces it and marks it read 2 s later only if unread', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const open = alice.conversations.currentConversation;
    if (open === undefined) throw new Error('bob is not open');
    const marked = recordReadMarks(alice);
    const device = alice.ports.device.sink.conversations;

    device.next({ type: 'conversationChanged', conversations: [{ ...open, showName: 'Bobby' }] });
    await world.advance(3000);
    expect(alice.conversations.currentConversation).toEqual({ ...open, showName: 'Bobby' });
    expect(marked).toEqual([]);

    device.next({ type: 'newConversation', conversations: [{ ...open, unreadCount: 2 }, entry('x', 1)] });
    await world.advance(1999);
    expect(marked).toEqual([]);
    await world.advance(1);
    expect(marked).toEqual([open.conversationID]);
    expect(alice.conversations.currentConversation).toEqual({ ...open, unreadCount: 2 });
    expect(alice.conversations.snapshot.map((c) => c.conversationID)).toContain('x');
  });

  it('a debounced read mark is dropped once the user has left the conversation', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const open = alice.conversations.currentConversation;
    if (open === undefined) throw new Error('bob is not open');
    const marked = recordReadMarks(alice);

    alice.ports.device.sink.conversations.next({
      type: 'conversationChanged',
      conversations: [{ ...open, unreadCount: 1 }],
    });
    await world.advance(1000);
    await alice.conversations.select(undefined);
    await world.advance(5000);

    // A mark now would take the messages that arrive after the user left with it.
    expect(marked).toEqual([]);
  });

  it('an SDK change of another conversation leaves the open one and marks nothing', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const open = alice.conversations.currentConversation;
    const marked = recordReadMarks(alice);

    alice.ports.device.sink.conversations.next({
      type: 'conversationChanged',
      conversations: [entry('other', 9000, { unreadCount: 4 })],
    });
    await world.advance(5000);

    expect(alice.conversations.currentConversation).toBe(open);
    expect(marked).toEqual([]);
  });

  it('markCurrentAsRead marks the open conversation, and nothing when none is open', async () => {
    const { alice } = await aliceAndBob();
    const marked = recordReadMarks(alice);
    await alice.conversations.markCurrentAsRead();
    expect(marked).toEqual([]);

    await alice.conversations.open('bob', SessionType.Single);
    marked.length = 0;
    await alice.conversations.markCurrentAsRead();

    expect(marked).toEqual([alice.conversations.currentConversation?.conversationID]);
  });

  it('a failed unread total keeps the badge and returns the error', async () => {
    const { world, alice, bob } = await aliceAndBob();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await world.settle();
    alice.ports.device.conversations.getTotalUnread = () => Promise.reject(new RemoteError(500, 'failed'));

    const result = await alice.conversations.loadUnreadCount();

    expect(result).toEqual({ ok: false, error: remote(500) });
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(1);
  });

  it('a receive option saved while the total cannot be read is kept, and the failure logged', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const id = alice.conversations.currentConversation?.conversationID ?? '';
    alice.ports.device.conversations.getTotalUnread = () => Promise.reject(new RemoteError(500, 'failed'));

    const result = await alice.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotNotify);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(alice.conversations.currentConversation?.recvMsgOpt).toBe(RecvMsgOpt.NotNotify);
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'reading the total unread failed',
      context: { code: 500 },
    });
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('a draft that cannot be saved is logged with its conversation, without a toast', async () => {
    const { alice } = await aliceAndBob();
    alice.ports.device.conversations.setDraft = () => Promise.reject(new RemoteError(1004, 'failed'));

    const result = await alice.conversations.setDraft('si_alice_bob', 'text');

    expect(result).toEqual({ ok: false, error: remote(1004) });
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'saving a draft failed',
      context: { conversationID: 'si_alice_bob', code: 1004 },
    });
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('a saved draft is not logged', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const before = alice.ports.logger.entries.length;

    const result = await alice.conversations.setDraft('si_alice_bob', 'text');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(alice.ports.logger.entries.slice(before)).toEqual([]);
  });

  it('opening a conversation the SDK cannot find leaves the current one and the list', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const before = alice.conversations.snapshot;
    const open = alice.conversations.currentConversation;
    alice.ports.device.conversations.getOneConversation = () =>
      Promise.reject(new RemoteError(1004, 'failed'));

    const result = await alice.conversations.open('nobody', SessionType.Single);

    expect(result).toEqual({ ok: false, error: remote(1004) });
    expect(alice.conversations.currentConversation).toBe(open);
    expect(alice.conversations.snapshot).toBe(before);
  });

  it('a failed delete keeps the list, the open conversation, and emits no deletion', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const before = alice.conversations.snapshot;
    const open = alice.conversations.currentConversation;
    const deleted: string[] = [];
    alice.conversations.deleted$.subscribe((id) => deleted.push(id));
    alice.ports.device.conversations.deleteConversation = () =>
      Promise.reject(new RemoteError(500, 'failed'));

    const result = await alice.conversations.delete(open?.conversationID ?? '');

    expect(result).toEqual({ ok: false, error: remote(500) });
    expect(alice.conversations.snapshot).toBe(before);
    expect(alice.conversations.currentConversation).toBe(open);
    expect(deleted).toEqual([]);
    expect(alice.toasts.keys()).toEqual(['toast.deleteConversationFailed']);
  });

  it('a delete announces the deleted conversation once', async () => {
    const { alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    const id = alice.conversations.currentConversation?.conversationID ?? '';
    const deleted: string[] = [];
    alice.conversations.deleted$.subscribe((c) => deleted.push(c));

    await alice.conversations.delete(id);

    expect(deleted).toEqual([id]);
  });
});

describe('ConversationStore: more edges of the list and the selection', () => {
  it('a failed refresh keeps the list, shows its toast once and settles', async () => {
    const { alice } = await aliceAndBob();
    alice.ports.device.conversations.getConversationsPage = (offset) =>
      Promise.resolve(offset === 0 ? [entry('a', 1000)] : []);
    await alice.conversations.refreshConversations();
    alice.ports.device.conversations.getConversationsPage = () =>
      Promise.reject(new RemoteError(500, 'failed'));

    await expect(alice.conversations.refreshConversations()).resolves.toBeUndefined();

    expect(alice.conversations.snapshot).toEqual([entry('a', 1000)]);
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.getConversationsFailed' }]);
  });

  it('failures show error toasts with their keys', async () => {
    const { alice } = await aliceAndBob();
    const conversations = alice.ports.device.conversations;
    conversations.deleteConversation = () => Promise.reject(new RemoteError(500, 'failed'));
    conversations.setPinned = () => Promise.reject(new RemoteError(500, 'failed'));
    conversations.setRecvMsgOpt = () => Promise.reject(new RemoteError(500, 'failed'));

    expect(await alice.conversations.delete('si_alice_bob')).toEqual({ ok: false, error: remote(500) });
    expect(await alice.conversations.setPinned('si_alice_bob', true)).toEqual({
      ok: false,
      error: remote(500),
    });
    expect(await alice.conversations.setPinned('si_alice_bob', false)).toEqual({
      ok: false,
      error: remote(500),
    });
    expect(await alice.conversations.setRecvMsgOpt('si_alice_bob', RecvMsgOpt.NotNotify)).toEqual({
      ok: false,
      error: remote(500),
    });

    expect(alice.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.deleteConversationFailed' },
      { level: 'error', key: 'toast.pinConversationFailed' },
      { level: 'error', key: 'toast.unpinConversationFailed' },
      { level: 'error', key: 'toast.recvOptFailed' },
    ]);
  });

  it('group info and own member failures show error toasts', async () => {
    const { world, alice, groupID } = await aliceInGroup();
    await alice.conversations.select(undefined);
    alice.ports.groups.getGroups = () => Promise.reject(new RemoteError(500, 'failed'));
    alice.ports.groups.getMembers = () => Promise.reject(new RemoteError(500, 'failed'));

    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();

    expect(alice.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.getGroupInfoFailed' },
      { level: 'error', key: 'toast.getGroupMemberFailed' },
    ]);
  });

  it('pin, receive option and the unread total succeed without toasts, and a failed total keeps the badge', async () => {
    const { world, alice, bob } = await aliceAndBob();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await world.settle();
    const id = alice.conversations.snapshot[0]?.conversationID ?? '';

    expect(await alice.conversations.setPinned(id, true)).toEqual({ ok: true, value: undefined });
    expect(await alice.conversations.setPinned(id, false)).toEqual({ ok: true, value: undefined });
    alice.ports.device.conversations.getTotalUnread = () => Promise.reject(new RemoteError(500, 'failed'));
    expect(await alice.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotNotify)).toEqual({
      ok: true,
      value: undefined,
    });

    expect(alice.toasts.toasts).toEqual([]);
    expect(alice.conversations.snapshot[0]?.isPinned).toBe(false);
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(1);
  });

  it('opening a conversation adds it to the list even before the SDK reports it', async () => {
    const { alice } = await aliceAndBob();
    const found = entry('si_alice_bob', 0, { userID: 'bob', showName: 'bob' });
    alice.ports.device.conversations.getOneConversation = () => Promise.resolve(found);

    const result = await alice.conversations.open('bob', SessionType.Single);

    expect(result).toEqual({ ok: true, value: found });
    expect(alice.conversations.snapshot).toEqual([found]);
    expect(alice.conversations.currentConversation).toEqual(found);
  });

  it('group answers that arrive after the chat was closed are dropped', async () => {
    const { world, alice, groupID } = await aliceInGroup();
    const group = alice.conversations.currentConversation;
    await alice.conversations.select(undefined);
    const groups = deferred<readonly Group[]>();
    const members = deferred<readonly GroupMember[]>();
    const realGroups = await alice.ports.groups.getGroups([groupID]);
    const realMembers = await alice.ports.groups.getMembers(groupID, ['alice']);
    alice.ports.groups.getGroups = () => groups.promise;
    alice.ports.groups.getMembers = () => members.promise;

    const selecting = alice.conversations.select(group);
    await world.settle();
    await alice.conversations.select(undefined);
    groups.resolve(realGroups);
    members.resolve(realMembers);

    await expect(selecting).resolves.toBeUndefined();
    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
  });

  it('deleting while no conversation is open removes it and selects nothing', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    await alice.conversations.select(undefined);
    const bob = alice.conversations.snapshot.find((c) => c.userID === 'bob');

    expect(await alice.conversations.delete(bob?.conversationID ?? '')).toEqual({
      ok: true,
      value: undefined,
    });

    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['carol']);
    expect(alice.conversations.currentConversation).toBeUndefined();
  });

  it('a waiting selection opens the conversation chosen, not the first of the list', async () => {
    const { world, alice } = await aliceAndBob();
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    world.backend.conversationRecord('alice', 'carol', SessionType.Single).latestMsgSendTime = 2000;
    await alice.conversations.loadServerFirstPage('alice');
    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['carol', 'bob']);

    await alice.conversations.select(alice.conversations.snapshot[1]);
    await alice.conversations.loadConversations();
    await world.settle();

    expect(alice.conversations.currentConversation?.userID).toBe('bob');
  });

  it('a waiting selection the full load lacks keeps waiting, and opens when the SDK reports it', async () => {
    const { world, alice, bob } = await aliceAndBob();
    // A deployment without the server's message path: the fallback, waiting for the SDK.
    alice.ports.device.messages.serverNewestMissing = true;
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    await alice.conversations.loadServerFirstPage('alice');
    await alice.conversations.select(alice.conversations.snapshot[0]);
    alice.ports.device.conversations.getConversationsPage = () => Promise.resolve([]);

    await alice.conversations.loadConversations();
    await world.settle();
    expect(alice.conversations.currentConversation).toBeUndefined();

    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('here it is');
    await world.settle();

    expect(alice.conversations.currentConversation?.userID).toBe('bob');
  });
});

describe('ConversationStore: the store patches its own list after a pin or receive-option change', () => {
  it('a listed conversation changes at once, before any SDK event', async () => {
    const { world, alice } = await aliceAndBob();
    await alice.conversations.open('bob', SessionType.Single);
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    const bob = alice.conversations.snapshot.find((c) => c.userID === 'bob');
    const carol = alice.conversations.snapshot.find((c) => c.userID === 'carol');
    if (bob === undefined || carol === undefined) throw new Error('not listed');
    alice.ports.device.conversations.setPinned = () => Promise.resolve();
    alice.ports.device.conversations.setRecvMsgOpt = () => Promise.resolve();

    await alice.conversations.setPinned(bob.conversationID, true);
    await alice.conversations.setRecvMsgOpt(bob.conversationID, RecvMsgOpt.NotNotify);

    expect(alice.conversations.snapshot).toEqual([
      { ...bob, isPinned: true, recvMsgOpt: RecvMsgOpt.NotNotify },
      carol,
    ]);
    expect(alice.conversations.currentConversation).toEqual(carol);
  });

  it('with nothing open and the conversation not listed, a change succeeds and changes nothing', async () => {
    const { alice } = await aliceAndBob();
    alice.ports.device.conversations.setPinned = () => Promise.resolve();

    expect(await alice.conversations.setPinned('si_alice_bob', true)).toEqual({ ok: true, value: undefined });

    expect(alice.conversations.snapshot).toEqual([]);
    expect(alice.conversations.currentConversation).toBeUndefined();
  });
});
