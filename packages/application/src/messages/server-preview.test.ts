import { describe, expect, it } from 'vitest';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import type { MessagesGateway } from '../ports/messages.port';
import { MISSING_ROUTE_CODE, RemoteError } from '../shared/remote-error';
import { TestWorld } from '../testing';
import { mergeLocalHistory, sdkCopy } from './server-preview';

type Client = Awaited<ReturnType<TestWorld['signIn']>>;

/**
 * The first minute after sign-in: alice is signed in but her SDK's first sync has not reached her
 * conversation with bob (her device hears nothing of it), while the server holds bob's `count` messages
 * and lists the conversation on its first page. `sdkHasIt` ends the sync: the SDK's full load has it.
 */
async function aliceSyncing(count: number): Promise<{
  world: TestWorld;
  alice: Client;
  bob: Client;
  conversationID: string;
  sdkHasIt: () => Promise<void>;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const sink = alice.ports.device.sink;
  world.backend.devices.delete(sink);
  await bob.conversations.open('alice', SessionType.Single);
  for (let i = 1; i <= count; i++) {
    await bob.chat.sendText(`m${i}`);
    await world.advance(1000);
  }
  await alice.conversations.loadServerFirstPage('alice');
  const conversationID = alice.conversations.snapshot[0]?.conversationID ?? '';
  expect(alice.conversations.isServerOnly(conversationID)).toBe(true);
  return {
    world,
    alice,
    bob,
    conversationID,
    sdkHasIt: async () => {
      world.backend.connect(sink);
      await alice.conversations.loadConversations();
      await world.settle();
    },
  };
}

const texts = (messages: readonly Message[]): string[] => messages.map((m) => m.textElem?.content ?? '');

