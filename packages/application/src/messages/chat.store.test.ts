import { describe, expect, it } from 'vitest';
import {
  buildCallSignalData,
  ContentType,
  CustomType,
  MessageStatus,
  SessionType,
  type Message,
} from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { TestWorld, type TestClient } from '../testing';

async function chatting(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  await alice.conversations.open('bob', SessionType.Single);
  await bob.conversations.open('alice', SessionType.Single);
  await world.settle();
  return { world, alice, bob };
}

const texts = (client: TestClient): string[] =>
  client.chat.snapshot.messages.map((m) => m.textElem?.content ?? m.atTextElem?.text ?? `#${m.contentType}`);

describe('ChatStore', () => {
  it('§4 Messages: a sent message is appended at once, then replaced by the server copy', async () => {
    const { world, alice, bob } = await chatting();
    const pending = alice.chat.sendText('hello');
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(alice.chat.snapshot.messages.at(-1)?.status).toBe(MessageStatus.Sending);

    const result = await pending;
    await world.settle();

    expect(result.ok && result.value.status).toBe(MessageStatus.Succeeded);
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([MessageStatus.Succeeded]);
    expect(texts(bob)).toEqual(['hello']);
  });

  it('§4 Messages: messages of the same send time read in seq order, on load and on arrival', async () => {
    const { world, alice, bob } = await chatting();
    // The fake clock stands still: every message below has the same send time.
    for (const text of ['one', 'two', 'three']) await bob.chat.sendText(text);
    await world.settle();
    expect(texts(alice)).toEqual(['one', 'two', 'three']);

    alice.ports.device.messages.historySameTimeNewestFirst = true;
    await alice.conversations.open('carol', SessionType.Single).catch(() => undefined);
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    expect(texts(alice)).toEqual(['one', 'two', 'three']);
  });

  it('§4 Messages: failed send stays visible and can be resent', async () => {
    const { world, alice, bob } = await chatting();
    alice.ports.device.messages.failSendsWith = 10000;

    const failed = await alice.chat.sendText('lost?');
    expect(failed.ok).toBe(false);
    const message = alice.chat.snapshot.messages[0];
    expect(message?.status).toBe(MessageStatus.Failed);

    alice.ports.device.messages.failSendsWith = undefined;
    const resent = await alice.chat.resend(message?.clientMsgID ?? '');
    await world.settle();

    expect(resent.ok).toBe(true);
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([MessageStatus.Succeeded]);
    expect(texts(bob)).toEqual(['lost?']);
    expect((await alice.chat.resend(message?.clientMsgID ?? '')).ok).toBe(false);
  });

  it('§4 Messages: a send that failed while offline but went out after the reconnect shows as sent', async () => {
    const { world, alice, bob } = await chatting();
    const device = alice.ports.device.messages;
    device.failSendsWith = 10000;
    device.queueFailedSends = true;
    const failed = await alice.chat.sendText('sent later');
    expect(failed.ok).toBe(false);
    const id = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';
    expect(alice.chat.snapshot.messages[0]?.status).toBe(MessageStatus.Failed);

    device.reconnect();
    await world.settle();
    expect(texts(bob)).toEqual(['sent later']);
    // The conversation changed with the delivery: the shown state follows.
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([MessageStatus.Succeeded]);
    // Nothing left to resend.
    expect((await alice.chat.resend(id)).ok).toBe(false);
  });

  it('§4 Messages: a conversation without messages reads no history; its first message comes as an event', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    expect(alice.ports.device.messages.tablelessHistoryReads).toEqual([]);
    expect(alice.chat.snapshot.hasMore).toBe(false);

    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('first');
    await world.settle();
    expect(texts(alice)).toEqual(['first']);
    expect(alice.ports.device.messages.tablelessHistoryReads).toEqual([]);
  });

  it('§4 Messages: the spinner shows only when sending takes longer than 1 s', async () => {
    const { world, alice } = await chatting();
    alice.ports.device.messages.holdSends = true;
    const pending = alice.chat.sendText('slow');
    await world.advance(999);
    const id = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';
    expect(alice.chat.snapshot.spinning.has(id)).toBe(false);
    await world.advance(1);
    expect(alice.chat.snapshot.spinning.has(id)).toBe(true);

    alice.ports.device.messages.releaseHeldSends();
    await pending;

    expect(alice.chat.snapshot.spinning.size).toBe(0);
  });

  it('§5 Messages: empty text is not sent; mentions are deduplicated to one per user', async () => {
    const { world, alice, bob } = await chatting();
    const empty = await alice.chat.sendText('   ');
    expect(!empty.ok && empty.error.kind).toBe('validation');
    expect(alice.chat.snapshot.messages).toEqual([]);

    const sent = await alice.chat.sendText('hi [[at-bob#bob]] [[at-bob#bob]]', ['bob', 'bob']);
    await world.settle();

    expect(sent.ok && sent.value.contentType).toBe(ContentType.AtText);
    expect(sent.ok && sent.value.atTextElem?.atUserList).toEqual(['bob']);
    expect(bob.chat.snapshot.messages).toHaveLength(1);
  });

  it.each([
    ['blocked by the peer', 1302, 'toast.blockedByPeer'],
    ['friend verification on', 1303, 'toast.friendVerification'],
  ] as const)('§8 Sending: %s shows its toast', async (_, code, key) => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    if (code === 1302) {
      world.backend.blacklistOf('bob').add('alice');
    } else {
      world.backend.friendVerify = true;
    }

    const result = await alice.chat.sendText('hi');

    expect(!result.ok && result.error.kind === 'remote' && result.error.code).toBe(code);
    expect(alice.toasts.keys()).toContain(key);
  });

  it('§8 Sending: muted members and quitted groups get their toasts', async () => {
    const { world, alice, bob } = await chatting();
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    await alice.ports.groups.muteMember(group.groupID, 'bob', 300);

    expect((await bob.chat.sendText('muted?')).ok).toBe(false);
    expect(bob.toasts.keys()).toContain('toast.memberMuted');

    await alice.ports.groups.muteMember(group.groupID, 'bob', 0);
    await bob.ports.groups.quit(group.groupID);
    expect((await bob.chat.sendText('gone?')).ok).toBe(false);
    expect(bob.toasts.keys()).toContain('toast.notInGroup');
  });

  it('§4 Sending: every refused send resolves to a failure, so a composer that clears on ok keeps the text', async () => {
    const { world, alice, bob } = await chatting();
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    await world.settle();

    // Muted (checked locally once the own membership is known) and mute-all (refused by the server).
    await alice.ports.groups.muteMember(group.groupID, 'bob', 300);
    await world.settle();
    const muted = await bob.chat.sendText('muted?');
    expect(muted.ok).toBe(false);
    await alice.ports.groups.muteMember(group.groupID, 'bob', 0);
    await alice.ports.groups.setMuteAll(group.groupID, true);
    await world.settle();
    const muteAll = await bob.chat.sendText('everyone muted?');
    expect(!muteAll.ok && muteAll.error.kind).toBeTruthy();

    // Blacklisted by the peer: the server refuses, the message stays as failed, the result is a failure.
    await bob.conversations.open('alice', SessionType.Single);
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    const blocked = await bob.chat.sendText('blocked?');
    expect(blocked.ok).toBe(false);
    expect(bob.chat.snapshot.messages.at(-1)?.status).toBe(MessageStatus.Failed);
  });

  it('§2 Messages: a pasted or uploaded image is sent as a picture message', async () => {
    const { world, alice, bob } = await chatting();
    const sent = await alice.chat.send({
      kind: 'picture',
      file: { name: 'paste.png', mimeType: 'image/png', size: 2048, handle: null },
      width: 640,
      height: 480,
    });
    await world.settle();
    expect(sent.ok && sent.value.contentType).toBe(ContentType.Picture);
    expect(bob.chat.snapshot.messages[0]?.pictureElem?.sourcePicture.width).toBe(640);
  });

  it('§4 Messages: incoming messages are pushed only for the open conversation', async () => {
    const { world, alice, bob } = await chatting();
    const carol = await world.signIn('carol');
    await carol.conversations.open('alice', SessionType.Single);
    await carol.chat.sendText('from carol');
    await bob.chat.sendText('from bob');
    await world.settle();

    expect(texts(alice)).toEqual(['from bob']);
  });

  it('§4 Messages: typing, revoke-type content and call signals are not appended', async () => {
    const { world, alice, bob } = await chatting();
    const device = bob.ports.device.messages;
    const typing = {
      ...(await device.create({ kind: 'text', text: 'typing' })),
      contentType: ContentType.Typing,
    };
    await device.send(typing, { recvID: 'alice', groupID: '' });
    const revoke = { ...(await device.create({ kind: 'text', text: 'x' })), contentType: ContentType.Revoke };
    await device.send(revoke, { recvID: 'alice', groupID: '' });
    const invitation = {
      roomID: 'r1',
      inviterUserID: 'bob',
      inviteeUserIDList: ['alice'],
      mediaType: 'audio',
    } as const;
    await bob.ports.callSignalling.send('alice', CustomType.CallingInvite, invitation);
    await bob.chat.send({
      kind: 'custom',
      data: buildCallSignalData(CustomType.CallingCancel, invitation),
      description: '',
    });
    await bob.chat.sendText('real');
    await world.settle();

    expect(texts(alice)).toEqual(['real']);
  });

  it('§4 Messages: incoming messages are suppressed for 5 s after resume', async () => {
    const { world, alice, bob } = await chatting();
    alice.chat.appResumed();
    await bob.chat.sendText('during suppression');
    await world.advance(4999);
    await bob.chat.sendText('still suppressed');
    await world.advance(1);
    await bob.chat.sendText('after');
    await world.settle();

    expect(texts(alice)).toEqual(['after']);
  });

  it('§4 Messages: a revoke notification replaces the message with a revoke-type message', async () => {
    const { world, alice, bob } = await chatting();
    const sent = await bob.chat.sendText('oops');
    await world.settle();
    const id = sent.ok ? sent.value.clientMsgID : '';

    const revoked = await bob.chat.revoke(id);
    await world.settle();

    expect(revoked.ok).toBe(true);
    expect(alice.chat.snapshot.messages.map((m) => m.contentType)).toEqual([ContentType.Revoke]);
    // The revoker sees the same notice ("you revoked a message"), as after a fresh sign-in.
    expect(bob.chat.snapshot.messages.map((m) => m.contentType)).toEqual([ContentType.Revoke]);
  });

  it('§6 Only the sender may revoke', async () => {
    const { world, alice, bob } = await chatting();
    await bob.chat.sendText('mine');
    await world.settle();
    const id = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';

    const result = await alice.chat.revoke(id);

    expect(!result.ok && result.error.kind).toBe('permission');
    expect((await alice.chat.revoke('unknown')).ok).toBe(false);
  });

  it('§4 Messages: delete removes the message from the list', async () => {
    const { world, alice, bob } = await chatting();
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();
    const first = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';

    expect((await alice.chat.delete(first)).ok).toBe(true);

    expect(texts(alice)).toEqual(['two']);
    expect(texts(bob)).toEqual(['one', 'two']);

    // The delete went through the SDK: reopening the conversation reloads the history without it.
    await alice.conversations.select(undefined);
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    expect(texts(alice)).toEqual(['two']);
  });

  it('§4 Messages: a delete the SDK refuses leaves the list as it was', async () => {
    const { world, alice, bob } = await chatting();
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();

    const result = await alice.chat.delete('not-a-message');

    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('remote');
    expect(texts(alice)).toEqual(['one', 'two']);
  });

  it('§4 Messages: history pages by 20, oldest first, until the start', async () => {
    const { world, alice, bob } = await chatting();
    for (let i = 1; i <= 45; i += 1) {
      await bob.chat.sendText(`m${i}`);
    }
    await world.settle();
    await alice.conversations.select(undefined);
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();

    expect(alice.chat.snapshot.messages).toHaveLength(20);
    expect(texts(alice)[0]).toBe('m26');
    expect(alice.chat.snapshot.hasMore).toBe(true);
    await alice.chat.loadMore();
    await alice.chat.loadMore();

    expect(alice.chat.snapshot.messages).toHaveLength(45);
    expect(texts(alice).slice(0, 2)).toEqual(['m1', 'm2']);
    expect(alice.chat.snapshot.hasMore).toBe(false);
  });

  it('§4 Messages: sending without an open conversation is a typed error', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const result = await alice.chat.sendText('nowhere');
    expect(!result.ok && result.error.kind).toBe('state');
    expect((await alice.chat.loadMore()).ok).toBe(false);
    expect((await alice.chat.delete('x')).ok).toBe(false);
  });

  it('§4 Messages: a message sent to another conversation is not appended to the open one', async () => {
    const { world, alice } = await chatting();
    const carolConversation = await alice.ports.conversations.getOneConversation('carol', SessionType.Single);
    const sent = await alice.chat.send({ kind: 'text', text: 'to carol' }, carolConversation);
    await world.settle();
    expect(sent.ok).toBe(true);
    expect(alice.chat.snapshot.messages).toEqual([] as Message[]);
  });
});

