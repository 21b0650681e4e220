import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG, SessionType, translate, type GroupMember } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { ComposerMentions, type MentionSuggestions } from './composer-mentions';

const CLOSED: MentionSuggestions = { query: '', start: -1, options: [] };

function mentionsOf(client: TestClient, conversationID: string): ComposerMentions {
  const { conversations, contacts, groupActions, chatFocus, settings, currentUser } = client.services;
  const ports = { conversations, contacts, groupActions, chatFocus, settings, currentUser };
  return new ComposerMentions(conversationID, ports);
}

interface Opened {
  readonly groupID: string;
  readonly conversationID: string;
}

async function createGroup(alice: TestClient, name: string, members: readonly string[]): Promise<Opened> {
  const created = await alice.groupActions.createGroup({ groupName: name, selectedUserIDs: [...members] });
  if (!created.ok) throw new Error(JSON.stringify(created.error));
  return {
    groupID: created.value.conversation.groupID,
    conversationID: created.value.conversation.conversationID,
  };
}

/** Alice owns "Team" (bob, carol, dave) and "Other" (bob, carol); carol is "Cici" in her contacts. */
async function team() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
    { userID: 'dave', nickname: 'Dave' },
  );
  for (const other of ['bob', 'carol', 'dave']) world.backend.makeFriends('alice', other);
  const alice = await world.signIn('alice');
  await alice.contacts.loadFriends();
  const teamGroup = await createGroup(alice, 'Team', ['bob', 'carol', 'dave']);
  const otherGroup = await createGroup(alice, 'Other', ['bob', 'carol']);
  const remark = await alice.contactActions.setRemark('carol', 'Cici');
  if (!remark.ok) throw new Error('remark refused');
  await alice.conversations.open(teamGroup.groupID, SessionType.Group);
  await world.settle();
  return { world, alice, team: teamGroup, other: otherGroup };
}

/** Records the member pages the client asks the SDK for. */
function recordPages(client: TestClient): [string, number, number][] {
  const asked: [string, number, number][] = [];
  const groups = client.ports.groups;
  const read = groups.getMembersPage.bind(groups);
  groups.getMembersPage = (groupID, offset, count) => {
    asked.push([groupID, offset, count]);
    return read(groupID, offset, count);
  };
  return asked;
}

/** Replaces the SDK's member pages with `total` made-up members (or, with no total, a full page always). */
async function fakeMembers(client: TestClient, groupID: string, total?: number, name = 'User') {
  const [template] = await client.ports.groups.getMembersPage(groupID, 0, 1);
  if (template === undefined) throw new Error('no member');
  const asked: [string, number, number][] = [];
  client.ports.groups.getMembersPage = (id, offset, count) => {
    asked.push([id, offset, count]);
    const end = total === undefined ? offset + count : Math.min(total, offset + count);
    const page: GroupMember[] = [];
    for (let i = offset; i < end; i++) page.push({ ...template, userID: `u${i}`, nickname: `${name} ${i}` });
    return Promise.resolve(page);
  };
  return asked;
}

describe('ComposerMentions: the suggestions (spec §2, §6)', () => {
  it("names a friend by the remark with the group nickname beside it, with the member's avatar", async () => {
    const { alice, team: t } = await team();
    const groups = alice.ports.groups;
    const read = groups.getMembersPage.bind(groups);
    groups.getMembersPage = async (groupID, offset, count) =>
      (await read(groupID, offset, count)).map((m) =>
        m.userID === 'carol' ? { ...m, faceURL: 'https://cdn.test/carol.png' } : m,
      );
    const mentions = mentionsOf(alice, t.conversationID);

    await mentions.update('hi @c', 5);
    expect(mentions.current).toEqual({
      query: 'c',
      start: 3,
      options: [
        { userID: 'carol', name: 'Cici', detail: 'Carol', faceURL: 'https://cdn.test/carol.png', all: false },
      ],
    });
    await mentions.update('hi @da', 6);
    expect(mentions.current).toEqual({
      query: 'da',
      start: 3,
      options: [{ userID: 'dave', name: 'Dave', detail: '', faceURL: '', all: false }],
    });
  });

  it('offers the owner "everyone" under the locale\'s name for it', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@al', 3);
    const label = translate(alice.settings.snapshot.locale, 'message.atAll');
    expect(label).not.toBe('');
    expect(mentions.current).toEqual({
      query: 'al',
      start: 0,
      options: [{ userID: AT_ALL_TAG, name: label, detail: '', faceURL: '', all: true }],
    });
  });

  it('offers no "everyone" while the own membership is not known', async () => {
    const { world, alice, team: t } = await team();
    alice.reopen();
    alice.ports.groups.getMembers = () => Promise.resolve([]);
    await alice.conversations.open(t.groupID, SessionType.Group);
    await world.settle();
    expect(alice.conversations.currentMemberInfo).toBeUndefined();
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@b', 2);
    expect(mentions.current.options.map((o) => o.userID)).toEqual(['bob']);
    await mentions.update('@al', 3);
    expect(mentions.current).toEqual({ query: 'al', start: 0, options: [] });
  });

  it('shows at most eight, "everyone" first', async () => {
    const { alice, team: t } = await team();
    await fakeMembers(alice, t.groupID, 12);
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@u', 2);
    expect(mentions.current.options.map((o) => o.userID)).toEqual([
      'u0',
      'u1',
      'u10',
      'u11',
      'u2',
      'u3',
      'u4',
      'u5',
    ]);
    // With "everyone" (a prefix of "all") ranked first, the list still shows eight.
    await fakeMembers(alice, t.groupID, 12, 'Al');
    const again = mentionsOf(alice, t.conversationID);
    await again.update('@al', 3);
    expect(again.current.options.map((o) => o.userID)).toEqual([
      AT_ALL_TAG,
      'u0',
      'u1',
      'u10',
      'u11',
      'u2',
      'u3',
      'u4',
    ]);
  });
});

