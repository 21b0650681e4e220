import { describe, expect, it } from 'vitest';
import { ContentType, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { ComposerViewModel } from './composer.view-model';

async function team() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  for (const other of ['bob', 'carol']) world.backend.makeFriends('alice', other);
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  await alice.contacts.loadFriends();
  const created = await alice.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['bob', 'carol'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  return { world, alice, bob, groupID: created.value.conversation.groupID };
}

async function openGroup(client: TestClient, groupID: string, world: TestWorld): Promise<ComposerViewModel> {
  const opened = await client.conversations.open(groupID, SessionType.Group);
  if (!opened.ok) throw new Error('open failed');
  await world.settle();
  return client.viewModels.composer(opened.value.conversationID);
}

/** Types "@Bo" and chooses Bob from the suggestions, then types `rest` after the mention. */
async function mentionBob(composer: ComposerViewModel, rest: string): Promise<void> {
  composer.change('@Bo');
  await composer.mentions.update('@Bo', 3);
  const bob = composer.mentions.current.options.find((o) => o.userID === 'bob');
  if (bob === undefined) throw new Error('Bob not suggested');
  const inserted = composer.mentions.choose(bob, '@Bo', 3);
  composer.change(inserted.text + rest);
}

/** Leaves the group's chat for the one with carol and comes back, as the chat view does. */
async function switchAwayAndBack(
  alice: TestClient,
  composer: ComposerViewModel,
  groupID: string,
  world: TestWorld,
): Promise<ComposerViewModel> {
  composer.dispose();
  await alice.conversations.open('carol', SessionType.Single);
  await world.settle();
  return openGroup(alice, groupID, world);
}

function atTexts(client: TestClient): Message[] {
  const seen: Message[] = [];
  client.ports.messages.events$.subscribe((e) => {
    if (e.type === 'received') seen.push(...e.messages.filter((m) => m.contentType === ContentType.AtText));
  });
  return seen;
}

describe('mentions chosen in a draft come back with it', () => {
  it('a chosen mention survives switching conversations and goes as a mention', async () => {
    const { world, alice, bob, groupID } = await team();
    const bobSees = atTexts(bob);
    const typed = await openGroup(alice, groupID, world);
    await mentionBob(typed, 'hi');

    const back = await switchAwayAndBack(alice, typed, groupID, world);
    expect(back.state.text).toBe('@Bob hi');
    expect((await back.send()).ok).toBe(true);
    await world.settle();

    expect(bobSees.map((m) => m.atTextElem?.atUserList)).toEqual([['bob']]);
  });

  it('a mention whose "@name" the user deleted is dropped, also when typed again by hand', async () => {
    const { world, alice, bob, groupID } = await team();
    const bobSees = atTexts(bob);
    const typed = await openGroup(alice, groupID, world);
    await mentionBob(typed, 'hi');
    typed.change('hi');
    typed.change('hi @Bob, typed by hand');
    expect(typed.mentions.atTextFor(typed.state.text)).toBeUndefined();

    const back = await switchAwayAndBack(alice, typed, groupID, world);
    expect((await back.send()).ok).toBe(true);
    await world.settle();

    expect(bobSees).toEqual([]);
  });

  it('once sent, the draft’s mentions are spent: the next visit starts without them', async () => {
    const { world, alice, groupID } = await team();
    const typed = await openGroup(alice, groupID, world);
    await mentionBob(typed, 'hi');
    expect((await typed.send()).ok).toBe(true);
    await world.settle();

    const back = await switchAwayAndBack(alice, typed, groupID, world);
    expect(back.state.text).toBe('');
    expect(back.mentions.atTextFor('@Bob again')).toBeUndefined();
  });
});
