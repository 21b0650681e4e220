import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MessageStatus, SessionType } from '@teamim/domain';
import { TestWorld } from '../../testing';
import { DRAFT_SAVE_DELAY_MS } from './composer.view-model';

async function friends() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  await world.advance(60_000);
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  return { world, alice, bob, carol };
}

describe('ComposerViewModel', () => {
  it('keeps the text of a refused send and clears it once a send is accepted', async () => {
    const { world, alice, owner, groupID } = await (async () => {
      const w = new TestWorld().users('owner', 'alice', 'carol');
      w.backend.makeFriends('owner', 'alice');
      w.backend.makeFriends('owner', 'carol');
      const o = await w.signIn('owner');
      const a = await w.signIn('alice');
      await o.contacts.loadFriends();
      const created = await o.groupActions.createGroup({
        groupName: 'Team',
        selectedUserIDs: ['alice', 'carol'],
      });
      if (!created.ok) throw new Error(JSON.stringify(created.error));
      await w.settle();
      return { world: w, alice: a, owner: o, groupID: created.value.conversation.groupID };
    })();
    await owner.groupActions.mute(groupID, 'alice', 300);
    await world.settle();
    const opened = await alice.conversations.open(groupID, SessionType.Group);
    expect(opened.ok).toBe(true);
    await world.settle();

    const composer = alice.viewModels.composer(opened.ok ? opened.value.conversationID : '');
    composer.change('I have something to say');
    const refused = await composer.send();
    expect(refused.ok).toBe(false);
    expect(composer.state.text).toBe('I have something to say');
    const texts = () => alice.chat.snapshot.messages.flatMap((m) => (m.textElem ? [m.textElem.content] : []));
    expect(texts()).toEqual([]);

    await owner.groupActions.unmute(groupID, 'alice');
    await world.settle();
    const sent = await composer.send();
    expect(sent.ok).toBe(true);
    expect(composer.state.text).toBe('');
    expect(texts()).toEqual(['I have something to say']);
  });

  it('a send the server refuses stays in the log as failed, the box stays empty, and a resend sends it once', async () => {
    const { world, alice, bob } = await friends();
    await bob.contactActions.setBlacklisted('alice', true);
    await world.settle();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const composer = alice.viewModels.composer(opened.value.conversationID);
    composer.change('are you there?');
    const refused = await composer.send();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.kind).toBe('remote');
    // One keeper of the text: the failed message (spec §4), with resend; not the box as well.
    expect(composer.state.text).toBe('');
    await world.advance(DRAFT_SAVE_DELAY_MS);
    expect(alice.conversations.currentConversation?.draftText ?? '').toBe('');
    expect(alice.chat.snapshot.messages.map((m) => [m.textElem?.content, m.status])).toEqual([
      ['are you there?', MessageStatus.Failed],
    ]);

    await bob.contactActions.setBlacklisted('alice', false);
    await world.settle();
    const failed = alice.chat.snapshot.messages[0]?.clientMsgID ?? '';
    expect((await alice.viewModels.chat(opened.value.conversationID).resend(failed)).ok).toBe(true);
    // Enter on the empty box sends nothing more.
    expect((await composer.send()).ok).toBe(false);
    await world.settle();
    expect(alice.chat.snapshot.messages.map((m) => [m.textElem?.content, m.status])).toEqual([
      ['are you there?', MessageStatus.Succeeded],
    ]);
    const bobSees = await bob.conversations.open('alice', SessionType.Single);
    if (!bobSees.ok) throw new Error('open failed');
    await world.settle();
    expect(bob.chat.snapshot.messages.map((m) => m.textElem?.content)).toEqual(['are you there?']);
  });

  it('keeps a text over the size limit in the box, says why, and sends nothing', async () => {
    const { world, alice } = await friends();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const composer = alice.viewModels.composer(opened.value.conversationID);
    const text = 'x'.repeat(120_000);
    composer.change(text);
    expect(composer.state).toEqual({
      text,
      canSend: false,
      problem: { kind: 'i18n', i18nKey: 'validation.message.tooLong', params: { max: 100 } },
    });
    const sent = await composer.send();
    expect(!sent.ok && sent.error.kind).toBe('validation');
    await world.settle();
    expect(composer.state.text).toBe(text);
    expect(alice.chat.snapshot.messages).toEqual([]);
    composer.change('short');
    expect(composer.state).toEqual({ text: 'short', canSend: true, problem: undefined });
  });

  it('keeps the text as the conversation draft, which a new composer (after a reload) finds again', async () => {
    const { world, alice } = await friends();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const id = opened.value.conversationID;
    const composer = alice.viewModels.composer(id);
    composer.change('half a thought');
    await world.advance(DRAFT_SAVE_DELAY_MS - 100);
    expect(alice.conversations.snapshot.find((c) => c.conversationID === id)?.draftText ?? '').toBe('');
    await world.advance(200);
    expect(alice.conversations.snapshot.find((c) => c.conversationID === id)?.draftText).toBe(
      'half a thought',
    );
    composer.dispose();

    // Another device session of alice (a reload) reads the draft through the SDK's conversation.
    await alice.conversations.select(undefined);
    await alice.conversations.select(alice.conversations.snapshot.find((c) => c.conversationID === id));
    const again = alice.viewModels.composer(id);
    expect(again.state.text).toBe('half a thought');
    await again.send();
    await world.settle();
    expect(alice.conversations.snapshot.find((c) => c.conversationID === id)?.draftText ?? '').toBe('');
  });

  it('stores unsaved text when the view goes away before the delay', async () => {
    const { world, alice } = await friends();
    const opened = await alice.conversations.open('carol', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const composer = alice.viewModels.composer(opened.value.conversationID);
    composer.change('leaving now');
    composer.dispose();
    await world.settle();
    expect(alice.conversations.snapshot.find((c) => c.userID === 'carol')?.draftText).toBe('leaving now');
  });
});

