import { describe, expect, it } from 'vitest';
import { ContentType, RecvMsgOpt, SessionType, type Message } from '@teamim/domain';
import { TestWorld } from '../testing';

type Client = Awaited<ReturnType<TestWorld['signIn']>>;

/**
 * Alice signs in on a fresh device whose SDK's first sync has not reached her chat with bob: the
 * list shows it from the server's first page, the chat opens from the server's copy of its messages, and
 * the fake SDK refuses what it would look up in its local database (`unsynced`) and forwarding or quoting
 * its server copies, as the SDK and the OpenIM adapter do. `sdkHasIt` ends the sync.
 */
async function aliceSyncing(): Promise<{
  world: TestWorld;
  alice: Client;
  bob: Client;
  carol: Client;
  conversationID: string;
  mine: Message;
  theirs: Message;
  sdkHasIt: () => Promise<void>;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  await alice.conversations.open('carol', SessionType.Single);
  await alice.conversations.open('bob', SessionType.Single);
  await alice.chat.sendText('mine');
  await world.advance(1000);
  await bob.conversations.open('alice', SessionType.Single);
  await bob.chat.sendText('theirs');
  await world.settle();
  // A fresh install: the device hears nothing and holds nothing of the chat until its sync reaches it.
  await alice.conversations.select(undefined);
  alice.reopen();
  const device = alice.ports.device;
  world.backend.devices.delete(device.sink);
  await alice.conversations.loadServerFirstPage('alice');
  const withBob = alice.conversations.snapshot.find((c) => c.userID === 'bob');
  const conversationID = withBob?.conversationID ?? '';
  device.unsynced.add(conversationID);
  await alice.conversations.select(withBob);
  await world.settle();
  expect(alice.conversations.isServerOnly(conversationID)).toBe(true);
  const byText = (text: string) =>
    alice.chat.snapshot.messages.find((m) => m.textElem?.content === text) as Message;
  return {
    world,
    alice,
    bob,
    carol,
    conversationID,
    mine: byText('mine'),
    theirs: byText('theirs'),
    sdkHasIt: async () => {
      device.unsynced.delete(conversationID);
      world.backend.connect(device.sink);
      await alice.conversations.loadConversations();
      await world.settle();
    },
  };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>, world: TestWorld): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await world.settle();
  return done;
}

const texts = (messages: readonly Message[]): string[] =>
  messages.map((m) => (m.contentType === ContentType.Revoke ? '(revoked)' : (m.textElem?.content ?? '')));

