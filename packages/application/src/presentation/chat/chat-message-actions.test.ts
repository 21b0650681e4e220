import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { ChatViewState } from './chat.view-model';
import { messageActions } from './message-actions';

type Open = Extract<ChatViewState, { status: 'open' }>;

function opened(state: ChatViewState): Open {
  if (state.status !== 'open') throw new Error(`chat is ${state.status}`);
  return state;
}

const base: Message = {
  clientMsgID: 'm1',
  serverMsgID: 's1',
  sendID: 'me',
  recvID: 'bob',
  groupID: '',
  sessionType: SessionType.Single,
  contentType: ContentType.Text,
  sendTime: 1,
  senderNickname: 'Me',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  seq: 1,
  textElem: { content: 'hi' },
} as Message;

describe('messageActions (spec §2 context menu, §6)', () => {
  it('offers revoke only on own messages and pin/unpin only in group sessions', () => {
    expect(messageActions(base, { selfUserID: 'me', pinned: false })).toEqual([
      'copy',
      'forward',
      'quote',
      'revoke',
      'delete',
    ]);
    expect(messageActions({ ...base, sendID: 'bob' }, { selfUserID: 'me', pinned: false })).toEqual([
      'copy',
      'forward',
      'quote',
      'delete',
    ]);
    const group = { ...base, sessionType: SessionType.Group, groupID: 'g' };
    expect(messageActions(group, { selfUserID: 'me', pinned: false })).toContain('pin');
    expect(messageActions(group, { selfUserID: 'me', pinned: true })).toContain('unpin');
    expect(messageActions(group, { selfUserID: 'me', pinned: true })).not.toContain('pin');
  });

  it('offers save as for picture, video and file only, and copy for text and pictures', () => {
    const picture = { ...base, contentType: ContentType.Picture };
    expect(messageActions(picture, { selfUserID: 'x', pinned: false })).toEqual([
      'copy',
      'saveAs',
      'forward',
      'quote',
      'delete',
    ]);
    const file = { ...base, contentType: ContentType.File };
    expect(messageActions(file, { selfUserID: 'x', pinned: false })).toEqual([
      'saveAs',
      'forward',
      'quote',
      'delete',
    ]);
  });

  it('offers nothing on notices and only copy and delete before the server has the message', () => {
    expect(
      messageActions({ ...base, contentType: ContentType.Revoke }, { selfUserID: 'me', pinned: false }),
    ).toEqual([]);
    expect(
      messageActions({ ...base, contentType: ContentType.GroupCreated }, { selfUserID: 'me', pinned: false }),
    ).toEqual([]);
    expect(
      messageActions({ ...base, status: MessageStatus.Failed }, { selfUserID: 'me', pinned: false }),
    ).toEqual(['copy', 'delete']);
  });

  it('does not offer forward for content the SDK cannot forward (a red packet)', () => {
    const custom = { ...base, contentType: ContentType.Custom };
    expect(messageActions(custom, { selfUserID: 'me', pinned: false })).toEqual(['revoke', 'delete']);
  });
});

