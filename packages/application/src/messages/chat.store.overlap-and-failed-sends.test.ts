import { describe, expect, it } from 'vitest';
import { MessageStatus, SessionType, type Message } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { TestWorld, type TestClient } from '../testing';

async function chatting(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  await alice.conversations.open('bob', SessionType.Single);
  await bob.conversations.open('alice', SessionType.Single);
  await world.settle();
  return { world, alice, bob };
}

const texts = (client: TestClient): (string | undefined)[] =>
  client.chat.snapshot.messages.map((m) => m.textElem?.content);

describe('ChatStore: an older page that overlaps the shown messages', () => {
  it('shows each message once, the page before the shown ones', async () => {
    const { world, alice, bob } = await chatting();
    for (const text of ['one', 'two', 'three']) await bob.chat.sendText(text);
    await world.settle();
    const shown = alice.chat.snapshot.messages;
    expect(texts(alice)).toEqual(['one', 'two', 'three']);
    const older: Message = { ...shown[0]!, clientMsgID: 'older', textElem: { content: 'zero' } };
    // The SDK's page ends with messages the list already shows (e.g. one that arrived meanwhile).
    alice.ports.device.messages.getHistory = () =>
      Promise.resolve({ messages: [older, shown[0]!, shown[1]!], isEnd: true });

    expect(await alice.chat.loadMore()).toEqual({ ok: true, value: undefined });

    expect(texts(alice)).toEqual(['zero', 'one', 'two', 'three']);
    expect(alice.chat.snapshot.hasMore).toBe(false);
  });
});

describe('ChatStore: failed sends followed when the conversation changes', () => {
  async function withFailed(): Promise<{
    world: TestWorld;
    alice: TestClient;
    bob: TestClient;
    failedID: string;
    lookups: string[][];
  }> {
    const { world, alice, bob } = await chatting();
    await alice.chat.sendText('sent');
    alice.ports.device.messages.failSendsWith = 10000;
    await alice.chat.sendText('failed');
    await world.settle();
    const failedID = alice.chat.snapshot.messages[1]?.clientMsgID ?? '';
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([
      MessageStatus.Succeeded,
      MessageStatus.Failed,
    ]);
    const lookups: string[][] = [];
    const messages = alice.ports.device.messages;
    const find = messages.findMessages.bind(messages);
    messages.findMessages = (conversationID, ids) => {
      lookups.push([conversationID, ...ids]);
      return find(conversationID, ids);
    };
    return { world, alice, bob, failedID, lookups };
  }

  it('looks up only the failed messages of the open conversation', async () => {
    const { world, alice, bob, failedID, lookups } = await withFailed();
    const conversationID = alice.conversations.currentConversation?.conversationID ?? '';

    await bob.chat.sendText('a change');
    await world.settle();

    expect(lookups).toEqual([[conversationID, failedID]]);
    expect(alice.chat.snapshot.messages.find((m) => m.clientMsgID === failedID)?.status).toBe(
      MessageStatus.Failed,
    );
  });

  it('looks nothing up while no message has failed', async () => {
    const { world, alice, bob } = await chatting();
    let lookups = 0;
    alice.ports.device.messages.findMessages = () => {
      lookups += 1;
      return Promise.resolve([]);
    };

    await bob.chat.sendText('a change');
    await world.settle();

    expect(lookups).toBe(0);
  });

  it('a failed lookup leaves the failed message as it is', async () => {
    const { world, alice, bob, failedID } = await withFailed();
    const failed = alice.chat.snapshot.messages[1];
    alice.ports.device.messages.findMessages = () => Promise.reject(new RemoteError(500, 'failed'));

    await bob.chat.sendText('a change');
    await world.settle();

    expect(alice.chat.snapshot.messages.find((m) => m.clientMsgID === failedID)).toBe(failed);
  });

  it('a sent copy that arrives after the user switched conversations is not shown in the other chat', async () => {
    const { world, alice, bob, failedID } = await withFailed();
    const failed = alice.chat.snapshot.messages[1];
    if (failed === undefined) throw new Error('no failed message');
    let answer: (copies: readonly Message[]) => void = () => undefined;
    alice.ports.device.messages.findMessages = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    await bob.chat.sendText('a change');
    await world.settle();

    await alice.conversations.open('carol', SessionType.Single);
    await world.settle();
    answer([{ ...failed, status: MessageStatus.Succeeded }]);
    await world.settle();

    expect(alice.chat.snapshot.messages.map((m) => m.clientMsgID)).not.toContain(failedID);
  });

  it('a copy the SDK still holds as failed does not replace the shown one', async () => {
    const { world, alice, bob, failedID } = await withFailed();
    const shown = alice.chat.snapshot.messages[1];
    if (shown === undefined) throw new Error('no failed message');
    alice.ports.device.messages.findMessages = () =>
      Promise.resolve([{ ...shown, status: MessageStatus.Failed, sendTime: shown.sendTime + 1 }]);

    await bob.chat.sendText('a change');
    await world.settle();

    expect(alice.chat.snapshot.messages.find((m) => m.clientMsgID === failedID)).toBe(shown);
  });
});
