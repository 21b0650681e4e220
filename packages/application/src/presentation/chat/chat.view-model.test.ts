import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG, GroupAllowType, MessageStatus, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { ChatViewModel, ChatViewState } from './chat.view-model';

// Survivors of the mutation run over chat.view-model.ts (docs/test-quality.md): the states before the
// conversation opens, after it is deleted, the own flag, paging, resend, mentions and group headers.
async function friends() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  await world.advance(60_000);
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  return { world, alice, bob, carol };
}

async function say(from: TestClient, to: string, ...texts: string[]): Promise<void> {
  await from.conversations.open(to, SessionType.Single);
  for (const text of texts) await from.chat.sendText(text);
}

const idWith = (client: TestClient, userID: string): string =>
  client.conversations.snapshot.find((c) => c.userID === userID)?.conversationID ?? '';

function open(state: ChatViewState) {
  if (state.status !== 'open') throw new Error(`not open: ${state.status}`);
  return state;
}

const texts = (vm: ChatViewModel): string[] =>
  open(vm.state).messages.flatMap((m) =>
    m.kind === 'bubble' && m.body.kind === 'text' ? [m.body.parts.map((p) => p.text).join('')] : [],
  );

describe('ChatViewModel states', () => {
  it('shows only its own conversation while switching from another one', async () => {
    const { world, alice, bob, carol } = await friends();
    await say(bob, 'alice', 'from bob');
    await say(carol, 'alice', 'from carol');
    await world.settle();
    const carolChat = alice.viewModels.chat(idWith(alice, 'carol'));
    await world.settle();
    expect(texts(carolChat)).toEqual(['from carol']);
    carolChat.dispose();
    await alice.conversations.select(alice.conversations.snapshot.find((c) => c.userID === 'carol'));

    const bobID = idWith(alice, 'bob');
    const chat = alice.viewModels.chat(bobID);
    const seen: ChatViewState[] = [];
    chat.state$.subscribe((s) => seen.push(s));

    // Selecting is synchronous: the view opens bob's conversation at once, and never shows carol's.
    await world.settle();
    expect(open(chat.state).header.userID).toBe('bob');
    expect(texts(chat)).toEqual(['from bob']);
    expect(seen.length).toBeGreaterThan(0);
    for (const state of seen) {
      expect(state.conversationID).toBe(bobID);
      if (state.status === 'open') {
        expect(state.header.userID).toBe('bob');
        expect(state.messages.every((m) => m.kind !== 'bubble' || m.sender === 'Bob')).toBe(true);
      }
    }
  });

  it('waits for the first sync before calling an id unknown, and a failed sync also completes the list', async () => {
    const { world, alice } = await friends();
    const device = alice.ports.device.session;

    device.emit({ type: 'syncStart', reinstalled: false });
    await world.settle();
    const chat = alice.viewModels.chat('si_alice_nobody');
    await world.settle();
    expect(chat.state).toEqual({ status: 'loading', conversationID: 'si_alice_nobody' });

    device.emit({ type: 'syncFailed' });
    await world.settle();
    expect(chat.state).toEqual({ status: 'unknown', conversationID: 'si_alice_nobody' });

    device.emit({ type: 'syncStart', reinstalled: false });
    await world.settle();
    expect(chat.state.status).toBe('loading');
    device.emit({ type: 'syncFinish' });
    await world.settle();
    expect(chat.state).toEqual({ status: 'unknown', conversationID: 'si_alice_nobody' });
  });

  it('is gone once its conversation is deleted, and stays gone as the list changes', async () => {
    const { world, alice, bob, carol } = await friends();
    await say(bob, 'alice', 'from bob');
    await say(carol, 'alice', 'from carol');
    await world.settle();
    const bobID = idWith(alice, 'bob');
    const chat = alice.viewModels.chat(bobID);
    await world.settle();

    // Deleting another conversation leaves this one open.
    expect((await alice.conversations.delete(idWith(alice, 'carol'))).ok).toBe(true);
    await world.settle();
    expect(chat.state.status).toBe('open');

    expect((await alice.conversations.delete(bobID)).ok).toBe(true);
    await world.settle();
    expect(chat.state).toEqual({ status: 'gone', conversationID: bobID });

    await say(carol, 'alice', 'carol again');
    await world.settle();
    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['carol']);
    expect(chat.state).toEqual({ status: 'gone', conversationID: bobID });
  });

  it('does not select its conversation again while it is open (the group header keeps its member count)', async () => {
    const { world, alice, bob } = await friends();
    const created = {
      value: await alice.ports.groups.createGroup({
        groupName: 'Team',
        faceURL: 'https://img.example/team.png',
        memberUserIDs: ['bob', 'carol'],
      }),
    };
    await alice.conversations.open(created.value.groupID, SessionType.Group);
    await alice.chat.sendText('hello team');
    await world.settle();
    const groupID = alice.conversations.currentConversation?.conversationID ?? '';
    await alice.conversations.select(undefined);
    const chat = alice.viewModels.chat(groupID);
    await world.settle();
    expect(open(chat.state).header).toEqual({
      userID: '',
      groupID: created.value.groupID,
      name: 'Team',
      faceURL: 'https://img.example/team.png',
      isGroup: true,
      memberCount: 3,
    });

    const seen: ChatViewState[] = [];
    chat.state$.subscribe((s) => seen.push(s));
    // Another conversation changes the list.
    await say(bob, 'alice', 'meanwhile');
    await world.settle();

    expect(seen.map((s) => (s.status === 'open' ? s.header.memberCount : s.status))).not.toContain(undefined);
    expect(open(chat.state).header.memberCount).toBe(3);
  });

  it('§6 a member removed from the group sees no member count (it is no longer hers to know)', async () => {
    const { world, alice, bob } = await friends();
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    const chat = bob.viewModels.chat(bob.conversations.currentConversation?.conversationID ?? '');
    await world.settle();
    expect(open(chat.state).header.memberCount).toBe(3);

    await alice.ports.groups.kick(group.groupID, ['bob']);
    await world.settle();

    expect(open(chat.state).header).toMatchObject({ name: 'Team', isGroup: true, memberCount: undefined });
  });

  it('marks the signed-in user’s own messages', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'hi alice');
    await say(alice, 'bob', 'hi bob');
    await world.settle();
    await alice.conversations.select(undefined);

    const chat = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();

    expect(
      open(chat.state).messages.flatMap((m) => (m.kind === 'bubble' ? [[m.sender, m.own]] : [])),
    ).toEqual([
      ['Bob', false],
      ['Alice', true],
    ]);
  });
});

