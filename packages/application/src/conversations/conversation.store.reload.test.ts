import { describe, expect, it } from 'vitest';
import { PAGING, RecvMsgOpt, SessionType, type Conversation } from '@teamim/domain';
import { TestWorld } from '../testing';

function entry(conversationID: string, latestMsgSendTime: number, change: Partial<Conversation> = {}) {
  const conversation: Conversation = {
    conversationID,
    conversationType: SessionType.Single,
    userID: conversationID,
    groupID: '',
    showName: conversationID,
    faceURL: '',
    unreadCount: 0,
    latestMsg: `{"clientMsgID":"${conversationID}"}`,
    latestMsgSendTime,
    draftTextTime: 0,
    isPinned: false,
    recvMsgOpt: RecvMsgOpt.Normal,
    ...change,
  };
  return conversation;
}

/** Alice, whose SDK answers every read of her conversations with fresh copies of `stored()`. */
async function aliceReading(stored: () => Conversation[]) {
  const world = new TestWorld().users('alice');
  const alice = await world.signIn('alice');
  alice.ports.device.conversations.getConversationsPage = (offset) =>
    Promise.resolve(offset === 0 ? stored().map((c) => ({ ...c })) : []);
  return alice;
}

// The list's rows are derived per conversation object: a reload that handed over new objects for
// unchanged conversations would build (and keep, until the next render) a second set of rows.
describe('ConversationStore: reloads keep the conversations that did not change', () => {
  it('the reload after a sync keeps the same objects for unchanged conversations', async () => {
    let stored = [entry('a', 2000), entry('b', 1000)];
    const alice = await aliceReading(() => stored);
    await alice.conversations.loadConversations();
    const [a, b] = alice.conversations.snapshot;
    stored = [entry('a', 2000), entry('b', 1000, { unreadCount: 1 })];

    await alice.conversations.loadConversations();

    const [a2, b2] = alice.conversations.snapshot;
    expect(a2).toBe(a);
    expect(b2).not.toBe(b);
    expect(b2).toEqual(entry('b', 1000, { unreadCount: 1 }));
  });

  it('a read while the SDK syncs keeps the same objects for unchanged conversations', async () => {
    let stored = [entry('a', 2000), entry('b', 1000)];
    const alice = await aliceReading(() => stored);
    await alice.conversations.refreshConversations();
    const [a, b] = alice.conversations.snapshot;
    stored = [entry('a', 2000), entry('b', 3000)];

    await alice.conversations.refreshConversations();

    const [first, second] = alice.conversations.snapshot;
    expect(first).toEqual(entry('b', 3000));
    expect(first).not.toBe(b);
    expect(second).toBe(a);
  });
});

/** `count` conversations c0000…, newest first. */
const many = (count: number) =>
  Array.from({ length: count }, (_, i) => entry(`c${String(i).padStart(4, '0')}`, 100_000 - i));

// Right after the SDK's sync its answers are slow: a read of the whole list while it synced and the full
// load after the sync each held a whole copy of the list (two pages of 500, then the empty third) at once.
describe('ConversationStore: the read while the SDK syncs gives way to the load after it', () => {
  it('a read under way reads no further page once the full load has started, and the list is whole', async () => {
    const stored = many(PAGING.conversation + 10);
    const alice = await aliceReading(() => stored);
    const read = (offset: number, count: number) =>
      Promise.resolve(stored.slice(offset, offset + count).map((c) => ({ ...c })));
    const offsets: number[] = [];
    let release: (() => void) | undefined;
    const firstPageHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    alice.ports.device.conversations.getConversationsPage = async (offset, count) => {
      offsets.push(offset);
      // The read while syncing waits on its first page until the full load has begun.
      if (offsets.length === 1) await firstPageHeld;
      return read(offset, count);
    };

    const refreshing = alice.conversations.refreshConversations();
    const loading = alice.conversations.loadConversations();
    release?.();
    await Promise.all([refreshing, loading]);

    expect(offsets).toEqual([0, 0, PAGING.conversation]);
    expect(alice.conversations.snapshot.map((c) => c.conversationID)).toEqual(
      stored.map((c) => c.conversationID),
    );
  });
});
