import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { pinnedMessagesStorageKey, SessionType, type Message } from '@teamim/domain';
import type { PinnedChange } from './pinned-messages.store';
import type { SendTarget } from '../ports/messages.port';
import { RemoteError } from '../shared/remote-error';
import { TestWorld, type TestClient } from '../testing';

async function groupChat(): Promise<{
  world: TestWorld;
  alice: TestClient;
  conversationID: string;
  groupID: string;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const group = await alice.ports.groups.createGroup({ groupName: 'g', faceURL: '', memberUserIDs: ['bob'] });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  return { world, alice, conversationID: `sg_${group.groupID}`, groupID: group.groupID };
}

async function send(client: TestClient, world: TestWorld, text: string): Promise<Message> {
  const result = await client.chat.sendText(text);
  await world.settle();
  if (!result.ok) throw new Error('send failed');
  return result.value;
}

describe('PinnedMessagesStore: events, toasts and the banner index', () => {
  it('pin and unpin announce the change and show success toasts', async () => {
    const { world, alice, conversationID } = await groupChat();
    const message = await send(alice, world, 'pin me');
    const changes: PinnedChange[] = [];
    alice.pins.changed$.subscribe((change) => changes.push(change));
    const before = alice.toasts.toasts.length;

    alice.pins.pin(conversationID, message);
    alice.pins.unpin(conversationID, message);

    expect(changes).toEqual([
      { conversationID, clientMsgID: message.clientMsgID, pinned: true },
      { conversationID, clientMsgID: message.clientMsgID, pinned: false },
    ]);
    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'success', key: 'toast.messagePinned' },
      { level: 'success', key: 'toast.messageUnpinned' },
    ]);
  });

  it('removing a message that is not pinned says so and changes nothing', async () => {
    const { world, alice, conversationID } = await groupChat();
    const pinned = await send(alice, world, 'pinned');
    alice.pins.pin(conversationID, pinned);
    const changes: PinnedChange[] = [];
    alice.pins.changed$.subscribe((change) => changes.push(change));

    expect(alice.pins.removeSilently(conversationID, 'not-pinned')).toBe(false);
    expect(changes).toEqual([]);
    expect(alice.pins.list(conversationID)).toEqual([pinned]);

    expect(alice.pins.removeSilently(conversationID, pinned.clientMsgID)).toBe(true);
    expect(changes).toEqual([{ conversationID, clientMsgID: pinned.clientMsgID, pinned: false }]);
    expect(alice.pins.list(conversationID)).toEqual([]);
  });

  it('cycling an empty banner keeps it empty at index 0', async () => {
    const { alice, conversationID } = await groupChat();

    alice.pins.cycle(conversationID);

    expect(await firstValueFrom(alice.pins.banner$(conversationID))).toEqual({ pinned: [], index: 0 });
  });

  it('after an unpin the banner shows the last remaining message, not the first', async () => {
    const { world, alice, conversationID } = await groupChat();
    const [a, b, c] = [
      await send(alice, world, 'a'),
      await send(alice, world, 'b'),
      await send(alice, world, 'c'),
    ];
    for (const message of [a, b, c]) alice.pins.pin(conversationID, message);
    alice.pins.cycle(conversationID);
    alice.pins.cycle(conversationID);
    expect((await firstValueFrom(alice.pins.banner$(conversationID))).index).toBe(2);

    alice.pins.unpin(conversationID, b);

    const banner = await firstValueFrom(alice.pins.banner$(conversationID));
    expect(banner.index).toBe(1);
    expect(banner.pinned[banner.index]?.textElem?.content).toBe('a');
  });

  it('a stored entry that is JSON but not a list reads as no pins', () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    alice.ports.localStore.set(pinnedMessagesStorageKey('sg_x'), '{"clientMsgID":"m1"}');

    expect(alice.pins.list('sg_x')).toEqual([]);
  });
});

