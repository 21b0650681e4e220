import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '../../testing';

// Mutation testing found the top-bar search view model without a test of its own (docs/test-quality.md).
describe('TopSearchViewModel (spec §2 top bar search)', () => {
  const world = async () => {
    const w = new TestWorld().users(
      'alice',
      { userID: 'bob', nickname: 'Bobby' },
      { userID: 'bobcat', nickname: 'Cat' },
      'carol',
    );
    w.backend.makeFriends('alice', 'bob');
    w.backend.makeFriends('alice', 'bobcat');
    const alice = await w.signIn('alice');
    const group = await alice.ports.groups.createGroup({
      groupName: 'Bob fans',
      faceURL: 'https://img.example/fans.png',
      memberUserIDs: ['carol'],
    });
    await alice.contactActions.setRemark('bobcat', 'Robert the cat');
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('ask bob about it');
    await alice.chat.sendText('unrelated');
    await alice.chat.sendText('and bob again');
    await w.settle();
    return { w, alice, group };
  };

  it('starts closed and empty', async () => {
    const { alice } = await world();
    const vm = alice.viewModels.topSearch();

    expect(vm.state).toEqual({ input: '', dropdown: 'closed', friends: [], groups: [], messages: [] });
    vm.dispose();
  });

  it('shows searching while typing, then friends, groups and messages in three groups', async () => {
    const { w, alice, group } = await world();
    const vm = alice.viewModels.topSearch();

    vm.type(' bob');
    expect(vm.state).toEqual({ input: ' bob', dropdown: 'searching', friends: [], groups: [], messages: [] });
    await w.advance(500);

    const results = await firstValueFrom(alice.search.results$);
    const [bob, bobcat] = results.friends;
    const conversation = alice.conversations.currentConversation;
    const messages = results.messages.map((hit) => hit.message);
    expect(results.friends).toHaveLength(2);
    expect(messages).toHaveLength(2);
    expect(vm.state).toEqual({
      input: ' bob',
      dropdown: 'results',
      friends: [
        { kind: 'friend', key: 'bob', name: 'Bobby', faceURL: bob?.faceURL, friend: bob },
        { kind: 'friend', key: 'bobcat', name: 'Robert the cat', faceURL: bobcat?.faceURL, friend: bobcat },
      ],
      groups: [
        {
          kind: 'group',
          key: group.groupID,
          name: 'Bob fans',
          faceURL: 'https://img.example/fans.png',
          group: results.groups[0],
        },
      ],
      messages: messages.map((message, i) => ({
        kind: 'message',
        key: `${conversation?.conversationID}-${message.clientMsgID}`,
        name: conversation?.showName,
        faceURL: conversation?.faceURL,
        detail: results.messages[i]?.preview,
        conversationID: conversation?.conversationID,
        // What the hit needs to open its conversation at the message
        clientMsgID: message.clientMsgID,
        seq: message.seq,
      })),
    });
    expect(vm.state.messages.map((hit) => (hit.kind === 'message' ? hit.detail : ''))).toEqual(
      expect.arrayContaining(['ask bob about it', 'and bob again']),
    );
    expect(new Set(vm.state.messages.map((hit) => hit.key)).size).toBe(2);
    vm.dispose();
  });

  it('says "no results" for a keyword nothing matches', async () => {
    const { w, alice } = await world();
    const vm = alice.viewModels.topSearch();

    vm.type('zzz');
    await w.advance(500);

    expect(vm.state).toEqual({ input: 'zzz', dropdown: 'empty', friends: [], groups: [], messages: [] });
    vm.dispose();
  });

  it('closes at once on blank input and on clear, and clears the store', async () => {
    const { w, alice } = await world();
    const vm = alice.viewModels.topSearch();
    vm.type('bob');
    await w.advance(500);
    expect(vm.state.dropdown).toBe('results');

    vm.type('   ');
    expect(vm.state).toEqual({ input: '   ', dropdown: 'closed', friends: [], groups: [], messages: [] });

    vm.type('bob');
    await w.advance(500);
    vm.clear();
    expect(vm.state).toEqual({ input: '', dropdown: 'closed', friends: [], groups: [], messages: [] });
    expect((await firstValueFrom(alice.search.results$)).keyword).toBe('');
    vm.dispose();
  });

  it('clears what the store holds when the signed-in area is left, once', async () => {
    const { w, alice } = await world();
    const vm = alice.viewModels.topSearch();
    vm.type('bob');
    await w.advance(500);
    expect((await firstValueFrom(alice.search.results$)).friends).toHaveLength(2);

    vm.dispose();
    expect(await firstValueFrom(alice.search.results$)).toEqual({
      keyword: '',
      friends: [],
      groups: [],
      messages: [],
      searching: false,
    });

    // A second dispose must not touch a search typed elsewhere since.
    alice.search.setKeyword('carol');
    vm.dispose();
    expect((await firstValueFrom(alice.search.results$)).searching).toBe(true);
  });

  it('keeps showing searching while the user types on during the debounce', async () => {
    const { w, alice } = await world();
    const vm = alice.viewModels.topSearch();

    vm.type('b');
    vm.type('bo');
    // The store is already searching and emits nothing new: the view model says so itself.
    expect(vm.state).toEqual({ input: 'bo', dropdown: 'searching', friends: [], groups: [], messages: [] });
    vm.type('bob');
    expect(vm.state.dropdown).toBe('searching');
    await w.advance(500);
    expect(vm.state.dropdown).toBe('results');
    vm.dispose();
  });
});
