import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { RecvMsgOpt, SessionType, type Conversation } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { TestWorld } from '../testing';

function entry(conversationID: string, latestMsgSendTime: number, showName = conversationID): Conversation {
  return {
    conversationID,
    conversationType: SessionType.Single,
    userID: conversationID,
    groupID: '',
    showName,
    faceURL: '',
    unreadCount: 0,
    latestMsg: '',
    latestMsgSendTime,
    draftTextTime: 0,
    isPinned: false,
    recvMsgOpt: RecvMsgOpt.Normal,
  };
}

/** A signed-in alice whose SDK database answers `pages` (what the SDK has stored so far). */
async function aliceWithLocalDatabase(): Promise<{
  alice: Awaited<ReturnType<TestWorld['signIn']>>;
  stored: Conversation[];
  reads: { count: number };
}> {
  const world = new TestWorld().users('alice');
  const alice = await world.signIn('alice');
  const stored: Conversation[] = [];
  const reads = { count: 0 };
  alice.ports.device.conversations.getConversationsPage = (offset, count) => {
    reads.count += 1;
    return Promise.resolve(stored.slice(offset, offset + count));
  };
  return { alice, stored, reads };
}

async function twoFriends(): Promise<{
  world: TestWorld;
  alice: Awaited<ReturnType<TestWorld['signIn']>>;
  bob: Awaited<ReturnType<TestWorld['signIn']>>;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

describe('ConversationStore', () => {
  it('§4 Conversations: list is de-duplicated and sorted pinned first, then by latest activity', async () => {
    const { world, alice, bob } = await twoFriends();
    const carol = await world.signIn('carol');
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('first');
    await world.advance(1000);
    await carol.conversations.open('alice', SessionType.Single);
    await carol.chat.sendText('second');
    await world.settle();
    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['carol', 'bob']);

    const bobConversation = alice.conversations.snapshot[1];
    await alice.conversations.setPinned(bobConversation?.conversationID ?? '', true);
    await world.settle();
    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['bob', 'carol']);
    expect(new Set(alice.conversations.snapshot.map((c) => c.conversationID)).size).toBe(2);
  });

  it('§9 Conversations load in pages of 500 while a full page returns', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    for (let i = 0; i < 501; i += 1) {
      world.backend.conversationRecord('alice', `u${i}`, SessionType.Single);
      world.backend.users.set(`u${i}`, {
        token: 't',
        info: { ...world.backend.user('alice').info, userID: `u${i}` },
      });
    }
    const pages: number[] = [];
    const original = alice.ports.conversations.getConversationsPage.bind(alice.ports.conversations);
    alice.ports.device.conversations.getConversationsPage = async (offset, count) => {
      const page = await original(offset, count);
      pages.push(page.length);
      return page;
    };

    const result = await alice.conversations.loadConversations();

    expect(result.ok && result.value.length).toBe(501);
    expect(pages).toEqual([500, 1]);
  });

  it('§4 Selecting a group conversation loads group info and own member info', async () => {
    const { world, alice } = await twoFriends();
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();

    const opened = await alice.conversations.open(group.groupID, SessionType.Group);

    expect(opened.ok).toBe(true);
    expect(alice.conversations.currentGroupInfo?.groupName).toBe('Team');
    expect(alice.conversations.currentMemberInfo?.userID).toBe('alice');
    expect(alice.conversations.currentMemberInfo?.roleLevel).toBe(100);
  });

  it('§4 The own membership is refreshed when a member event concerns the user', async () => {
    const { world, alice, bob } = await twoFriends();
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    expect(bob.conversations.currentMemberInfo?.muteEndTime).toBe(0);

    await alice.ports.groups.muteMember(group.groupID, 'bob', 600);
    await world.settle();

    expect(bob.conversations.currentMemberInfo?.muteEndTime).toBe(world.clock.now() + 600_000);
  });

  it('§4 Deleting a conversation removes its messages and clears the current one', async () => {
    const { world, alice, bob } = await twoFriends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('hello');
    await world.settle();
    const conversation = alice.conversations.snapshot[0];
    await alice.conversations.select(conversation);
    await world.settle();
    expect(alice.chat.snapshot.messages).toHaveLength(1);

    const deleted = await alice.conversations.delete(conversation?.conversationID ?? '');
    await world.settle();

    expect(deleted.ok).toBe(true);
    expect(alice.conversations.snapshot).toEqual([]);
    expect(alice.conversations.currentConversation).toBeUndefined();
    expect(alice.chat.snapshot.messages).toEqual([]);
    const history = await alice.ports.messages.getHistory(conversation?.conversationID ?? '', '', 20);
    expect(history.messages).toEqual([]);
  });

  it('§4 Deleting one conversation keeps the others, and the open one stays open', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol', 'dave');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    world.backend.makeFriends('alice', 'dave');
    const alice = await world.signIn('alice');
    for (const name of ['bob', 'carol', 'dave']) {
      const friend = await world.signIn(name);
      await friend.conversations.open('alice', SessionType.Single);
      await friend.chat.sendText(`hi from ${name}`);
      await world.advance(1_000);
    }
    const ids = (): string[] => alice.conversations.snapshot.map((c) => c.userID).sort();
    expect(ids()).toEqual(['bob', 'carol', 'dave']);
    await alice.conversations.open('dave', SessionType.Single);
    await world.settle();
    const carol = alice.conversations.snapshot.find((c) => c.userID === 'carol');

    const deleted = await alice.conversations.delete(carol?.conversationID ?? '');
    await world.settle();

    expect(deleted).toEqual({ ok: true, value: undefined });
    expect(ids()).toEqual(['bob', 'dave']);
    expect(alice.conversations.currentConversation?.userID).toBe('dave');
    expect(alice.chat.snapshot.messages.map((m) => m.textElem?.content)).toEqual(['hi from dave']);
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('§8 Deleting an unknown conversation fails with a toast', async () => {
    const { alice } = await twoFriends();
    const result = await alice.conversations.delete('si_nobody');
    expect(!result.ok && result.error.code).toBe(1004);
    expect(alice.toasts.keys()).toContain('toast.deleteConversationFailed');
  });

  it('§4 Pin and receive-option changes update the list and the current conversation', async () => {
    const { alice } = await twoFriends();
    await alice.conversations.open('bob', SessionType.Single);
    const id = alice.conversations.currentConversation?.conversationID ?? '';

    await alice.conversations.setPinned(id, true);
    await alice.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotNotify);

    expect(alice.conversations.currentConversation?.isPinned).toBe(true);
    expect(alice.conversations.currentConversation?.recvMsgOpt).toBe(RecvMsgOpt.NotNotify);
    expect(alice.conversations.snapshot.find((c) => c.conversationID === id)?.isPinned).toBe(true);
  });

  it('§4 Muting a conversation lowers the total unread at once; unmuting raises it again', async () => {
    const { world, alice, bob } = await twoFriends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(2);
    const id = alice.conversations.snapshot[0]?.conversationID ?? '';

    await alice.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotNotify);
    await world.settle();
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(0);

    await alice.conversations.setRecvMsgOpt(id, RecvMsgOpt.Normal);
    await world.settle();
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(2);
  });

  it('§8 Pin, unpin and receive-option failures show their toasts', async () => {
    const { alice } = await twoFriends();
    expect((await alice.conversations.setPinned('x', true)).ok).toBe(false);
    expect((await alice.conversations.setPinned('x', false)).ok).toBe(false);
    expect((await alice.conversations.setRecvMsgOpt('x', RecvMsgOpt.NotReceive)).ok).toBe(false);
    expect(alice.toasts.keys()).toEqual([
      'toast.pinConversationFailed',
      'toast.unpinConversationFailed',
      'toast.recvOptFailed',
    ]);
  });

  it('§4 A conversation is marked read on open', async () => {
    const { world, alice, bob } = await twoFriends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(2);

    await alice.conversations.select(alice.conversations.snapshot[0]);
    await world.settle();

    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(0);
  });

  it('§4 The open conversation is marked read 2 s after its unread count changes (debounced)', async () => {
    const { world, alice, bob } = await twoFriends();
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await world.advance(1500);
    await bob.chat.sendText('two');
    await world.advance(1500);
    // The second message restarted the 2 s window.
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(2);

    await world.advance(500);

    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(0);
  });

  it('§4 The open conversation is marked read after sync finishes', async () => {
    const { world, alice, bob } = await twoFriends();
    await alice.conversations.open('bob', SessionType.Single);
    const record = world.backend.conversationRecord('alice', 'bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('offline message');
    await world.settle();
    record.unreadCount = 3;

    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(record.unreadCount).toBe(0);
  });

  it('§4 A refresh during sync adds what the SDK has stored so far and drops nothing', async () => {
    const { alice, stored } = await aliceWithLocalDatabase();
    stored.push(entry('a', 1000));
    await alice.conversations.refreshConversations();
    stored.splice(0, stored.length, entry('b', 3000), entry('c', 2000));

    await alice.conversations.refreshConversations();

    expect(alice.conversations.snapshot.map((c) => c.conversationID)).toEqual(['b', 'c', 'a']);
  });

  it('§4 A refresh keeps the list copy when it is newer than the SDK copy, and takes a newer SDK copy', async () => {
    const { alice, stored } = await aliceWithLocalDatabase();
    stored.push(entry('a', 5000, 'shown'), entry('b', 1000, 'shown'));
    await alice.conversations.refreshConversations();
    stored.splice(0, stored.length, entry('a', 4000, 'older'), entry('b', 6000, 'newer'));

    await alice.conversations.refreshConversations();

    expect(alice.conversations.snapshot.map((c) => [c.conversationID, c.showName])).toEqual([
      ['b', 'newer'],
      ['a', 'shown'],
    ]);
  });

  it('§4 The full load after sync replaces the list (conversations the SDK no longer has leave it)', async () => {
    const { alice, stored } = await aliceWithLocalDatabase();
    stored.push(entry('a', 1000), entry('b', 2000));
    await alice.conversations.refreshConversations();
    stored.splice(0, stored.length, entry('b', 2000));

    await alice.conversations.loadConversations();

    expect(alice.conversations.snapshot.map((c) => c.conversationID)).toEqual(['b']);
  });

  it('§4 Refreshes asked for while one runs are coalesced into one more read', async () => {
    const { alice, stored, reads } = await aliceWithLocalDatabase();
    stored.push(entry('a', 1000));
    const before = reads.count;

    const first = alice.conversations.refreshConversations();
    stored.push(entry('b', 2000));
    const second = alice.conversations.refreshConversations();
    const third = alice.conversations.refreshConversations();
    await Promise.all([first, second, third]);

    expect(reads.count - before).toBe(2);
    expect(alice.conversations.snapshot.map((c) => c.conversationID)).toEqual(['b', 'a']);
  });

  it('§4 The server first page fills the list, newest first, while the SDK store is still empty', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = world.opened('alice');
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    world.backend.conversationRecord('alice', 'carol', SessionType.Single).latestMsgSendTime = 2000;

    await alice.conversations.loadServerFirstPage('alice');

    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['carol', 'bob']);
  });

  it('§4 The server first page only replaces list entries it has newer activity for', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = world.opened('alice');
    const bob = world.backend.conversationRecord('alice', 'bob', SessionType.Single);
    const carol = world.backend.conversationRecord('alice', 'carol', SessionType.Single);
    bob.latestMsgSendTime = 1000;
    carol.latestMsgSendTime = 2000;
    await alice.conversations.loadServerFirstPage('alice');
    bob.latestMsgSendTime = 3000;
    carol.latestMsgSendTime = 500;

    await alice.conversations.loadServerFirstPage('alice');

    expect(alice.conversations.snapshot.map((c) => [c.userID, c.latestMsgSendTime])).toEqual([
      ['bob', 3000],
      ['carol', 2000],
    ]);
  });

  it('§4 A conversation known only from the server first page opens, without the server’s messages, once the SDK load after sync has it', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    // A deployment without the server's message path: the fallback, waiting for the SDK.
    alice.ports.device.messages.serverNewestMissing = true;
    const record = world.backend.conversationRecord('alice', 'bob', SessionType.Single);
    record.latestMsgSendTime = 1000;
    await alice.conversations.loadServerFirstPage('alice');
    const shown = alice.conversations.snapshot[0];

    await alice.conversations.select(shown);
    await world.settle();
    expect(alice.conversations.currentConversation).toBeUndefined();

    await alice.conversations.loadConversations();
    await world.settle();
    expect(alice.conversations.currentConversation?.conversationID).toBe(shown?.conversationID);
  });

  it('§4 A conversation known only from the server first page opens, without the server’s messages, when the SDK reports it', async () => {
    const { world, alice, bob } = await twoFriends();
    // A deployment without the server's message path: the fallback, waiting for the SDK.
    alice.ports.device.messages.serverNewestMissing = true;
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    await alice.conversations.loadServerFirstPage('alice');
    await alice.conversations.select(alice.conversations.snapshot[0]);
    expect(alice.conversations.currentConversation).toBeUndefined();

    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('now the SDK has it');
    await world.settle();

    expect(alice.conversations.currentConversation?.userID).toBe('bob');
  });

  it('§4 A server first page that arrives after the session ended does not reach the next session', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = world.opened('alice');
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;

    const pending = alice.conversations.loadServerFirstPage('alice');
    alice.reopen();
    await pending;

    expect(alice.conversations.snapshot).toEqual([]);
  });

  it('§8 A failing server first page is logged, without a toast', async () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    alice.ports.device.conversations.getServerFirstPage = () => Promise.reject(new RemoteError(500, 'down'));

    await alice.conversations.loadServerFirstPage('alice');

    expect(alice.toasts.keys()).toEqual([]);
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'server first page failed',
      context: { code: 500 },
    });
  });

  it('§8 A failing conversation load shows toast.getConversationsFailed', async () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    const result = await alice.conversations.loadConversations();
    expect(!result.ok && result.error.code).toBe(10101);
    expect(alice.toasts.keys()).toEqual(['toast.getConversationsFailed']);
  });
});

