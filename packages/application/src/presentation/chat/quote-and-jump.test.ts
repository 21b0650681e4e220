import { describe, expect, it } from 'vitest';
import { ContentType, SessionType, type Message } from '@teamim/domain';
import type { TestWorld } from '../../testing';
import { type TestClient, signedInFriends } from '../../testing';
import type { ChatViewModel, ChatViewState } from './chat.view-model';
import type { MessageView } from './rows';

type Open = Extract<ChatViewState, { status: 'open' }>;

function opened(state: ChatViewState): Open {
  if (state.status !== 'open') throw new Error(`chat is ${state.status}`);
  return state;
}

function sent<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

/** Alice and Bob, friends, each with their one-to-one chat open. */
async function pair() {
  const { world, alice, bob } = await signedInFriends();
  const conversation = sent(await alice.conversations.open('bob', SessionType.Single));
  sent(await bob.conversations.open('alice', SessionType.Single));
  await world.settle();
  return { world, alice, bob, conversationID: conversation.conversationID };
}

async function openChat(
  client: TestClient,
  conversationID: string,
  world: TestWorld,
): Promise<ChatViewModel> {
  const vm = client.viewModels.chat(conversationID);
  await world.settle();
  return vm;
}

function row(vm: ChatViewModel, id: string): MessageView | undefined {
  return opened(vm.state).messages.find((m) => m.id === id);
}

function quoteOf(view: MessageView | undefined) {
  if (view?.kind !== 'bubble' || view.body.kind !== 'quote') throw new Error('not a quote bubble');
  return view.body;
}

async function sendTexts(client: TestClient, prefix: string, count: number): Promise<Message[]> {
  const out: Message[] = [];
  for (let i = 0; i < count; i += 1) out.push(sent(await client.chat.sendText(`${prefix} ${i}`)));
  return out;
}

describe('Quote (spec §2 context menu "quote", §3 quote block)', () => {
  it('quote puts the block above the composer; the reply goes as a quote message the other side shows over the reply', async () => {
    const { world, alice, bob, conversationID } = await pair();
    const bobChat = await openChat(bob, conversationID, world);
    const original = sent(await bob.chat.sendText('lunch at noon?'));
    await world.settle();

    const aliceChat = await openChat(alice, conversationID, world);
    const draft = alice.viewModels.quoteDraft(conversationID);
    const composer = alice.viewModels.composer(conversationID);
    await world.settle();
    const actions = row(aliceChat, original.clientMsgID);
    expect(actions?.kind === 'bubble' && actions.actions).toContain('quote');
    expect(aliceChat.actions.quote(original.clientMsgID).ok).toBe(true);
    expect(draft.state.quote).toMatchObject({
      id: original.clientMsgID,
      author: 'Bob',
      excerpt: 'lunch at noon?',
    });
    expect(draft.state.quote?.caption).toBe('引用 Bob：lunch at noon?');

    composer.change('yes, see you');
    const reply = sent(await composer.send());
    await world.settle();
    expect(reply.contentType).toBe(ContentType.Quote);
    expect(reply.quoteElem?.quoteMessage?.clientMsgID).toBe(original.clientMsgID);
    expect(draft.state.quote).toBeUndefined();
    expect(composer.state.text).toBe('');

    const body = quoteOf(row(bobChat, reply.clientMsgID));
    expect(body.reply).toBe('yes, see you');
    expect(body.quote).toMatchObject({
      id: original.clientMsgID,
      author: '你',
      excerpt: 'lunch at noon?',
      revoked: false,
    });
    expect(body.quote.seq).toBeGreaterThan(0);
    // The conversation list shows the reply, not the quoted block.
    const list = bob.viewModels.conversationList();
    await world.settle();
    expect(list.state.rows.find((r) => r.id === conversationID)?.preview).toBe('yes, see you');
  });

  it('the close button (or Esc) removes the block and the text goes as plain text', async () => {
    const { world, alice, bob, conversationID } = await pair();
    const original = sent(await bob.chat.sendText('a question'));
    await world.settle();
    const aliceChat = await openChat(alice, conversationID, world);
    const draft = alice.viewModels.quoteDraft(conversationID);
    const composer = alice.viewModels.composer(conversationID);
    aliceChat.actions.quote(original.clientMsgID);
    await world.settle();
    expect(draft.clear()).toBe(true);
    expect(draft.clear()).toBe(false);
    expect(draft.state.quote).toBeUndefined();
    composer.change('just text');
    expect(sent(await composer.send()).contentType).toBe(ContentType.Text);
  });

  it('a revoked original: the quote says so at once, on both sides', async () => {
    const { world, alice, bob, conversationID } = await pair();
    const original = sent(await bob.chat.sendText('oops'));
    await world.settle();
    const aliceChat = await openChat(alice, conversationID, world);
    aliceChat.actions.quote(original.clientMsgID);
    const composer = alice.viewModels.composer(conversationID);
    composer.change('what?');
    const reply = sent(await composer.send());
    const bobChat = await openChat(bob, conversationID, world);
    expect((await bobChat.actions.revoke(original.clientMsgID)).ok).toBe(true);
    await world.settle();
    expect(quoteOf(row(aliceChat, reply.clientMsgID)).quote).toMatchObject({
      revoked: true,
      excerpt: 'Bob撤回了一条消息',
    });
    expect(quoteOf(row(bobChat, reply.clientMsgID)).quote).toMatchObject({
      revoked: true,
      excerpt: '你撤回了一条消息',
    });
  });
});