describe("ComposerMentions: only in the open group's own composer", () => {
  it('suggests nothing for a group that is not the open conversation, nor with nothing open', async () => {
    const { world, alice, team: t, other } = await team();
    const asked = recordPages(alice);
    const otherMentions = mentionsOf(alice, other.conversationID);
    await otherMentions.update('@b', 2);
    expect(otherMentions.current).toEqual(CLOSED);

    await alice.conversations.select(undefined);
    await world.settle();
    const teamMentions = mentionsOf(alice, t.conversationID);
    await teamMentions.update('@b', 2);
    expect(teamMentions.current).toEqual(CLOSED);
    expect(asked).toEqual([]);
  });

  it('suggests nothing in a one-to-one chat', async () => {
    const { world, alice } = await team();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    await world.settle();
    const asked = recordPages(alice);
    const mentions = mentionsOf(alice, opened.value.conversationID);
    await mentions.update('@b', 2);
    expect(mentions.current).toEqual(CLOSED);
    expect(asked).toEqual([]);
  });

  it('closes for "@" alone, text without a mention being typed, and an e-mail address', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    expect(mentions.current).toEqual(CLOSED);
    for (const [text, caret] of [
      ['@', 1],
      ['hello', 5],
      ['mail bob@b', 10],
      ['@b and more', 11],
    ] as const) {
      await mentions.update('@b', 2);
      expect(mentions.current.options.map((o) => o.userID)).toEqual(['bob']);
      await mentions.update(text, caret);
      expect(mentions.current).toEqual(CLOSED);
    }
  });
});

describe('ComposerMentions: answers that come late', () => {
  it('a query the user typed past while the members load is not shown', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const first = mentions.update('@b', 2);
    const second = mentions.update('@b ', 3);
    await Promise.all([first, second]);
    expect(mentions.current).toEqual(CLOSED);
  });

  it('a list closed while the members load stays closed', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const asking = mentions.update('@b', 2);
    mentions.close();
    await asking;
    expect(mentions.current).toEqual(CLOSED);
  });

  it('of two queries under way, the last one typed is shown', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    await Promise.all([mentions.update('@b', 2), mentions.update('@d', 2)]);
    expect(mentions.current.options.map((o) => o.userID)).toEqual(['dave']);
  });

  it('closing a closed list tells the view nothing; the view hears each change once', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const seen: MentionSuggestions[] = [];
    mentions.suggestions$.subscribe((s) => seen.push(s));
    mentions.close();
    await mentions.update('hello', 5);
    expect(seen).toEqual([CLOSED]);
    await mentions.update('@d', 2);
    mentions.close();
    mentions.close();
    expect(seen.map((s) => s.query)).toEqual(['', 'd', '']);
  });

  it('dispose ends the suggestions', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    let ended = false;
    mentions.suggestions$.subscribe({ complete: () => (ended = true) });
    mentions.dispose();
    expect(ended).toBe(true);
  });
});

