import { describe, expect, it } from 'vitest';
import { SessionType, type Message } from '@teamim/domain';
import { RemoteError } from '../../shared/remote-error';
import { TestWorld, type TestClient } from '../../testing';
import { DRAFT_SAVE_DELAY_MS } from './composer.view-model';

async function aliceWithBob(): Promise<{ world: TestWorld; alice: TestClient; id: string }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  await world.signIn('bob');
  const opened = await alice.conversations.open('bob', SessionType.Single);
  if (!opened.ok) throw new Error('open failed');
  await world.settle();
  return { world, alice, id: opened.value.conversationID };
}

const sdkDraft = (alice: TestClient, id: string) =>
  alice.conversations.snapshot.find((c) => c.conversationID === id)?.draftText ?? '';

/** Records the texts the composer asks the SDK to store as the draft; `refuse` decides each answer. */
function recordDraftSaves(
  alice: TestClient,
  refuse: (text: string) => Promise<void> | undefined = () => undefined,
): string[] {
  const saves: string[] = [];
  const conversations = alice.ports.device.conversations;
  const accept = conversations.setDraft.bind(conversations);
  conversations.setDraft = (conversationID, text) => {
    saves.push(text);
    return refuse(text) ?? accept(conversationID, text);
  };
  return saves;
}

describe('ComposerViewModel: the draft reaches the SDK once, and again only when it did not', () => {
  it('a draft the SDK refused is stored when the composer closes', async () => {
    const { world, alice, id } = await aliceWithBob();
    let refusing = true;
    const saves = recordDraftSaves(alice, () =>
      refusing ? Promise.reject(new RemoteError(10004, 'not ready')) : undefined,
    );
    const composer = alice.viewModels.composer(id);
    composer.change('hello');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(sdkDraft(alice, id)).toBe('');

    refusing = false;
    composer.dispose();
    await world.settle();

    expect(saves).toEqual(['hello', 'hello']);
    expect(sdkDraft(alice, id)).toBe('hello');
  });

  it('an older save that fails after a newer one was stored does not store the newer one again', async () => {
    const { world, alice, id } = await aliceWithBob();
    let failOlder: () => void = () => undefined;
    const saves = recordDraftSaves(alice, (text) =>
      text === 'a'
        ? new Promise<void>((_resolve, reject) => {
            failOlder = () => reject(new RemoteError(10004, 'not ready'));
          })
        : undefined,
    );
    const composer = alice.viewModels.composer(id);
    composer.change('a');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    composer.change('ab');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    failOlder();
    await world.settle();

    composer.dispose();
    await world.settle();

    expect(saves).toEqual(['a', 'ab']);
    expect(sdkDraft(alice, id)).toBe('ab');
  });
});

describe('ComposerViewModel: what it tells others and what it releases', () => {
  it('emptying the box does not tell the peer "typing"', async () => {
    const { world, alice, id } = await aliceWithBob();
    const notices: string[] = [];
    const messages = alice.ports.device.messages;
    const sendTyping = messages.sendTyping.bind(messages);
    messages.sendTyping = (recvID, tip) => {
      notices.push(recvID);
      return sendTyping(recvID, tip);
    };
    const composer = alice.viewModels.composer(id);

    composer.change('');
    await world.settle();
    expect(notices).toEqual([]);

    composer.change('h');
    await world.settle();
    expect(notices).toEqual(['bob']);
  });

  it('opened without a draft, it keeps the mentions chosen in the conversation', async () => {
    const { alice, id } = await aliceWithBob();
    const focus = alice.services.chatFocus;
    focus.keepMentions(id, [{ userID: 'bob', name: 'Bob' }]);

    const composer = alice.viewModels.composer(id);

    expect(composer.state.text).toBe('');
    expect(focus.chosenMentions(id)).toEqual([{ userID: 'bob', name: 'Bob' }]);
  });

  it('opened over a draft changed elsewhere, it keeps only the mentions the draft still names', async () => {
    const { alice, id } = await aliceWithBob();
    const focus = alice.services.chatFocus;
    alice.viewModels.composer(id).change('hello @Bob, and no one else');
    focus.keepMentions(id, [
      { userID: 'bob', name: 'Bob' },
      { userID: 'carol', name: 'Carol' },
    ]);

    const composer = alice.viewModels.composer(id);

    expect(composer.state.text).toBe('hello @Bob, and no one else');
    expect(focus.chosenMentions(id)).toEqual([{ userID: 'bob', name: 'Bob' }]);
  });

  it('closing it ends its mention suggestions', async () => {
    const { alice, id } = await aliceWithBob();
    const composer = alice.viewModels.composer(id);
    let ended = false;
    composer.mentions.suggestions$.subscribe({ complete: () => (ended = true) });

    composer.dispose();

    expect(ended).toBe(true);
  });

  it('a second send while a quoted reply is still being made is refused, and one reply goes', async () => {
    const { world, alice, id } = await aliceWithBob();
    const first = await alice.chat.sendText('first');
    if (!first.ok) throw new Error('send failed');
    await world.settle();
    const messages = alice.ports.device.messages;
    const create = messages.create.bind(messages);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    messages.create = async (draft): Promise<Message> => {
      await gate;
      return create(draft);
    };
    const composer = alice.viewModels.composer(id);
    alice.services.chatFocus.setQuote(id, first.value);
    composer.change('the reply');

    const reply = composer.send();
    const again = await composer.send();
    release();

    expect(again).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'the quoted reply is on its way' },
    });
    expect((await reply).ok).toBe(true);
    await world.settle();
    expect(alice.chat.snapshot.messages.map((m) => m.textElem?.content ?? m.quoteElem?.text)).toEqual([
      'first',
      'the reply',
    ]);
  });
});
