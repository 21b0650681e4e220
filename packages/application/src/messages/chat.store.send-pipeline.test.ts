import { describe, expect, it } from 'vitest';
import { MessageStatus, SessionType } from '@teamim/domain';
import { DRAFT_SAVE_DELAY_MS } from '../presentation/chat/composer.view-model';
import { TestWorld, type TestClient } from '../testing';

async function chatting(): Promise<{ world: TestWorld; alice: TestClient; conversationID: string }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  await world.signIn('bob');
  const opened = await alice.conversations.open('bob', SessionType.Single);
  if (!opened.ok) throw new Error('open failed');
  await world.settle();
  return { world, alice, conversationID: opened.value.conversationID };
}

/**
 * Records, in order, each call the application makes into the message and draft adapters, and each time
 * the draft's owner (the conversation store) is asked to store one.
 */
function recordCrossings(alice: TestClient): string[] {
  const calls: string[] = [];
  const messages = alice.ports.device.messages;
  const create = messages.create.bind(messages);
  const send = messages.send.bind(messages);
  messages.create = (draft) => {
    calls.push(`create ${draft.kind}`);
    return create(draft);
  };
  messages.send = (message, target, options) => {
    calls.push('send');
    return send(message, target, options);
  };
  const gateway = alice.ports.conversations;
  const setDraft = gateway.setDraft.bind(gateway);
  gateway.setDraft = (id, text) => {
    calls.push(`draft "${text}"`);
    return setDraft(id, text);
  };
  const store = alice.conversations;
  const storeDraft = store.setDraft.bind(store);
  store.setDraft = (id, text) => {
    calls.push(`store draft "${text}"`);
    return storeDraft(id, text);
  };
  return calls;
}

describe('Sending a text: one walk into the adapters', () => {
  it('crosses into the adapter to create and to send only; the stored draft is cleared after, apart', async () => {
    const { world, alice, conversationID } = await chatting();
    const composer = alice.viewModels.composer(conversationID);
    composer.change('hello');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    const calls = recordCrossings(alice);

    expect((await composer.send()).ok).toBe(true);
    await world.settle();

    // The box lets the text go once the message is in the log; the draft store is asked only then.
    expect(calls).toEqual(['create text', 'send', 'store draft ""', 'draft ""']);
    expect(composer.state.text).toBe('');
    expect(alice.conversations.currentConversation?.draftText ?? '').toBe('');
  });

  it('settles once the message is in the log as sending; its delivery settles after', async () => {
    const { world, alice } = await chatting();
    alice.ports.device.messages.holdSends = true;

    const posted = await alice.chat.post({ kind: 'text', text: 'on its way' });

    if (!posted.ok) throw new Error('refused');
    expect(alice.chat.snapshot.messages.map((m) => [m.textElem?.content, m.status])).toEqual([
      ['on its way', MessageStatus.Sending],
    ]);
    let settled = false;
    void posted.value.delivered.then(() => (settled = true));
    await world.settle();
    expect(settled).toBe(false);

    alice.ports.device.messages.releaseHeldSends();
    const delivered = await posted.value.delivered;
    expect(delivered.ok && delivered.value.status).toBe(MessageStatus.Succeeded);
    expect(alice.chat.snapshot.messages.map((m) => m.status)).toEqual([MessageStatus.Succeeded]);
  });

  it('refuses a blank text, at-text or quoted reply by the domain rule, before anything reaches the adapter', async () => {
    const { world, alice } = await chatting();
    const sent = await alice.chat.sendText('quoted');
    if (!sent.ok) throw new Error('send failed');
    await world.settle();
    const calls = recordCrossings(alice);

    const refusals = [
      await alice.chat.send({ kind: 'text', text: ' \n\t' }),
      await alice.chat.send({ kind: 'atText', text: '  ', atUserIDList: ['bob'] }),
      await alice.chat.send({ kind: 'quote', text: '', quoted: sent.value }),
    ];

    expect(
      refusals.map((r) => (r.ok ? 'sent' : r.error.kind === 'validation' ? r.error.i18nKey : r.error.kind)),
    ).toEqual(['validation.message.empty', 'validation.message.empty', 'validation.message.empty']);
    expect(calls).toEqual([]);
    expect(alice.chat.snapshot.messages.map((m) => m.textElem?.content)).toEqual(['quoted']);
  });

  it('quoted replies go one after another, and one may go while a plain text is still on its way', async () => {
    const { world, alice, conversationID } = await chatting();
    const first = await alice.chat.sendText('first');
    if (!first.ok) throw new Error('send failed');
    await world.settle();
    const composer = alice.viewModels.composer(conversationID);
    const focus = alice.services.chatFocus;
    for (const reply of ['one', 'two']) {
      focus.setQuote(conversationID, first.value);
      composer.change(reply);
      expect((await composer.send()).ok).toBe(true);
    }

    alice.ports.device.messages.holdSends = true;
    composer.change('slow');
    const slow = composer.send();
    await world.settle();
    focus.setQuote(conversationID, first.value);
    composer.change('quick');
    const quick = composer.send();
    await world.settle();
    alice.ports.device.messages.releaseHeldSends();

    expect([(await slow).ok, (await quick).ok]).toEqual([true, true]);
    expect(alice.chat.snapshot.messages).toHaveLength(5);
  });

  it('after a text is sent, the next keystroke tells the peer "typing" again at once', async () => {
    const { world, alice, conversationID } = await chatting();
    const notices: string[] = [];
    const messages = alice.ports.device.messages;
    const sendTyping = messages.sendTyping.bind(messages);
    messages.sendTyping = (recvID, tip) => {
      notices.push(recvID);
      return sendTyping(recvID, tip);
    };
    const composer = alice.viewModels.composer(conversationID);

    composer.change('h');
    expect((await composer.send()).ok).toBe(true);
    composer.change('a');
    await world.settle();

    expect(notices).toEqual(['bob', 'bob']);
  });
});
