import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { ContentType, pinnedMessagesStorageKey, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';

async function groupChat(): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  conversationID: string;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const group = await alice.ports.groups.createGroup({ groupName: 'g', faceURL: '', memberUserIDs: ['bob'] });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.open(group.groupID, SessionType.Group);
  return { world, alice, bob, conversationID: `sg_${group.groupID}` };
}

async function send(client: TestClient, world: TestWorld, text: string): Promise<Message> {
  const result = await client.chat.sendText(text);
  await world.settle();
  if (!result.ok) {
    throw new Error('send failed');
  }
  return result.value;
}

describe('PinnedMessagesStore', () => {
  it('§3/§4 Pinned messages are stored under pinned_message_<id>, newest first, with toasts', async () => {
    const { world, alice, conversationID } = await groupChat();
    const first = await send(alice, world, 'first');
    const second = await send(alice, world, 'second');

    expect(alice.pins.pin(conversationID, first).ok).toBe(true);
    expect(alice.pins.pin(conversationID, second).ok).toBe(true);

    const stored = JSON.parse(
      alice.ports.localStore.get(pinnedMessagesKey(conversationID)) ?? '[]',
    ) as Message[];
    expect(stored.map((m) => m.textElem?.content)).toEqual(['second', 'first']);
    expect(alice.toasts.keys()).toEqual(['toast.messagePinned', 'toast.messagePinned']);
    const again = alice.pins.pin(conversationID, first);
    expect(!again.ok && again.error.reason).toBe('alreadyPinned');

    expect(alice.pins.unpin(conversationID, first).ok).toBe(true);
    expect(alice.toasts.keys().at(-1)).toBe('toast.messageUnpinned');
    expect(alice.pins.list(conversationID).map((m) => m.clientMsgID)).toEqual([second.clientMsgID]);
    expect(alice.pins.unpin(conversationID, first).ok).toBe(false);
  });

  it('§2 Pin is only available in group sessions', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    const message = await send(alice, world, 'single');
    const result = alice.pins.pin('si_alice_bob', message);
    expect(!result.ok && result.error.reason).toBe('pinGroupOnly');
  });

  it('§2 Clicking the banner cycles through the pinned messages', async () => {
    const { world, alice, conversationID } = await groupChat();
    for (const text of ['a', 'b', 'c']) {
      alice.pins.pin(conversationID, await send(alice, world, text));
    }
    const shown = async (): Promise<string | undefined> => {
      const banner = await firstValueFrom(alice.pins.banner$(conversationID));
      return banner.pinned[banner.index]?.textElem?.content;
    };
    expect(await shown()).toBe('c');
    alice.pins.cycle(conversationID);
    expect(await shown()).toBe('b');
    alice.pins.cycle(conversationID);
    alice.pins.cycle(conversationID);
    expect(await shown()).toBe('c');
  });

  it('§4 Pins survive a reload from local storage and ignore corrupt entries', async () => {
    const { world, alice, conversationID } = await groupChat();
    alice.pins.pin(conversationID, await send(alice, world, 'kept'));
    alice.ports.localStore.set(pinnedMessagesKey('sg_bad'), '{not json');
    const reloaded = world.opened('alice', { localStore: alice.ports.localStore });

    expect(reloaded.pins.list(conversationID).map((m) => m.textElem?.content)).toEqual(['kept']);
    expect(reloaded.pins.list('sg_bad')).toEqual([]);
  });

  it('§4 Revoke and delete unpin the message', async () => {
    const { world, alice, bob, conversationID } = await groupChat();
    const revoked = await send(alice, world, 'to revoke');
    const deleted = await send(alice, world, 'to delete');
    alice.pins.pin(conversationID, revoked);
    alice.pins.pin(conversationID, deleted);
    bob.pins.pin(conversationID, revoked);

    await alice.chat.revoke(revoked.clientMsgID);
    await alice.chat.delete(deleted.clientMsgID);
    await world.settle();

    expect(alice.pins.list(conversationID)).toEqual([]);
    expect(alice.ports.localStore.get(pinnedMessagesKey(conversationID))).toBeUndefined();
    // The other member's pin goes away when the revoke notification arrives.
    expect(bob.pins.list(conversationID)).toEqual([]);
    expect(bob.chat.snapshot.messages.find((m) => m.clientMsgID === revoked.clientMsgID)?.contentType).toBe(
      ContentType.Revoke,
    );
  });
});

const pinnedMessagesKey = pinnedMessagesStorageKey;

describe('ForwardMessages', () => {
  it('§4 Forward: each selected conversation is tried and a success summary is shown', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const carol = await world.signIn('carol');
    await alice.conversations.open('bob', SessionType.Single);
    const message = await send(alice, world, 'forward me');
    const toBob = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);
    const toCarol = await alice.ports.conversations.getOneConversation('carol', SessionType.Single);

    const result = await (await alice.forward()).execute(message, [toBob, toCarol]);
    await world.settle();

    expect(result).toEqual({ ok: true, value: { succeeded: 2, failed: 0 } });
    expect(alice.toasts.toasts.at(-1)).toMatchObject({
      key: 'toast.forwardSummary',
      params: { success: 2, failed: 0 },
    });
    await carol.conversations.open('alice', SessionType.Single);
    expect(carol.chat.snapshot.messages.map((m) => m.textElem?.content)).toEqual(['forward me']);
    expect(bob.conversations.snapshot[0]?.unreadCount).toBe(2);
  });

  it('§4 Forward: failures are counted in the summary', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    const message = await send(alice, world, 'partly');
    world.backend.blacklistOf('carol').add('alice');
    const targets = [
      await alice.ports.conversations.getOneConversation('bob', SessionType.Single),
      await alice.ports.conversations.getOneConversation('carol', SessionType.Single),
    ];

    const result = await (await alice.forward()).execute(message, targets);

    expect(result).toEqual({ ok: true, value: { succeeded: 1, failed: 1 } });
    expect(alice.toasts.toasts.at(-1)).toMatchObject({
      key: 'toast.forwardSummary',
      params: { success: 1, failed: 1 },
    });
  });

  it('§4 Forward: unsupported content types warn and count as failed; all failed shows forward failed', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    const sent = await alice.chat.send({
      kind: 'custom',
      data: '{"customType":300,"id":"x"}',
      description: '',
    });
    const target = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);
    if (!sent.ok) {
      throw new Error('send failed');
    }

    const result = await (await alice.forward()).execute(sent.value, [target]);

    expect(result).toEqual({ ok: true, value: { succeeded: 0, failed: 1 } });
    expect(alice.toasts.keys()).toEqual(['toast.unsupportedMessageType', 'toast.forwardFailed']);
  });

  it('§8 Forward: a network failure everywhere shows "check network or retry"', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    const message = await send(alice, world, 'x');
    alice.ports.device.messages.failSendsWith = 10000;
    const target = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);

    await (await alice.forward()).execute(message, [target]);

    expect(alice.toasts.keys().at(-1)).toBe('toast.forwardFailedNetwork');
  });

  it('§5 Forward: at least one conversation must be selected', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    const message = await send(alice, world, 'x');
    const result = await (await alice.forward()).execute(message, []);
    expect(!result.ok && result.error.i18nKey).toBe('validation.forward.noConversation');
    expect(alice.toasts.keys()).toEqual(['validation.forward.noConversation']);
  });
});
