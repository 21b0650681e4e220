import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG, ContentType, SessionType, translate, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS } from '../../messages/typing.store';

async function team() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
    { userID: 'bobby', nickname: 'Zed Bobby' },
  );
  for (const other of ['bob', 'carol', 'bobby']) world.backend.makeFriends('alice', other);
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  await alice.contacts.loadFriends();
  const created = await alice.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['bob', 'carol', 'bobby'],
  });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  await world.settle();
  const groupID = created.value.conversation.groupID;
  return { world, alice, bob, carol, groupID, conversationID: created.value.conversation.conversationID };
}

async function openGroup(client: TestClient, groupID: string, world: TestWorld) {
  const opened = await client.conversations.open(groupID, SessionType.Group);
  if (!opened.ok) throw new Error('open failed');
  await world.settle();
  return client.viewModels.composer(opened.value.conversationID);
}

function received(client: TestClient): Message[] {
  const seen: Message[] = [];
  client.ports.messages.events$.subscribe((e) => {
    if (e.type === 'received') seen.push(...e.messages);
  });
  return seen;
}

describe('mentions in the composer (spec §2, §5, §6)', () => {
  it('suggests ranked members after "@" and a character, and sends one at-text entry per user', async () => {
    const { world, alice, bob, groupID } = await team();
    const bobSees = received(bob);
    const composer = await openGroup(alice, groupID, world);

    await composer.mentions.update('hi @', 4);
    expect(composer.mentions.current.options).toEqual([]);
    await composer.mentions.update('hi @bo', 6);
    // "Bob" starts with the query, "Zed Bobby" only contains it; alice never suggests herself.
    expect(composer.mentions.current.options.map((o) => o.userID)).toEqual(['bob', 'bobby']);

    const [bobOption] = composer.mentions.current.options;
    if (bobOption === undefined) throw new Error('no option');
    const inserted = composer.mentions.choose(bobOption, 'hi @bo', 6);
    expect(inserted).toEqual({ text: 'hi @Bob ', caret: 8 });
    expect(composer.mentions.current.options).toEqual([]);
    composer.change(`${inserted.text}and again @Bob`);
    const sent = await composer.send();
    expect(sent.ok).toBe(true);
    await world.settle();

    const got = bobSees.find((m) => m.contentType === ContentType.AtText);
    expect(got?.atTextElem).toMatchObject({
      text: 'hi [[at-Bob#bob]] and again [[at-Bob#bob]]',
      atUserList: ['bob'],
      atUsersInfo: [{ atUserID: 'bob', groupNickname: 'Bob' }],
    });
    // The next message starts without mentions: "@Bob" typed by hand is plain text.
    composer.change('plain @Bob');
    await composer.send();
    await world.settle();
    expect(bobSees.at(-1)?.contentType).toBe(ContentType.Text);
  });

  it('offers everyone to the owner only', async () => {
    const { world, alice, carol, groupID } = await team();
    const owner = await openGroup(alice, groupID, world);
    await owner.mentions.update('@a', 2);
    expect(owner.mentions.current.options[0]).toMatchObject({ userID: AT_ALL_TAG, all: true });

    const member = await openGroup(carol, groupID, world);
    await member.mentions.update('@a', 2);
    expect(member.mentions.current.options.map((o) => o.userID)).toEqual(['alice']);
    expect(member.mentions.current.options.some((o) => o.all)).toBe(false);
  });

  it('inserts a mention from a member avatar at the caret', async () => {
    const { world, alice, groupID } = await team();
    const composer = await openGroup(alice, groupID, world);
    const inserted = composer.mentions.insertMember({ userID: 'carol', nickname: 'Carol' }, 'hello', 5);
    expect(inserted).toEqual({ text: 'hello @Carol ', caret: 13 });
    expect(composer.mentions.atTextFor(inserted.text)?.atUserIDList).toEqual(['carol']);
  });

  it('marks the conversation "[@you]" in the list of the one mentioned until they open it', async () => {
    const { world, alice, bob, carol, groupID, conversationID } = await team();
    const bobList = bob.viewModels.conversationList();
    const carolList = carol.viewModels.conversationList();
    const composer = await openGroup(alice, groupID, world);
    await composer.mentions.update('@bo', 3);
    const option = composer.mentions.current.options[0];
    if (option === undefined) throw new Error('no option');
    composer.change(composer.mentions.choose(option, '@bo', 3).text + 'look');
    await composer.send();
    await world.settle();

    const mark = (list: typeof bobList) => list.state.rows.find((r) => r.id === conversationID)?.mentionMark;
    const locale = bob.settings.snapshot.locale;
    expect(mark(bobList)).toBe(translate(locale, 'conversation.atYou'));
    expect(mark(carolList)).toBe('');

    await openGroup(bob, groupID, world);
    expect(mark(bobList)).toBe('');
  });
});

describe('typing in a one-to-one chat (spec §4 presence)', () => {
  it('shows "typing..." to the peer, sent at most every few seconds, gone a few seconds later', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const conversationID = opened.value.conversationID;
    let notices = 0;
    bob.ports.messages.events$.subscribe((e) => {
      if (e.type === 'typing') notices += 1;
    });
    const indicator = bob.viewModels.typingIndicator(conversationID);
    const composer = alice.viewModels.composer(conversationID);

    composer.change('h');
    composer.change('he');
    composer.change('hel');
    await world.settle();
    expect(notices).toBe(1);
    expect(indicator.state.text).toBe(translate(bob.settings.snapshot.locale, 'presence.typing'));

    await world.advance(TYPING_SEND_INTERVAL_MS);
    composer.change('hell');
    await world.settle();
    expect(notices).toBe(2);

    await world.advance(TYPING_SHOW_MS);
    expect(indicator.state.text).toBe('');
    expect(await firstValueFrom(alice.viewModels.typingIndicator(conversationID).state$)).toEqual({
      text: '',
    });
  });

  it('sends nothing in a group', async () => {
    const { world, alice, bob, groupID } = await team();
    let notices = 0;
    bob.ports.messages.events$.subscribe((e) => {
      if (e.type === 'typing') notices += 1;
    });
    const composer = await openGroup(alice, groupID, world);
    composer.change('hello');
    await world.settle();
    expect(notices).toBe(0);
  });
});