describe('ForwardMessages: targets, toasts and network failures', () => {
  async function forwarding(): Promise<{
    world: TestWorld;
    alice: TestClient;
    message: Message;
    targets: SendTarget[];
    toBob: Awaited<ReturnType<TestClient['ports']['conversations']['getOneConversation']>>;
    toCarol: Awaited<ReturnType<TestClient['ports']['conversations']['getOneConversation']>>;
    toGroup: Awaited<ReturnType<TestClient['ports']['conversations']['getOneConversation']>>;
  }> {
    const { world, alice, groupID } = await groupChat();
    const message = await send(alice, world, 'forward me');
    const toBob = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);
    const toCarol = await alice.ports.conversations.getOneConversation('carol', SessionType.Single);
    const toGroup = await alice.ports.conversations.getOneConversation(groupID, SessionType.Group);
    const targets: SendTarget[] = [];
    const messages = alice.ports.device.messages;
    const realSend = messages.send.bind(messages);
    messages.send = (draft, target, options) => {
      targets.push(target);
      return realSend(draft, target, options);
    };
    return { world, alice, message, targets, toBob, toCarol, toGroup };
  }

  it('sends to a user by user id and to a group by group id; all sent is a success toast', async () => {
    const { alice, message, targets, toBob, toGroup } = await forwarding();
    const before = alice.toasts.toasts.length;

    const result = await (await alice.forward()).execute(message, [toBob, toGroup]);

    expect(result).toEqual({ ok: true, value: { succeeded: 2, failed: 0 } });
    expect(targets).toEqual([
      { recvID: 'bob', groupID: '' },
      { recvID: '', groupID: toGroup.groupID },
    ]);
    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'success', key: 'toast.forwardSummary', params: { success: 2, failed: 0 } },
    ]);
  });

  it('some sent and some refused is a warning toast with both counts', async () => {
    const { world, alice, message, toBob, toCarol } = await forwarding();
    world.backend.blacklistOf('carol').add('alice');
    const before = alice.toasts.toasts.length;

    await (await alice.forward()).execute(message, [toBob, toCarol]);

    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'warning', key: 'toast.forwardSummary', params: { success: 1, failed: 1 } },
    ]);
  });

  it('all refused by a rule is an error toast without counts, not the network one', async () => {
    const { world, alice, message, toCarol } = await forwarding();
    world.backend.blacklistOf('carol').add('alice');
    const before = alice.toasts.toasts.length;

    expect(await (await alice.forward()).execute(message, [toCarol])).toEqual({
      ok: true,
      value: { succeeded: 0, failed: 1 },
    });

    expect(alice.toasts.toasts.slice(before)).toStrictEqual([{ level: 'error', key: 'toast.forwardFailed' }]);
  });

  it('a timeout (10001) counts as a network failure; a network failure beside a refusal does not', async () => {
    const { world, alice, message, toBob, toCarol } = await forwarding();
    alice.ports.device.messages.send = () => Promise.reject(new RemoteError(10001, 'timeout'));
    const before = alice.toasts.toasts.length;
    await (await alice.forward()).execute(message, [toBob]);
    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'error', key: 'toast.forwardFailedNetwork' },
    ]);

    const codes = [10000, 1302];
    alice.ports.device.messages.send = () => Promise.reject(new RemoteError(codes.shift() ?? 0, 'failed'));
    await (await alice.forward()).execute(message, [toBob, toCarol]);
    await world.settle();

    expect(alice.toasts.toasts.at(-1)).toStrictEqual({ level: 'error', key: 'toast.forwardFailed' });
  });

  it('no target is a warning toast', async () => {
    const { alice, message } = await forwarding();
    const before = alice.toasts.toasts.length;

    await (await alice.forward()).execute(message, []);

    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'warning', key: 'validation.forward.noConversation' },
    ]);
  });

  it('an unsupported message warns once per target', async () => {
    const { alice, toBob, toCarol } = await forwarding();
    const sent = await alice.chat.send({
      kind: 'custom',
      data: '{"customType":300,"id":"x"}',
      description: '',
    });
    if (!sent.ok) throw new Error('send failed');
    const before = alice.toasts.toasts.length;

    await (await alice.forward()).execute(sent.value, [toBob, toCarol]);

    expect(alice.toasts.toasts.slice(before)).toStrictEqual([
      { level: 'warning', key: 'toast.unsupportedMessageType' },
      { level: 'warning', key: 'toast.unsupportedMessageType' },
      { level: 'error', key: 'toast.forwardFailed' },
    ]);
  });
});