async function group() {
  const world = new TestWorld().users(
    { userID: 'owner', nickname: 'Olivia' },
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  world.backend.makeFriends('owner', 'alice');
  world.backend.makeFriends('owner', 'bob');
  const owner = await world.signIn('owner');
  const alice = await world.signIn('alice');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['alice', 'bob'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  const { groupID, conversationID } = created.value.conversation;
  return { world, owner, alice, groupID, conversationID };
}

async function openChat(client: TestClient, conversationID: string, world: TestWorld) {
  const vm = client.viewModels.chat(conversationID);
  await world.settle();
  return vm;
}

describe('ChatViewModel message actions', () => {
  it('revokes an own message: "you revoked" here, "Alice revoked" there (zh-CN default) and after a fresh sign-in', async () => {
    const { world, owner, alice, conversationID } = await group();
    const aliceChat = await openChat(alice, conversationID, world);
    const ownerChat = await openChat(owner, conversationID, world);
    const sent = await alice.chat.sendText('oops');
    if (!sent.ok) throw new Error('send failed');
    await world.settle();
    const id = sent.value.clientMsgID;
    const bubble = opened(ownerChat.state).messages.find((m) => m.id === id);
    expect(bubble?.kind === 'bubble' && bubble.actions).not.toContain('revoke');

    expect((await aliceChat.actions.revoke(id)).ok).toBe(true);
    await world.settle();
    const notice = (vm: typeof aliceChat) => opened(vm.state).messages.find((m) => m.id === id);
    expect(notice(aliceChat)).toEqual({ kind: 'notice', id, text: '你撤回了一条消息' });
    expect(notice(ownerChat)).toEqual({ kind: 'notice', id, text: 'Alice撤回了一条消息' });

    const again = await world.signIn('alice');
    const fresh = await openChat(again, conversationID, world);
    expect(opened(fresh.state).messages.find((m) => m.id === id)?.kind).toBe('notice');
  });

  it('deletes for me only: gone here, still there', async () => {
    const { world, owner, alice, conversationID } = await group();
    const aliceChat = await openChat(alice, conversationID, world);
    const ownerChat = await openChat(owner, conversationID, world);
    const sent = await owner.chat.sendText('keep me');
    if (!sent.ok) throw new Error('send failed');
    await world.settle();
    expect((await aliceChat.actions.deleteForMe(sent.value.clientMsgID)).ok).toBe(true);
    await world.settle();
    const ids = (vm: typeof aliceChat) => opened(vm.state).messages.map((m) => m.id);
    expect(ids(aliceChat)).not.toContain(sent.value.clientMsgID);
    expect(ids(ownerChat)).toContain(sent.value.clientMsgID);
  });

  it('pins in groups: the banner shows, cycles on click, jumps to the message; revoke unpins', async () => {
    const { world, alice, conversationID } = await group();
    const chat = await openChat(alice, conversationID, world);
    const first = await alice.chat.sendText('first');
    const second = await alice.chat.sendText('second');
    if (!first.ok || !second.ok) throw new Error('send failed');
    await world.settle();
    expect(chat.actions.pin(first.value.clientMsgID).ok).toBe(true);
    expect(chat.actions.pin(second.value.clientMsgID).ok).toBe(true);
    expect(alice.toasts.keys()).toContain('toast.messagePinned');
    const banner = () => opened(chat.state).pinned;
    expect(banner()).toMatchObject({ text: 'second', position: 1, count: 2, sender: '你' });
    const row = opened(chat.state).messages.find((m) => m.id === second.value.clientMsgID);
    expect(row?.kind === 'bubble' && row.actions).toContain('unpin');

    expect((await chat.actions.openPinned(second.value.clientMsgID)).ok).toBe(true);
    expect(banner()).toMatchObject({ text: 'first', position: 2 });
    expect(opened(chat.state).highlight).toEqual({ id: second.value.clientMsgID, seq: 1 });

    await chat.actions.revoke(second.value.clientMsgID);
    await world.settle();
    expect(banner()).toMatchObject({ text: 'first', position: 1, count: 1 });
    expect(chat.actions.unpin(first.value.clientMsgID).ok).toBe(true);
    expect(banner()).toBeUndefined();
  });

  it('copies the text as shown and reports the copy with a toast', async () => {
    const { world, alice, conversationID } = await group();
    const chat = await openChat(alice, conversationID, world);
    const sent = await alice.chat.sendText('copy me');
    if (!sent.ok) throw new Error('send failed');
    expect(chat.actions.clipboardContent(sent.value.clientMsgID)).toEqual({ kind: 'text', text: 'copy me' });
    chat.actions.copied(true);
    expect(alice.toasts.keys()).toContain('toast.copySuccess');
  });

  it('jumps to a message not loaded yet by loading older pages', async () => {
    const { world, alice, conversationID } = await group();
    const firstSent = await (async () => {
      await openChat(alice, conversationID, world);
      return alice.chat.sendText('the very first');
    })();
    if (!firstSent.ok) throw new Error('send failed');
    for (let i = 0; i < 45; i += 1) await alice.chat.sendText(`filler ${i}`);
    await world.settle();
    const again = await world.signIn('alice');
    const chat = await openChat(again, conversationID, world);
    expect(opened(chat.state).messages.some((m) => m.id === firstSent.value.clientMsgID)).toBe(false);
    expect((await chat.actions.jumpTo(firstSent.value.clientMsgID)).ok).toBe(true);
    expect(opened(chat.state).messages.some((m) => m.id === firstSent.value.clientMsgID)).toBe(true);
    expect(opened(chat.state).highlight?.id).toBe(firstSent.value.clientMsgID);
  });
});

describe('ForwardDialogViewModel', () => {
  it('searches, selects several conversations and forwards with the summary toast', async () => {
    const { world, owner, alice, conversationID } = await group();
    await openChat(alice, conversationID, world);
    const sent = await alice.chat.sendText('pass it on');
    if (!sent.ok) throw new Error('send failed');
    world.backend.makeFriends('alice', 'bob');
    await world.settle();
    const single = await alice.conversations.open('owner', SessionType.Single);
    if (!single.ok) throw new Error('open failed');
    await world.settle();
    const dialog = alice.viewModels.forwardDialog(sent.value);
    await world.settle();
    expect(dialog.state.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Team', 'Olivia']));
    dialog.search('oli');
    expect(dialog.state.rows.map((r) => r.name)).toEqual(['Olivia']);
    dialog.toggle(single.value.conversationID);
    dialog.search('');
    dialog.toggle(conversationID);
    expect(dialog.state.selectedCount).toBe(2);
    const result = await dialog.forward();
    expect(result.ok && result.value).toEqual({ succeeded: 2, failed: 0 });
    expect(alice.toasts.toasts.at(-1)).toMatchObject({ key: 'toast.forwardSummary' });
    await world.settle();
    const ownerSingle = owner.conversations.snapshot.find((c) => c.userID === 'alice');
    expect(ownerSingle?.latestMsg).toContain('pass it on');
  });
});