describe('a chat opened during the SDK’s first sync shows the server’s newest messages', () => {
  it('opens at once with the newest page from the server, without reading the SDK’s history', async () => {
    const { world, alice, conversationID } = await aliceSyncing(25);
    let sdkReads = 0;
    const getHistory = alice.ports.device.messages.getHistory.bind(alice.ports.device.messages);
    alice.ports.device.messages.getHistory = (...args) => {
      sdkReads += 1;
      return getHistory(...args);
    };

    await alice.conversations.select(alice.conversations.snapshot[0]);
    await world.settle();

    expect(alice.conversations.currentConversation?.conversationID).toBe(conversationID);
    expect(alice.ports.device.messages.serverNewestReads).toEqual([conversationID]);
    expect(texts(alice.chat.snapshot.messages)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(alice.chat.snapshot.hasMore).toBe(false);
    expect(sdkReads).toBe(0);
    // Nothing older until the SDK has the conversation.
    expect((await alice.chat.loadMore()).ok).toBe(true);
    expect(sdkReads).toBe(0);
  });

  it('sends at once, and the message reaches bob', async () => {
    const { world, alice, bob, conversationID } = await aliceSyncing(3);
    await alice.conversations.select(alice.conversations.snapshot[0]);

    const sent = await alice.chat.sendText('hello from the first minute');
    await world.settle();

    expect(sent.ok && sent.value.status).toBe(MessageStatus.Succeeded);
    expect(texts(alice.chat.snapshot.messages).at(-1)).toBe('hello from the first minute');
    expect(texts(bob.chat.snapshot.messages).at(-1)).toBe('hello from the first minute');
    expect(alice.conversations.currentConversation?.conversationID).toBe(conversationID);
  });

  it('takes the SDK’s history once the SDK has the conversation: its copies win, no duplicates', async () => {
    const { world, alice, sdkHasIt } = await aliceSyncing(25);
    const messages = alice.ports.device.messages;
    const serverNewest = messages.getServerNewest.bind(messages);
    messages.getServerNewest = async (id, count) =>
      (await serverNewest(id, count)).map((m) => ({ ...m, ex: 'server copy' }));
    await alice.conversations.select(alice.conversations.snapshot[0]);
    await alice.chat.sendText('sent meanwhile');
    await world.settle();
    expect(alice.chat.snapshot.messages.filter((m) => m.ex === 'server copy')).toHaveLength(20);

    await sdkHasIt();

    const shown = alice.chat.snapshot.messages;
    expect(shown.filter((m) => m.ex === 'server copy')).toEqual([]);
    expect(new Set(shown.map((m) => m.clientMsgID)).size).toBe(shown.length);
    expect(texts(shown)).toEqual([...Array.from({ length: 19 }, (_, i) => `m${i + 7}`), 'sent meanwhile']);
    expect(alice.chat.snapshot.hasMore).toBe(true);
    await alice.chat.loadMore();
    expect(texts(alice.chat.snapshot.messages).slice(0, 3)).toEqual(['m1', 'm2', 'm3']);
  });

  it('marks the conversation read once the SDK has it, not before', async () => {
    const { world, alice, conversationID, sdkHasIt } = await aliceSyncing(2);
    const marked: string[] = [];
    alice.ports.device.conversations.markAsRead = (id) => {
      marked.push(id);
      return Promise.resolve();
    };
    await alice.conversations.select(alice.conversations.snapshot[0]);
    await world.advance(3000);
    expect(marked).toEqual([]);

    await sdkHasIt();
    await world.advance(3000);

    expect(marked).toEqual([conversationID]);
  });

  it('without the server path it waits for the SDK, as before, and asks the server only once', async () => {
    const { world, alice, bob, sdkHasIt } = await aliceSyncing(3);
    alice.ports.device.messages.serverNewestMissing = true;
    world.backend.conversationRecord('alice', 'carol', SessionType.Single).latestMsgSendTime = 1;
    await alice.conversations.loadServerFirstPage('alice');
    const [withBob, withCarol] = alice.conversations.snapshot;

    await alice.conversations.select(withBob);
    expect(alice.conversations.currentConversation).toBeUndefined();
    await alice.conversations.select(withCarol);
    expect(alice.conversations.currentConversation).toBeUndefined();
    expect(alice.ports.device.messages.serverNewestReads).toHaveLength(1);

    await alice.conversations.select(withBob);
    await sdkHasIt();
    expect(alice.conversations.currentConversation?.userID).toBe('bob');
    expect(texts(alice.chat.snapshot.messages)).toEqual(['m1', 'm2', 'm3']);
    expect(texts(bob.chat.snapshot.messages)).toEqual(['m1', 'm2', 'm3']);
  });

  it('a failing server read waits for the SDK this time and asks again on the next open', async () => {
    const { world, alice } = await aliceSyncing(3);
    const messages = alice.ports.device.messages;
    const serverNewest = messages.getServerNewest.bind(messages);
    messages.getServerNewest = () => Promise.reject(new RemoteError(500, 'down'));
    await alice.conversations.select(alice.conversations.snapshot[0]);
    expect(alice.conversations.currentConversation).toBeUndefined();

    messages.getServerNewest = serverNewest;
    await alice.conversations.select(alice.conversations.snapshot[0]);
    await world.settle();
    expect(texts(alice.chat.snapshot.messages)).toEqual(['m1', 'm2', 'm3']);
  });

  it('a conversation chosen while the server read runs stays open when the read ends', async () => {
    const { world, alice } = await aliceSyncing(3);
    const withBob = alice.conversations.snapshot[0];
    const opening = alice.conversations.select(withBob);
    const carol = await alice.conversations.open('carol', SessionType.Single);
    await opening;
    await world.settle();

    expect(carol.ok && alice.conversations.currentConversation?.userID).toBe('carol');
    expect(alice.chat.snapshot.conversationID).toBe(alice.conversations.currentConversation?.conversationID);
    expect(alice.chat.snapshot.messages).toEqual([]);
  });

  it('selecting it again while its server read runs (each list change does) reads once', async () => {
    const { world, alice, conversationID } = await aliceSyncing(3);
    const shown = alice.conversations.snapshot[0];
    await Promise.all([
      alice.conversations.select(shown),
      alice.conversations.select(shown),
      alice.conversations.select(shown),
    ]);
    await world.settle();
    expect(alice.ports.device.messages.serverNewestReads).toEqual([conversationID]);
    expect(alice.conversations.currentConversation?.conversationID).toBe(conversationID);
    expect(texts(alice.chat.snapshot.messages)).toEqual(['m1', 'm2', 'm3']);
  });

  it('reports a missing server path as MISSING_ROUTE_CODE from the fake, as the OpenIM adapter does', async () => {
    const { alice, conversationID } = await aliceSyncing(1);
    alice.ports.device.messages.serverNewestMissing = true;
    await expect(alice.ports.device.messages.getServerNewest(conversationID, 20)).rejects.toMatchObject({
      code: MISSING_ROUTE_CODE,
    });
  });
});

const msg = (id: string, seq: number, sendTime = seq * 1000): Message => ({
  clientMsgID: id,
  serverMsgID: '',
  sendID: 'bob',
  recvID: 'alice',
  groupID: '',
  sessionType: SessionType.Single,
  contentType: ContentType.Text,
  sendTime,
  createTime: sendTime,
  senderNickname: '',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: false,
  seq,
  msgFrom: 100,
  textElem: { content: id },
});
/** Merging and the SDK lookup read only these fields, so nothing else needs a value. */
const bare = (clientMsgID: string, seq: number, sendTime: number, ex = ''): Message =>
  ({ clientMsgID, seq, sendTime, createTime: sendTime, ex }) as unknown as Message;

describe('mergeLocalHistory', () => {
  it('keeps the local copy of a shared message, newer shown ones, and drops older shown ones', () => {
    const shown = [msg('a', 1), { ...msg('b', 2), ex: 'server' }, msg('c', 3), msg('d', 0, 9000)];
    const local = [msg('b', 2), msg('c', 3)];
    expect(mergeLocalHistory(shown, local)).toEqual([msg('b', 2), msg('c', 3), msg('d', 0, 9000)]);
  });

  it('keeps messages still being sent (no send time yet, created after the page), in their order', () => {
    const sending = (id: string, createTime: number): Message => ({
      ...msg(id, 0, 0),
      createTime,
      status: MessageStatus.Sending,
    });
    const shown = [msg('a', 1), msg('b', 2), sending('s1', 5000), sending('s2', 5001)];
    const local = [msg('b', 2), msg('c', 3)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      msg('b', 2),
      msg('c', 3),
      sending('s1', 5000),
      sending('s2', 5001),
    ]);
  });

  it('keeps what is shown when the local page is empty', () => {
    const shown = [msg('a', 1)];
    expect(mergeLocalHistory(shown, [])).toBe(shown);
  });

  it('orders by seq where both messages have one, even against their send times (clock skew)', () => {
    // a's seq is older than the page's oldest though its send time is later: it goes.
    const shown = [bare('a', 4, 9000), bare('z', 8, 1000)];
    const local = [bare('b', 5, 5000), bare('c', 6, 6000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      bare('b', 5, 5000),
      bare('c', 6, 6000),
      bare('z', 8, 1000),
    ]);
  });

  it('finds the page’s oldest by seq among several, and keeps shown ones of a later seq', () => {
    const shown = [bare('a', 4, 4000), bare('e', 7, 7000)];
    const local = [bare('c', 6, 6000), bare('b', 5, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      bare('c', 6, 6000),
      bare('b', 5, 5000),
      bare('e', 7, 7000),
    ]);
  });

  it('keeps a shown message whose seq equals the page’s oldest (not older)', () => {
    const shown = [bare('x', 5, 5000)];
    const local = [bare('b', 5, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([bare('b', 5, 5000), bare('x', 5, 5000)]);
  });

  it('orders by time when the page’s oldest has no seq', () => {
    const shown = [bare('a', 3, 1000), bare('n', 9, 8000)];
    const local = [bare('x', 0, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([bare('x', 0, 5000), bare('n', 9, 8000)]);
  });

  it('orders by time when the shown message has no seq: older unsent ones go, same-time ones stay', () => {
    const shown = [bare('old-failed', 0, 1000), bare('same', 0, 5000), bare('later', 0, 6000)];
    const local = [bare('x', 0, 5000)];
    expect(mergeLocalHistory(shown, local)).toEqual([
      bare('x', 0, 5000),
      bare('same', 0, 5000),
      bare('later', 0, 6000),
    ]);
  });
});

describe("sdkCopy: the SDK's own copy of a message shown from the server", () => {
  const shown = bare('m2', 2, 2000, 'server');

  function gateway(find: (conversationID: string, ids: readonly string[]) => Promise<readonly Message[]>) {
    const calls: [string, readonly string[]][] = [];
    const fake = {
      findMessages: (conversationID: string, ids: readonly string[]) => {
        calls.push([conversationID, ids]);
        return find(conversationID, ids);
      },
    } as unknown as MessagesGateway;
    return { fake, calls };
  }

  it('asks the SDK for that one message and returns its copy, not another message it returns', async () => {
    const sdk = bare('m2', 2, 2000, 'sdk');
    const { fake, calls } = gateway(() => Promise.resolve([bare('m1', 1, 1000, 'sdk'), sdk]));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(sdk);
    expect(calls).toEqual([['si_a_b', ['m2']]]);
  });

  it('returns the shown message when the SDK does not hold it', async () => {
    const { fake } = gateway(() => Promise.resolve([bare('m1', 1, 1000, 'sdk')]));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(shown);
  });

  it('returns the shown message when the read fails', async () => {
    const { fake } = gateway(() => Promise.reject(new RemoteError(10002, 'sdk not ready')));
    expect(await sdkCopy(fake, 'si_a_b', shown)).toBe(shown);
  });
});