describe('ComposerMentions: reading the members (spec §4 paging)', () => {
  it('reads a first page of 500, then pages of 100 until a short one, once per composer', async () => {
    const { alice, team: t } = await team();
    const asked = await fakeMembers(alice, t.groupID, 637);
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@u636', 5);
    expect(asked).toEqual([
      [t.groupID, 0, 500],
      [t.groupID, 500, 100],
      [t.groupID, 600, 100],
    ]);
    await mentions.update('@u63', 4);
    expect(mentions.current.options.map((o) => o.userID)).toEqual([
      'u63',
      'u630',
      'u631',
      'u632',
      'u633',
      'u634',
      'u635',
      'u636',
    ]);
    expect(asked).toHaveLength(3);
  });

  it('stops reading at 10,000 members', async () => {
    const { alice, team: t } = await team();
    const asked = await fakeMembers(alice, t.groupID);
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@u9999', 6);
    expect(asked).toHaveLength(96);
    expect(asked.at(-1)).toEqual([t.groupID, 9900, 100]);
    expect(mentions.current.options.map((o) => o.userID)).toEqual(['u9999']);
  });

  it('a failed read suggests nobody and is asked again at the next "@"', async () => {
    const { alice, team: t } = await team();
    const groups = alice.ports.groups;
    const read = groups.getMembersPage.bind(groups);
    let calls = 0;
    groups.getMembersPage = (groupID, offset, count) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('network down')) : read(groupID, offset, count);
    };
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@b', 2);
    expect(mentions.current).toEqual({ query: 'b', start: 0, options: [] });
    await mentions.update('@b', 2);
    expect(mentions.current.options.map((o) => o.userID)).toEqual(['bob']);
    expect(calls).toBe(2);
  });

  it('no members yet (the SDK has not synced the group) suggests nobody and is asked again at the next "@"', async () => {
    const { alice, team: t } = await team();
    const groups = alice.ports.groups;
    const read = groups.getMembersPage.bind(groups);
    let synced = false;
    let calls = 0;
    groups.getMembersPage = (groupID, offset, count) => {
      calls += 1;
      return synced ? read(groupID, offset, count) : Promise.resolve([]);
    };
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@b', 2);
    expect(mentions.current).toEqual({ query: 'b', start: 0, options: [] });
    synced = true;
    await mentions.update('@b', 2);
    expect(mentions.current.options.map((o) => o.userID)).toEqual(['bob']);
    await mentions.update('@bo', 3);
    expect(calls).toBe(2);
  });
});

describe('ComposerMentions: inserting and remembering mentions', () => {
  it('a choice without an "@query" before the caret goes in at the caret', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const bob = { userID: 'bob', name: 'Bob', detail: '', faceURL: '', all: false };
    expect(mentions.choose(bob, 'hi there', 2)).toEqual({ text: 'hi@Bob there', caret: 7 });
    expect(mentions.atTextFor('hi @Bob')?.atUserIDList).toEqual(['bob']);
  });

  it("a member's avatar inserts the mention at the caret, spaced from a word before it", async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const carol = { userID: 'carol', nickname: 'Carol' };
    expect(mentions.insertMember(carol, 'hi', 0)).toEqual({ text: '@Carol hi', caret: 7 });
    expect(mentions.insertMember(carol, 'hello ', 6)).toEqual({ text: 'hello @Carol ', caret: 13 });
    expect(mentions.insertMember(carol, 'hi there', 8)).toEqual({ text: 'hi there @Carol ', caret: 16 });
    expect(mentions.insertMember(carol, 'hello world', 5)).toEqual({ text: 'hello @Carol world', caret: 13 });
    // The remark is the inserted name.
    expect(mentions.insertMember({ userID: 'carol', nickname: 'Carol', remark: 'Cici' }, '', 0)).toEqual({
      text: '@Cici ',
      caret: 6,
    });
  });

  it('choosing someone again keeps one choice for them, the latest', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const option = (userID: string, name: string) => ({ userID, name, detail: '', faceURL: '', all: false });
    mentions.choose(option('bob', 'Bob'), '@b', 2);
    mentions.choose(option('carol', 'Cici'), '@c', 2);
    mentions.choose(option('bob', 'Bobby'), '@b', 2);
    expect(alice.services.chatFocus.chosenMentions(t.conversationID)).toEqual([
      { userID: 'carol', name: 'Cici' },
      { userID: 'bob', name: 'Bobby' },
    ]);
    expect(mentions.atTextFor('@Bob @Bobby @Cici')?.atUserIDList).toEqual(['bob', 'carol']);
  });

  it('after a send nothing is chosen any more, for this composer or the next one', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    await mentions.update('@b', 2);
    const [bob] = mentions.current.options;
    if (bob === undefined) throw new Error('Bob not suggested');
    mentions.choose(bob, '@b', 2);
    expect(mentions.atTextFor('@Bob hi')?.atUserIDList).toEqual(['bob']);
    await mentions.update('@d', 2);

    mentions.reset();
    expect(mentions.current).toEqual(CLOSED);
    expect(mentions.atTextFor('@Bob hi')).toBeUndefined();
    expect(alice.services.chatFocus.chosenMentions(t.conversationID)).toEqual([]);
    expect(mentionsOf(alice, t.conversationID).atTextFor('@Bob hi')).toBeUndefined();
  });

  it('a mention whose "@name" was deleted is dropped; the others stay', async () => {
    const { alice, team: t } = await team();
    const mentions = mentionsOf(alice, t.conversationID);
    const option = (userID: string, name: string) => ({ userID, name, detail: '', faceURL: '', all: false });
    mentions.choose(option('bob', 'Bob'), '@b', 2);
    mentions.choose(option('dave', 'Dave'), '@d', 2);
    mentions.prune('@Dave hi');
    expect(alice.services.chatFocus.chosenMentions(t.conversationID)).toEqual([
      { userID: 'dave', name: 'Dave' },
    ]);
    expect(mentionsOf(alice, t.conversationID).atTextFor('@Bob @Dave')?.atUserIDList).toEqual(['dave']);
  });
});
