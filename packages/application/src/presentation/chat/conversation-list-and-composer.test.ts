import { describe, expect, it } from 'vitest';
import { draftMirrorKey, RecvMsgOpt, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { RECENT_TIME_REFRESH_MS } from './conversation-list.view-model';
import { DRAFT_SAVE_DELAY_MS } from './composer.view-model';

async function friends() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  // A clock well past the epoch, so that times are real times.
  await world.advance(Date.UTC(2026, 10, 24, 9, 0));
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  return { world, alice, bob, carol };
}

async function say(from: TestClient, to: string, text: string): Promise<void> {
  await from.conversations.open(to, SessionType.Single);
  await from.chat.sendText(text);
}

describe('ConversationListViewModel: the open row, the clock and row actions', () => {
  it('previews the open conversation without its draft, as its last message', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'from bob');
    await world.settle();
    const list = alice.viewModels.conversationList();
    const id = list.state.rows[0]?.id ?? '';
    await alice.conversations.setDraft(id, 'draft for bob');
    await world.settle();
    const withDraft = list.state.rows[0]?.preview;

    list.setOpen(id);

    expect(withDraft).toContain('draft for bob');
    expect(list.state.rows[0]?.preview).toBe('from bob');
  });

  it('emits nothing when the open conversation is set to the one already open', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'from bob');
    await world.settle();
    const list = alice.viewModels.conversationList();
    const id = list.state.rows[0]?.id ?? '';
    list.setOpen(id);
    let emitted = 0;
    list.state$.subscribe(() => (emitted += 1));

    list.setOpen(id);
    list.setOpen(id);

    expect(emitted).toBe(1);
    expect(list.state.openID).toBe(id);
  });

  it('moves the recent-time texts on as the clock runs', async () => {
    const { world, alice, bob } = await friends();
    await say(bob, 'alice', 'from bob');
    await world.settle();
    const list = alice.viewModels.conversationList();
    const justSent = list.state.rows[0]?.time;

    await world.advance(5 * 60_000);
    const later = list.state.rows[0]?.time;
    await world.advance(24 * 60 * 60_000);

    expect(new Set([justSent, later, list.state.rows[0]?.time]).size).toBe(3);
    expect([justSent, later, list.state.rows[0]?.time].join()).not.toMatch(/NaN|Invalid|undefined/);
    expect(RECENT_TIME_REFRESH_MS).toBeLessThan(5 * 60_000);
  });

  it('pins, mutes, marks read and deletes through the store', async () => {
    const { world, alice, bob, carol } = await friends();
    await say(bob, 'alice', 'from bob');
    await world.advance(1000);
    await say(carol, 'alice', 'from carol');
    await world.settle();
    const list = alice.viewModels.conversationList();
    const row = (name: string) => list.state.rows.find((r) => r.name === name);
    const bobID = row('Bob')?.id ?? '';
    expect(list.state.rows.map((r) => [r.name, r.unread, r.pinned, r.muted])).toEqual([
      ['Carol', 1, false, false],
      ['Bob', 1, false, false],
    ]);

    expect(await list.setPinned(bobID, true)).toEqual({ ok: true, value: undefined });
    expect(await list.setRecvMsgOpt(bobID, RecvMsgOpt.NotNotify)).toEqual({ ok: true, value: undefined });
    await list.markRead(bobID);
    await world.settle();
    expect(list.state.rows.map((r) => [r.name, r.unread, r.pinned, r.muted])).toEqual([
      ['Bob', 0, true, true],
      ['Carol', 1, false, false],
    ]);

    expect(await list.delete(bobID)).toEqual({ ok: true, value: undefined });
    await world.settle();
    expect(list.state.rows.map((r) => r.name)).toEqual(['Carol']);
  });
});

describe('ComposerViewModel: typed text while sending, and drafts', () => {
  it('keeps what the user typed while a send was on its way', async () => {
    const { world, alice } = await friends();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const composer = alice.viewModels.composer(opened.value.conversationID);
    composer.change('first');

    const sending = composer.send();
    composer.change('second');
    expect((await sending).ok).toBe(true);
    await world.settle();

    expect(composer.state).toEqual({ text: 'second', canSend: true });
  });

  it('does not give a refused text back over what the user typed since', async () => {
    const { world, alice, bob } = await friends();
    await bob.contactActions.setBlacklisted('alice', true);
    await world.settle();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const composer = alice.viewModels.composer(opened.value.conversationID);
    composer.change('are you there?');

    const sending = composer.send();
    composer.change('hello?');
    const refused = await sending;

    expect(!refused.ok && refused.error.kind).toBe('remote');
    expect(composer.state.text).toBe('hello?');
  });

  it('starts empty for a conversation other than the open one, or with none open', async () => {
    const { world, alice } = await friends();
    const carol = await alice.conversations.open('carol', SessionType.Single);
    if (!carol.ok) throw new Error('open failed');
    const carolComposer = alice.viewModels.composer(carol.value.conversationID);
    carolComposer.change('for carol');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(alice.conversations.currentConversation?.draftText).toBe('for carol');

    const bobID =
      alice.conversations.snapshot.find((c) => c.userID === 'bob')?.conversationID ?? 'si_alice_bob';
    expect(alice.viewModels.composer(bobID).state).toEqual({ text: '', canSend: false });

    await alice.conversations.select(undefined);
    // What was typed for carol in this tab comes back; without that copy, nothing of the SDK's draft is
    // read while another conversation, or none, is open.
    expect(alice.viewModels.composer(carol.value.conversationID).state.text).toBe('for carol');
    alice.ports.sessionStore.remove(draftMirrorKey(carol.value.conversationID));
    expect(alice.viewModels.composer(carol.value.conversationID).state).toEqual({ text: '', canSend: false });
  });

  it('does not store a draft that did not change', async () => {
    const { world, alice } = await friends();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const drafts: string[] = [];
    const gateway = alice.ports.conversations;
    const setDraft = gateway.setDraft.bind(gateway);
    gateway.setDraft = (id, text) => {
      drafts.push(text);
      return setDraft(id, text);
    };
    const composer = alice.viewModels.composer(opened.value.conversationID);

    composer.change('x');
    composer.change('');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    composer.change('hello');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    composer.dispose();
    await world.settle();

    expect(drafts).toEqual(['hello']);
  });
});