describe('ChatStore: failures and edges the client handles itself', () => {
  it('§4 Messages: a failed history page keeps the list and stops loading', async () => {
    const { world, alice, bob } = await chatting();
    await bob.chat.sendText('kept');
    await world.settle();
    alice.ports.device.messages.getHistory = () => Promise.reject(new RemoteError(10006, 'db closed'));

    const result = await alice.chat.loadMore();

    expect(result).toEqual({ ok: false, error: { kind: 'remote', code: 10006, message: 'db closed' } });
    expect(alice.chat.snapshot).toMatchObject({ loading: false, hasMore: false });
    expect(texts(alice)).toEqual(['kept']);
  });

  it('§4 Messages: the list shows loading while a page is on its way', async () => {
    const { alice } = await chatting();
    const loading = alice.chat.loadMore();
    expect(alice.chat.snapshot.loading).toBe(true);
    expect(await loading).toEqual({ ok: true, value: undefined });
    expect(alice.chat.snapshot.loading).toBe(false);
  });

  it('§4 Messages: a page that arrives after switching conversation is dropped', async () => {
    const { world, alice, bob } = await chatting();
    const carol = await world.signIn('carol');
    await carol.conversations.open('alice', SessionType.Single);
    await carol.chat.sendText('from carol');
    // More than a page, so that bob's conversation has an older page to load.
    for (let i = 1; i <= 22; i += 1) await bob.chat.sendText(`b${i}`);
    await world.settle();
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    expect(texts(alice)).toEqual(['from carol']);

    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    expect(alice.chat.snapshot.hasMore).toBe(true);
    // Bob's next page is held until alice has switched to carol.
    const messages = alice.ports.device.messages;
    const getHistory = messages.getHistory.bind(messages);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    messages.getHistory = async (...args) => {
      await held;
      return getHistory(...args);
    };
    const late = alice.chat.loadMore();
    messages.getHistory = getHistory;
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    release();
    expect(await late).toEqual({ ok: true, value: undefined });
    await world.settle();

    expect(texts(alice)).toEqual(['from carol']);
  });

  it('§5 Messages: blank mention ids are dropped; only blank ones send plain text', async () => {
    const { world, alice, bob } = await chatting();
    const plain = await alice.chat.sendText('no one', ['', '']);
    const mention = await alice.chat.sendText('hi', ['', 'bob', 'carol', 'bob']);
    await world.settle();

    expect(plain.ok && plain.value.contentType).toBe(ContentType.Text);
    expect(mention.ok && mention.value.atTextElem?.atUserList).toEqual(['bob', 'carol']);
    expect(texts(bob)).toEqual(['no one', 'hi']);
  });

  it('§4 Messages: a message the SDK cannot create is neither appended nor sent', async () => {
    const { world, alice, bob } = await chatting();
    alice.ports.device.messages.create = () => Promise.reject(new RemoteError(10005, 'no file'));

    const result = await alice.chat.sendText('never');
    await world.settle();

    expect(result).toEqual({ ok: false, error: { kind: 'remote', code: 10005, message: 'no file' } });
    expect(alice.chat.snapshot.messages).toEqual([]);
    expect(bob.chat.snapshot.messages).toEqual([]);
  });

  it('§8 Sending: an unknown code shows the server message; a known one its own toast', async () => {
    const { alice } = await chatting();
    alice.ports.device.messages.failSendsWith = 10000;
    await alice.chat.sendText('one');
    alice.ports.device.messages.failSendsWith = 1402;
    await alice.chat.sendText('two');

    expect(alice.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.accessFailed', message: 'send failed' },
      { level: 'error', key: 'toast.memberMuted' },
    ]);
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([
      MessageStatus.Failed,
      MessageStatus.Failed,
    ]);
  });

  it('§4 Messages: only a failed message of the open conversation can be resent', async () => {
    const { world, alice } = await chatting();
    const sent = await alice.chat.sendText('fine');
    await world.settle();
    const id = sent.ok ? sent.value.clientMsgID : '';

    expect(await alice.chat.resend(id)).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'only failed messages can be resent' },
    });
    expect(await alice.chat.resend('unknown')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([MessageStatus.Succeeded]);
  });

  it('§4 Messages: a resend that fails again stays failed, with its toast', async () => {
    const { alice } = await chatting();
    alice.ports.device.messages.failSendsWith = 10000;
    await alice.chat.sendText('lost');
    const id = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';

    const again = await alice.chat.resend(id);

    expect(!again.ok && again.error).toEqual({ kind: 'remote', code: 10000, message: 'send failed' });
    expect(alice.chat.snapshot.messages.map((m) => [m.clientMsgID, m.status])).toEqual([
      [id, MessageStatus.Failed],
    ]);
    expect(alice.toasts.keys()).toEqual(['toast.accessFailed', 'toast.accessFailed']);
  });

  it('§4 Messages: a resend in a group goes to the group', async () => {
    const { world, alice, bob } = await chatting();
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await alice.conversations.open(group.groupID, SessionType.Group);
    await bob.conversations.open(group.groupID, SessionType.Group);
    await world.settle();
    alice.ports.device.messages.failSendsWith = 10000;
    await alice.chat.sendText('to the group');
    alice.ports.device.messages.failSendsWith = undefined;

    const resent = await alice.chat.resend(alice.chat.snapshot.messages.at(-1)?.clientMsgID ?? '');
    await world.settle();

    expect(resent.ok && resent.value.groupID).toBe(group.groupID);
    expect(texts(bob).at(-1)).toBe('to the group');
  });

  it('§4 Messages: no spinner for a message of a conversation that is no longer open', async () => {
    const { world, alice } = await chatting();
    alice.ports.device.messages.holdSends = true;
    const pending = alice.chat.sendText('slow');
    await world.settle();
    await alice.conversations.open('carol', SessionType.Single);
    await world.advance(1_500);

    expect(alice.chat.snapshot.spinning.size).toBe(0);
    alice.ports.device.messages.releaseHeldSends();
    expect((await pending).ok).toBe(true);
  });

  it('§6 Messages: a revoke the SDK refuses keeps the message', async () => {
    const { world, alice } = await chatting();
    const sent = await alice.chat.sendText('mine');
    await world.settle();
    const id = sent.ok ? sent.value.clientMsgID : '';
    alice.ports.device.messages.revoke = () => Promise.reject(new RemoteError(1004, 'too late'));

    const result = await alice.chat.revoke(id);

    expect(result).toEqual({ ok: false, error: { kind: 'remote', code: 1004, message: 'too late' } });
    expect(texts(alice)).toEqual(['mine']);
  });

  it('§4 Messages: update replaces a listed message in place and ignores others', async () => {
    const { world, alice, bob } = await chatting();
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();
    const [first, second] = alice.chat.snapshot.messages;

    alice.chat.update({ ...second!, localEx: 'marked' });
    alice.chat.update({ ...first!, clientMsgID: 'elsewhere', localEx: 'marked' });

    expect(alice.chat.snapshot.messages).toEqual([first, { ...second, localEx: 'marked' }]);
  });

  it('§4 Messages: a revoke in another conversation leaves the open one alone', async () => {
    const { world, alice, bob } = await chatting();
    const carol = await world.signIn('carol');
    await carol.conversations.open('alice', SessionType.Single);
    const fromCarol = await carol.chat.sendText('carol says');
    await bob.chat.sendText('bob says');
    await world.settle();

    await carol.chat.revoke(fromCarol.ok ? fromCarol.value.clientMsgID : '');
    await world.settle();

    expect(alice.chat.snapshot.messages.map((m) => m.contentType)).toEqual([ContentType.Text]);
    expect(texts(alice)).toEqual(['bob says']);
  });

  it('§4 Messages: several incoming messages are appended in order, each once', async () => {
    const { world, alice, bob } = await chatting();
    for (const text of ['a', 'b', 'c']) await bob.chat.sendText(text);
    await world.settle();
    const again = alice.chat.snapshot.messages[1]!;
    alice.ports.device.sink.messages.next({ type: 'received', messages: [again] });
    await world.settle();

    expect(texts(alice)).toEqual(['a', 'b', 'c']);
  });
});

