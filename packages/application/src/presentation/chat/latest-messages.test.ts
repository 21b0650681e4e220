import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { signedInFriends } from '../../testing';
import { loadThrough } from '../../messages/open-at-message';

/** bob reads his chat with alice, in which alice wrote `count` messages. */
async function bobReading(count: number) {
  const { world, alice, bob } = await signedInFriends();
  await alice.conversations.open('bob', SessionType.Single);
  for (let i = 1; i <= count; i += 1) await alice.chat.sendText(`m${i}`);
  await world.settle();
  await bob.conversations.loadConversations();
  const id = bob.conversations.snapshot[0]?.conversationID ?? '';
  const vm = bob.viewModels.chat(id);
  await world.settle();
  const latest = () => (vm.state.status === 'open' ? vm.state.latest : undefined);
  return { world, alice, bob, vm, id, latest };
}

describe('the "new messages / jump to latest" control', () => {
  it('is hidden at the newest message, and new messages there do not count', async () => {
    const { world, alice, latest } = await bobReading(3);
    expect(latest()).toEqual({ away: false, unseen: 0 });
    await alice.chat.sendText('while reading the newest');
    await world.settle();
    expect(latest()).toEqual({ away: false, unseen: 0 });
  });

  it('after a jump to an old message counts what others send meanwhile, not the own', async () => {
    const { world, alice, bob, vm, id, latest } = await bobReading(60);
    const oldest = bob.chat.snapshot.messages[0];
    expect((await loadThrough(bob.chat, id, { clientMsgID: oldest?.clientMsgID ?? '' })).ok).toBe(true);
    // The list scrolled up to the jump's target: the view reports it.
    vm.readerAtLatest(false);
    expect(latest()).toEqual({ away: true, unseen: 0 });

    await alice.chat.sendText('new one');
    await alice.chat.sendText('new two');
    await bob.chat.sendText('my own');
    await world.settle();
    expect(latest()).toEqual({ away: true, unseen: 2 });
    // Every message is in the list, newest last: jumping to it needs no read.
    const texts = bob.chat.snapshot.messages.map((m) => m.textElem?.content);
    expect(texts.slice(-3)).toEqual(['new one', 'new two', 'my own']);

    expect(vm.jumpToLatest().ok).toBe(true);
    expect(latest()).toEqual({ away: false, unseen: 0 });
    vm.readerAtLatest(true);
    expect(latest()).toEqual({ away: false, unseen: 0 });
  });

  it('clears when the reader scrolls back down, and starts over when leaving again', async () => {
    const { world, alice, vm, latest } = await bobReading(5);
    vm.readerAtLatest(false);
    await alice.chat.sendText('one');
    await world.settle();
    expect(latest()).toEqual({ away: true, unseen: 1 });
    vm.readerAtLatest(true);
    expect(latest()).toEqual({ away: false, unseen: 0 });
    vm.readerAtLatest(false);
    vm.readerAtLatest(false);
    expect(latest()).toEqual({ away: true, unseen: 0 });
  });
});