describe('Open at a message (quote jump, search hit)', () => {
  it('a jump reads the history back to the original and shows ten messages before it', async () => {
    const { world, bob, conversationID } = await pair();
    await openChat(bob, conversationID, world);
    await sendTexts(bob, 'before', 25);
    const original = sent(await bob.chat.sendText('the original'));
    await sendTexts(bob, 'after', 59);
    await world.settle();
    // Bob quotes his own old message from a list that still has it, then reads it on a fresh device.
    bob.services.chatFocus.setQuote(conversationID, original);
    const composer = bob.viewModels.composer(conversationID);
    composer.change('see above');
    const reply = sent(await composer.send());
    await world.settle();

    const fresh = await world.signIn('bob');
    const chat = await openChat(fresh, conversationID, world);
    expect(row(chat, original.clientMsgID)).toBeUndefined();
    const quote = quoteOf(row(chat, reply.clientMsgID)).quote;
    expect((await chat.actions.jumpTo(quote.id, quote.seq)).ok).toBe(true);
    await world.settle();
    const ids = opened(chat.state).messages.map((m) => m.id);
    const index = ids.indexOf(original.clientMsgID);
    // Ten older messages give the original its context; everything up to the newest stays loaded.
    expect(index).toBe(10);
    expect(ids.at(-1)).toBe(reply.clientMsgID);
    expect(opened(chat.state).highlight).toEqual({ id: original.clientMsgID, seq: 1 });
  });

  it('a message no longer in the history is an error, not a highlight', async () => {
    const { world, alice, conversationID } = await pair();
    const chat = await openChat(alice, conversationID, world);
    sent(await alice.chat.sendText('here'));
    const result = await chat.actions.jumpTo('no-such-message');
    expect(result.ok).toBe(false);
    expect(opened(chat.state).highlight).toBeUndefined();
  });

  it('a top-search message hit opens its conversation at the message, highlighted', async () => {
    const { world, alice, bob, conversationID } = await pair();
    await openChat(bob, conversationID, world);
    const needle = sent(await bob.chat.sendText('the needle in the haystack'));
    await sendTexts(bob, 'hay', 45);
    await world.settle();

    const search = alice.viewModels.topSearch();
    search.type('needle');
    await world.advance(500);
    const hit = search.state.messages[0];
    if (hit?.kind !== 'message') throw new Error('no message hit');
    expect(hit.clientMsgID).toBe(needle.clientMsgID);
    expect(search.openMessage(hit)).toBe(conversationID);
    expect(search.state.input).toBe('');

    const chat = await openChat(alice, conversationID, world);
    expect(opened(chat.state).highlight?.id).toBe(needle.clientMsgID);
    expect(row(chat, needle.clientMsgID)).toBeDefined();
    // Taken once: the same chat opened again does not jump again.
    chat.dispose();
    const again = await openChat(alice, conversationID, world);
    expect(opened(again.state).highlight).toBeUndefined();
  });

  it('a quote reply is found by the top search by its reply text', async () => {
    const { world, alice, bob, conversationID } = await pair();
    const original = sent(await bob.chat.sendText('original words'));
    await world.settle();
    const aliceChat = await openChat(alice, conversationID, world);
    aliceChat.actions.quote(original.clientMsgID);
    const composer = alice.viewModels.composer(conversationID);
    composer.change('pineapple reply');
    sent(await composer.send());
    const search = bob.viewModels.topSearch();
    search.type('pineapple');
    await world.advance(500);
    expect(search.state.messages.map((m) => m.kind === 'message' && m.detail)).toEqual(['pineapple reply']);
  });
});
