import { describe, expect, it } from 'vitest';
import { RecvMsgOpt, SessionType, type Conversation } from '@teamim/domain';
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