describe('ChatViewModel', () => {
  it('opens a known conversation with its header and messages, and says when an id is unknown', async () => {
    const { world, alice, bob } = await friends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('hello alice');
    await world.settle();
    const id = alice.conversations.snapshot.find((c) => c.userID === 'bob')?.conversationID ?? '';

    const chat = alice.viewModels.chat(id);
    await world.settle();
    const state = await firstValueFrom(chat.state$);
    expect(state.status).toBe('open');
    if (state.status !== 'open') return;
    expect(state.header).toEqual({
      userID: 'bob',
      groupID: '',
      name: 'Bob',
      faceURL: '',
      isGroup: false,
      memberCount: undefined,
    });
    expect(state.messages.map((m) => (m.kind === 'bubble' ? [m.sender, m.own] : m.text))).toEqual([
      ['Bob', false],
    ]);
    chat.dispose();
    // Leaving the view deselects the conversation, so later messages count as unread.
    expect(alice.conversations.currentConversation).toBeUndefined();

    alice.services.session['sync'].next('success');
    const unknown = alice.viewModels.chat('si_alice_nobody');
    await world.settle();
    expect(unknown.state.status).toBe('unknown');
  });

  it('groups consecutive messages of one sender under one avatar', async () => {
    const { world, alice, bob } = await friends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await world.advance(1000);
    await bob.chat.sendText('two');
    await world.advance(10 * 60_000);
    await bob.chat.sendText('much later');
    await world.settle();
    const id = alice.conversations.snapshot.find((c) => c.userID === 'bob')?.conversationID ?? '';
    const chat = alice.viewModels.chat(id);
    await world.settle();
    const state = chat.state;
    if (state.status !== 'open') throw new Error(`not open: ${state.status}`);
    expect(state.messages.map((m) => (m.kind === 'bubble' ? m.continued : undefined))).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('ConversationListViewModel', () => {
  it('moves between conversations in list order and hides the open conversation’s own draft', async () => {
    const { world, alice, bob, carol } = await friends();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('from bob');
    await world.advance(1000);
    await carol.conversations.open('alice', SessionType.Single);
    await carol.chat.sendText('from carol');
    await world.settle();
    const list = alice.viewModels.conversationList();
    await world.settle();
    const ids = list.state.rows.map((r) => r.id);
    expect(list.state.rows.map((r) => r.name)).toEqual(['Carol', 'Bob']);
    expect(list.adjacent(1)).toBe(ids[0]);
    list.setOpen(ids[0]);
    expect(list.adjacent(1)).toBe(ids[1]);
    expect(list.adjacent(-1)).toBe(ids[0]);
    list.setOpen(ids[1]);
    expect(list.adjacent(1)).toBe(ids[1]);

    await alice.conversations.setDraft(ids[1] ?? '', 'draft for bob');
    await world.settle();
    expect(list.state.rows.find((r) => r.id === ids[1])?.preview).not.toContain('draft for bob');
    list.setOpen(ids[0]);
    expect(list.state.rows.find((r) => r.id === ids[1])?.preview).toContain('draft for bob');
  });
});