describe('ChatViewModel actions', () => {
  it('loads the older page of 20', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', ...Array.from({ length: 23 }, (_, i) => `m${i}`));
    await world.settle();
    const chat = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();
    expect(texts(chat)).toHaveLength(20);
    expect(open(chat.state).hasMore).toBe(true);

    expect(await chat.loadOlder()).toEqual({ ok: true, value: undefined });
    await world.settle();

    expect(texts(chat)).toEqual(Array.from({ length: 23 }, (_, i) => `m${i}`));
    expect(open(chat.state)).toMatchObject({ hasMore: false, loadingOlder: false });
  });

  it('resends a failed message', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'hi');
    await world.settle();
    const chat = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();
    alice.ports.device.messages.failSendsWith = 10000;
    expect((await alice.chat.sendText('lost?')).ok).toBe(false);
    const failed = alice.chat.snapshot.messages.at(-1);
    expect(failed?.status).toBe(MessageStatus.Failed);
    alice.ports.device.messages.failSendsWith = undefined;

    const resent = await chat.resend(failed?.clientMsgID ?? '');
    await world.settle();

    expect(resent.ok && resent.value.clientMsgID).toBe(failed?.clientMsgID);
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([
      MessageStatus.Succeeded,
      MessageStatus.Succeeded,
    ]);
  });

  it('opens a mention’s user card with the group context, unless the tag or the group forbids it', async () => {
    const { world, alice } = await friends();
    const single = alice.viewModels.chat(idWith(alice, 'bob'));
    expect(single.mentionTarget('bob')).toEqual({ group: undefined });
    expect(single.mentionTarget('')).toBeUndefined();
    single.dispose();

    const created = {
      value: await alice.ports.groups.createGroup({
        groupName: 'Team',
        faceURL: '',
        memberUserIDs: ['bob', 'carol'],
      }),
    };
    await alice.conversations.open(created.value.groupID, SessionType.Group);
    await alice.chat.sendText('hello team');
    await world.settle();
    const chat = alice.viewModels.chat(alice.conversations.currentConversation?.conversationID ?? '');
    await world.settle();

    const target = chat.mentionTarget('bob');
    expect(Object.keys(target ?? {})).toEqual(['group']);
    expect(target?.group?.groupID).toBe(created.value.groupID);
    expect(chat.mentionTarget(AT_ALL_TAG)).toBeUndefined();

    await alice.ports.groups.setGroupInfo(created.value.groupID, {
      lookMemberInfo: GroupAllowType.NotAllowed,
    });
    await world.settle();
    expect(chat.mentionTarget('bob')).toBeUndefined();
  });

  it('deselects only its own conversation when disposed, and only once', async () => {
    const { world, alice, bob, carol } = await friends();
    await say(bob, 'alice', 'from bob');
    await say(carol, 'alice', 'from carol');
    await world.settle();
    const bobChat = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();
    const carolChat = alice.viewModels.chat(idWith(alice, 'carol'));
    await world.settle();
    expect(alice.conversations.currentConversation?.userID).toBe('carol');
    // bob's view model, still alive behind carol's, never shows carol's conversation.
    expect(open(bobChat.state).header.userID).toBe('bob');

    bobChat.dispose();
    await world.settle();
    expect(alice.conversations.currentConversation?.userID).toBe('carol');

    carolChat.dispose();
    await world.settle();
    expect(alice.conversations.currentConversation).toBeUndefined();

    // The user comes back to bob's conversation: an old view model disposed again changes nothing.
    const again = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();
    bobChat.dispose();
    await world.settle();
    expect(alice.conversations.currentConversation?.userID).toBe('bob');
    again.dispose();
  });

  it('keeps a highlighted message highlighted while new messages arrive', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'quoted later', 'second');
    await world.settle();
    const chat = alice.viewModels.chat(idWith(alice, 'bob'));
    await world.settle();
    const target = open(chat.state).messages[0]?.id ?? '';

    expect((await chat.actions.jumpTo(target)).ok).toBe(true);
    const highlight = open(chat.state).highlight;
    await say(bob, 'alice', 'third');
    await world.settle();

    expect(highlight).toEqual({ id: target, seq: 1 });
    expect(texts(chat)).toEqual(['quoted later', 'second', 'third']);
    expect(open(chat.state).highlight).toEqual(highlight);
  });
});