describe('ChatStore: exact errors, targets and the empty state', () => {
  it('§4 Messages: before any conversation opens the chat is empty and idle', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    expect(alice.chat.snapshot).toEqual({
      conversationID: undefined,
      messages: [],
      hasMore: false,
      loading: false,
      serverCopy: false,
      spinning: new Set(),
    });
    const none = { ok: false, error: { kind: 'state', reason: 'no conversation open' } };
    expect(await alice.chat.loadMore()).toEqual(none);
    expect(await alice.chat.sendText('nowhere')).toEqual(none);
    expect(await alice.chat.delete('x')).toEqual(none);
  });

  it('§6 Messages: revoking an id that is not in the list never touches another message', async () => {
    const { world, alice } = await chatting();
    await alice.chat.sendText('mine');
    await world.settle();

    expect(await alice.chat.revoke('unknown')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
    expect(texts(alice)).toEqual(['mine']);
  });

  it('§4 Messages: one-to-one sends go to the peer, group sends to the group only', async () => {
    const { world, alice } = await chatting();
    const targets: unknown[] = [];
    const messages = alice.ports.device.messages;
    const send = messages.send.bind(messages);
    messages.send = (message, target) => {
      targets.push(target);
      return send(message, target);
    };
    await alice.chat.sendText('to bob');
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await alice.conversations.open(group.groupID, SessionType.Group);
    await alice.chat.sendText('to the group');
    messages.failSendsWith = 10000;
    await alice.chat.sendText('again');
    messages.failSendsWith = undefined;
    await alice.chat.resend(alice.chat.snapshot.messages.at(-1)?.clientMsgID ?? '');

    expect(targets).toEqual([
      { recvID: 'bob', groupID: '' },
      { recvID: '', groupID: group.groupID },
      { recvID: '', groupID: group.groupID },
      { recvID: '', groupID: group.groupID },
    ]);
  });

  it('§6 Sending: a muted member is warned, and can still write to someone else', async () => {
    const { world, alice, bob } = await chatting();
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, SessionType.Group);
    await alice.ports.groups.muteMember(group.groupID, 'bob', 300);
    await world.settle();
    bob.toasts.toasts.length = 0;

    const muted = await bob.chat.sendText('muted?');
    const toAlice = await bob.ports.conversations.getOneConversation('alice', SessionType.Single);
    const elsewhere = await bob.chat.send({ kind: 'text', text: 'psst' }, toAlice);

    expect(!muted.ok && muted.error).toEqual({
      kind: 'permission',
      reason: 'memberMuted',
      i18nKey: 'toast.memberMuted',
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'warning', key: 'toast.memberMuted' }]);
    expect(elsewhere.ok).toBe(true);
  });
});