describe('message actions on a chat shown from the server’s copy during the first sync', () => {
  it('revoke waits until the SDK has the chat, tells so, then revokes on both sides', async () => {
    const { world, alice, bob, mine, sdkHasIt } = await aliceSyncing();
    const actions = alice.viewModels.chat(alice.chat.snapshot.conversationID ?? '').actions;

    const revoking = actions.revoke(mine.clientMsgID);
    expect(await settled(revoking, world)).toBe(false);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync']);

    await sdkHasIt();
    expect((await revoking).ok).toBe(true);
    await world.settle();
    expect(texts(alice.chat.snapshot.messages)).toEqual(['(revoked)', 'theirs']);
    expect(texts(bob.chat.snapshot.messages)).toEqual(['(revoked)', 'theirs']);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync']);
  });

  it('delete for me waits, then removes the message for alice only', async () => {
    const { world, alice, bob, theirs, sdkHasIt } = await aliceSyncing();
    const actions = alice.viewModels.chat(alice.chat.snapshot.conversationID ?? '').actions;

    const deleting = actions.deleteForMe(theirs.clientMsgID);
    expect(await settled(deleting, world)).toBe(false);
    await sdkHasIt();

    expect((await deleting).ok).toBe(true);
    expect(texts(alice.chat.snapshot.messages)).toEqual(['mine']);
    expect(texts(bob.chat.snapshot.messages)).toEqual(['mine', 'theirs']);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync']);
  });

  it('forward sends the SDK’s copy once the SDK has the chat; the dialog stays busy meanwhile', async () => {
    const { world, alice, carol, theirs, sdkHasIt } = await aliceSyncing();
    const dialog = alice.viewModels.forwardDialog(theirs);
    const withCarol = alice.conversations.snapshot.find((c) => c.userID === 'carol');
    dialog.toggle(withCarol?.conversationID ?? '');

    const forwarding = dialog.forward();
    expect(await settled(forwarding, world)).toBe(false);
    expect(dialog.state.sending).toBe(true);
    await sdkHasIt();

    const result = await forwarding;
    expect(result.ok && result.value).toEqual({ succeeded: 1, failed: 0 });
    await carol.conversations.open('alice', SessionType.Single);
    await world.settle();
    expect(texts(carol.chat.snapshot.messages).at(-1)).toBe('theirs');
  });

  it('a quoted reply goes once the SDK has the chat, quoting the SDK’s copy', async () => {
    const { world, alice, bob, conversationID, theirs, sdkHasIt } = await aliceSyncing();
    alice.viewModels.chat(conversationID).actions.quote(theirs.clientMsgID);
    const composer = alice.viewModels.composer(conversationID);
    composer.change('a reply');

    const sending = composer.send();
    expect(await settled(sending, world)).toBe(false);
    expect((await composer.send()).ok).toBe(false); // Enter again while it waits sends no second reply
    await sdkHasIt();

    const sent = await sending;
    expect(sent.ok && sent.value.quoteElem?.quoteMessage?.clientMsgID).toBe(theirs.clientMsgID);
    await world.settle();
    const reply = bob.chat.snapshot.messages.at(-1);
    expect(reply?.contentType).toBe(ContentType.Quote);
    expect(reply?.quoteElem?.text).toBe('a reply');
    expect(bob.chat.snapshot.messages.filter((m) => m.contentType === ContentType.Quote)).toHaveLength(1);
  });

  it('pinning and muting the chat wait, then take effect; no failure toast', async () => {
    const { world, alice, conversationID, sdkHasIt } = await aliceSyncing();
    const list = alice.viewModels.conversationList();

    const pinning = list.setPinned(conversationID, true);
    const muting = list.setRecvMsgOpt(conversationID, RecvMsgOpt.NotNotify);
    expect(await settled(Promise.all([pinning, muting]), world)).toBe(false);
    await sdkHasIt();

    expect((await pinning).ok && (await muting).ok).toBe(true);
    await world.settle();
    const shown = alice.conversations.snapshot.find((c) => c.conversationID === conversationID);
    expect(shown?.isPinned).toBe(true);
    expect(shown?.recvMsgOpt).toBe(RecvMsgOpt.NotNotify);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync', 'toast.waitsForSync']);
  });

  it('marking the chat read from the list waits, then marks it', async () => {
    const { world, alice, conversationID, sdkHasIt } = await aliceSyncing();
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).unreadCount = 1;

    const marking = alice.viewModels.conversationList().markRead(conversationID);
    expect(await settled(marking, world)).toBe(false);
    await sdkHasIt();
    await marking;

    expect(world.backend.conversationsOf('alice').get(conversationID)?.unreadCount).toBe(0);
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('deleting the chat from the list waits, then deletes it for alice only', async () => {
    const { world, alice, bob, conversationID, sdkHasIt } = await aliceSyncing();

    const deleting = alice.viewModels.conversationList().delete(conversationID);
    expect(await settled(deleting, world)).toBe(false);
    await sdkHasIt();

    expect((await deleting).ok).toBe(true);
    expect(world.backend.conversationsOf('alice').has(conversationID)).toBe(false);
    expect(texts(bob.chat.snapshot.messages)).toEqual(['mine', 'theirs']);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync']);
  });

  it('a draft typed meanwhile is stored once the SDK has the chat (quietly)', async () => {
    const { world, alice, conversationID, sdkHasIt } = await aliceSyncing();
    const composer = alice.viewModels.composer(conversationID);
    composer.change('half a thought');
    composer.dispose();
    await world.settle();
    await sdkHasIt();
    await world.settle();

    const record = world.backend.conversationsOf('alice').get(conversationID);
    expect(record?.draftText).toBe('half a thought');
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('a revoke still waiting when the session ends is dropped, without an error toast', async () => {
    const { world, alice, mine } = await aliceSyncing();
    const revoking = alice.chat.revoke(mine.clientMsgID);
    const deleting = alice.chat.delete(mine.clientMsgID);
    await world.settle();
    const chat = alice.chat;

    alice.dispose();

    expect((await revoking).ok).toBe(false);
    expect((await deleting).ok).toBe(false);
    expect(alice.toasts.keys()).toEqual(['toast.waitsForSync', 'toast.waitsForSync']);
    expect(world.backend.messages.get(chat.snapshot.conversationID ?? '')?.[0]?.contentType).toBe(
      ContentType.Text,
    );
  });

  it('a chat the SDK already has acts at once, without the toast', async () => {
    const { world, alice } = await aliceSyncing();
    const withCarol = alice.conversations.snapshot.find((c) => c.userID === 'carol');
    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    expect(alice.conversations.isServerOnly(withCarol?.conversationID ?? '')).toBe(false);
    expect((await alice.conversations.setPinned(withCarol?.conversationID ?? '', true)).ok).toBe(true);
    expect(alice.toasts.keys()).toEqual([]);
  });
});
