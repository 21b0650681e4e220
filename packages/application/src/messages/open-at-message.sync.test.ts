import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '../testing';
import { loadThrough } from './open-at-message';

/**
 * A page reloaded: alice's chat with bob opens from the server's copy of its newest messages while her
 * SDK's first sync has not reached it, and she clicks a quote of a message older than that copy.
 */
async function aliceReloaded(count: number) {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
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
  await alice.conversations.select(alice.conversations.snapshot[0]);
  await world.settle();
  const conversationID = alice.conversations.currentConversation?.conversationID ?? '';
  const original = bob.chat.snapshot.messages.find((m) => m.textElem?.content === 'm2');
  return {
    world,
    alice,
    conversationID,
    originalID: original?.clientMsgID ?? '',
    sdkHasIt: async () => {
      world.backend.connect(sink);
      await alice.conversations.loadConversations();
      await world.settle();
    },
  };
}

describe('a jump asked for while the chat shows the server’s copy', () => {
  it('waits for the SDK’s history and then loads back to the message', async () => {
    const { world, alice, conversationID, originalID, sdkHasIt } = await aliceReloaded(45);
    expect(alice.chat.snapshot.serverCopy).toBe(true);
    expect(alice.chat.snapshot.messages.some((m) => m.clientMsgID === originalID)).toBe(false);

    let settled = false;
    const jump = loadThrough(alice.chat, conversationID, { clientMsgID: originalID }).finally(() => {
      settled = true;
    });
    await world.settle();
    // Not "message not in the history": the server's copy says nothing about what is older.
    expect(settled).toBe(false);

    await sdkHasIt();
    expect(await jump).toEqual({ ok: true, value: undefined });
    expect(alice.chat.snapshot.serverCopy).toBe(false);
    expect(alice.chat.snapshot.messages.some((m) => m.clientMsgID === originalID)).toBe(true);
  });

  it('ends with the conversation closed meanwhile', async () => {
    const { world, alice, conversationID, originalID } = await aliceReloaded(30);
    const jump = loadThrough(alice.chat, conversationID, { clientMsgID: originalID });
    await alice.conversations.select(undefined);
    await world.settle();
    const result = await jump;
    expect(result.ok).toBe(false);
  });

  it('a chat the SDK already has jumps at once', async () => {
    const { world, alice, conversationID, originalID, sdkHasIt } = await aliceReloaded(30);
    await sdkHasIt();
    expect(alice.chat.snapshot.serverCopy).toBe(false);
    const jump = await loadThrough(alice.chat, conversationID, { clientMsgID: originalID });
    await world.settle();
    expect(jump.ok).toBe(true);
    expect(alice.chat.snapshot.messages.some((m) => m.clientMsgID === originalID)).toBe(true);
  });
});
