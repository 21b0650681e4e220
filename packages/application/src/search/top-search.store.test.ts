import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '../testing';
import { previewOf } from './top-search.store';

describe('TopSearchStore', () => {
  it('§2/§9 Top search is debounced 500 ms and finds friends, groups and local messages', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bobby' }, 'carol');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.ports.groups.createGroup({ groupName: 'Bob fans', faceURL: '', memberUserIDs: ['carol'] });
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('ask bob about it');
    await alice.chat.sendText('unrelated');
    await world.settle();

    alice.search.setKeyword('bo');
    alice.search.setKeyword('bob');
    await world.advance(499);
    expect(await firstValueFrom(alice.search.results$)).toMatchObject({ keyword: '', searching: true });
    await world.advance(1);

    const results = await firstValueFrom(alice.search.results$);
    expect(results.keyword).toBe('bob');
    expect(results.friends.map((f) => f.userID)).toEqual(['bob']);
    expect(results.groups.map((g) => g.groupName)).toEqual(['Bob fans']);
    expect(results.messages.map((m) => m.preview)).toEqual(['ask bob about it']);
  });

  it('§9 Local message search takes 5 per conversation in at most 20 conversations', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    for (let i = 0; i < 22; i += 1) {
      world.backend.registerUser({ userID: `u${i}` });
      const peer = await world.signIn(`u${i}`);
      await peer.conversations.open('alice', SessionType.Single);
      for (let j = 0; j < 7; j += 1) {
        await peer.chat.sendText(`needle ${j}`);
      }
    }
    await world.settle();
    await alice.conversations.loadConversations();

    alice.search.setKeyword('needle');
    await world.advance(500);

    const results = await firstValueFrom(alice.search.results$);
    expect(results.messages).toHaveLength(100);
    expect(new Set(results.messages.map((m) => m.conversation.conversationID)).size).toBe(20);
  });

  it('§2 Blank input clears the results at once', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    alice.search.setKeyword('bob');
    await world.advance(500);
    expect((await firstValueFrom(alice.search.results$)).friends).toHaveLength(1);

    alice.search.setKeyword('  ');

    expect((await firstValueFrom(alice.search.results$)).friends).toEqual([]);
  });

  it('§8 Search failures show a generic error toast', async () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    alice.search.setKeyword('x');
    await world.advance(500);
    expect(alice.toasts.keys()).toEqual(['toast.accessFailed']);
  });

  it('§5 Message preview in search results is limited to 50 characters', () => {
    const long = 'x'.repeat(80);
    const preview = previewOf({ textElem: { content: long } } as Parameters<typeof previewOf>[0]);
    expect(preview).toHaveLength(50);
  });
});