describe('ConversationStore: group events, failures and clearing', () => {
  async function inGroup(): Promise<{
    world: TestWorld;
    alice: Awaited<ReturnType<TestWorld['signIn']>>;
    bob: Awaited<ReturnType<TestWorld['signIn']>>;
    groupID: string;
    otherID: string;
  }> {
    const { world, alice, bob } = await twoFriends();
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
    await bob.conversations.open(group.groupID, SessionType.Group);
    await world.settle();
    return { world, alice, bob, groupID: group.groupID, otherID: other.groupID };
  }

  it('§4 Group info changes of the open group show; those of another group do not', async () => {
    const { world, alice, bob, groupID, otherID } = await inGroup();

    await alice.ports.groups.setGroupInfo(otherID, { groupName: 'Renamed other' });
    await world.settle();
    expect(bob.conversations.currentGroupInfo?.groupName).toBe('Team');

    await alice.ports.groups.setGroupInfo(groupID, { groupName: 'Renamed' });
    await world.settle();
    expect(bob.conversations.currentGroupInfo?.groupName).toBe('Renamed');
    expect(bob.conversations.currentMemberInfo?.userID).toBe('bob');
  });

  it('§4 Being removed from the open group clears the own membership; others leaving do not', async () => {
    const { world, alice, bob, groupID } = await inGroup();
    const carol = await world.signIn('carol');
    await alice.ports.groups.invite(groupID, ['carol']);
    await world.settle();
    await carol.ports.groups.quit(groupID);
    await world.settle();
    expect(bob.conversations.currentMemberInfo?.userID).toBe('bob');

    await alice.ports.groups.kick(groupID, ['bob']);
    await world.settle();
    expect(bob.conversations.currentMemberInfo).toBeUndefined();
  });

  // The defect of the re-invited member, whose sends stayed refused as "left the group".
  it('§4 Invited back into the open group restores the own membership, so the member speaks again', async () => {
    const { world, alice, bob, groupID } = await inGroup();
    await alice.ports.groups.kick(groupID, ['bob']);
    await world.settle();
    expect(bob.conversations.currentMemberInfo).toBeUndefined();
    expect((await bob.chat.sendText('still here?')).ok).toBe(false);

    await alice.ports.groups.invite(groupID, ['bob']);
    await world.settle();

    expect(bob.conversations.currentMemberInfo?.userID).toBe('bob');
    expect(bob.conversations.currentGroupInfo?.memberCount).toBe(2);
    expect((await bob.chat.sendText('glad to be back')).ok).toBe(true);
  });

  it('§4 A dismissed group clears the own membership', async () => {
    const { world, alice, bob, groupID } = await inGroup();
    await alice.ports.groups.dismiss(groupID);
    await world.settle();
    expect(bob.conversations.currentMemberInfo).toBeUndefined();
  });

  it('§8 Group info and own member failures show their toasts', async () => {
    const { world, alice, groupID } = await inGroup();
    alice.ports.groups.getGroups = () => Promise.reject(new RemoteError(500, 'down'));
    alice.ports.groups.getMembers = () => Promise.reject(new RemoteError(500, 'down'));

    await alice.conversations.open(groupID, SessionType.Group);
    await world.settle();

    expect(alice.toasts.keys().sort()).toEqual(['toast.getGroupInfoFailed', 'toast.getGroupMemberFailed']);
    expect(alice.conversations.currentGroupInfo).toBeUndefined();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
  });

  it('§4 The unread total loads and follows the SDK; the next session starts from none', async () => {
    const { world, alice, bob } = await twoFriends();
    await bob.conversations.open('alice', SessionType.Single);
    for (const text of ['1', '2', '3']) await bob.chat.sendText(text);
    await world.settle();

    expect(await alice.conversations.loadUnreadCount()).toEqual({ ok: true, value: 3 });
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(3);
    await alice.conversations.open('bob', SessionType.Single);

    alice.reopen();

    expect(alice.conversations.snapshot).toEqual([]);
    expect(alice.conversations.currentConversation).toBeUndefined();
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(0);
  });

  it('§4 A failed read mark is logged with the conversation and code', async () => {
    const { alice } = await twoFriends();
    alice.ports.conversations.markAsRead = () => Promise.reject(new RemoteError(1004, 'gone'));

    await alice.conversations.markAsRead('si_alice_bob');

    expect(alice.ports.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'mark as read failed',
        context: { conversationID: 'si_alice_bob', code: 1004 },
      }),
    );
  });
});
