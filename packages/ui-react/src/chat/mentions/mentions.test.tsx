import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContentType, SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { describe, expect, it } from 'vitest';
import { renderChat } from '../../testing/render-chat';

// Rendering and typing on a shared, slow machine takes seconds; this is a ceiling, not a measurement.
const SLOW = 60_000;

async function team() {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'bobby', nickname: 'Zed Bobby' },
  );
  w.backend.makeFriends('alice', 'bob');
  w.backend.makeFriends('alice', 'bobby');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  await alice.contacts.loadFriends();
  const created = await alice.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['bob', 'bobby'],
  });
  if (!created.ok) throw new Error('no group');
  await w.settle();
  await bob.conversations.open(created.value.conversation.groupID, SessionType.Group);
  await w.settle();
  return { w, alice, bob, conversationID: created.value.conversation.conversationID };
}

async function openTeam(client: Awaited<ReturnType<typeof team>>['alice'], conversationID: string) {
  await renderChat(client, conversationID);
  await screen.findByRole('heading', { level: 2, name: 'Team' });
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
}

describe('mention suggestions in the composer', () => {
  it(
    'opens on "@" and a character, moves with the arrows, inserts with Enter, closes with Escape',
    async () => {
      const { w, alice, bob, conversationID } = await team();
      const box = await openTeam(alice, conversationID);
      const user = userEvent.setup();

      await user.type(box, 'hi @');
      expect(screen.queryByRole('listbox', { name: 'Mention a member' })).toBeNull();
      await user.type(box, 'bo');
      const list = await screen.findByRole('listbox', { name: 'Mention a member' });
      const names = () =>
        within(list)
          .getAllByRole('option')
          .map((o) => o.getAttribute('aria-label'));
      expect(names()).toEqual(['Bob', 'Zed Bobby']);
      const selected = () => within(list).getByRole('option', { selected: true }).getAttribute('aria-label');
      expect(selected()).toBe('Bob');
      expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]?.id);
      // The box is an ARIA combobox while the list is open (APG, list autocomplete).
      expect(screen.getByRole('combobox', { name: 'Message' })).toBe(box);
      expect(box.getAttribute('aria-expanded')).toBe('true');
      expect(box.getAttribute('aria-autocomplete')).toBe('list');
      expect(box.getAttribute('aria-controls')).toBe(list.id);

      await user.keyboard('{ArrowDown}');
      expect(selected()).toBe('Zed Bobby');
      await user.keyboard('{ArrowDown}');
      expect(selected()).toBe('Bob');
      await user.keyboard('{ArrowUp}');
      expect(selected()).toBe('Zed Bobby');
      await user.keyboard('{ArrowUp}');
      await user.keyboard('{Enter}');
      expect(box.value).toBe('hi @Bob ');
      expect(screen.queryByRole('listbox', { name: 'Mention a member' })).toBeNull();
      expect(box.hasAttribute('aria-activedescendant')).toBe(false);
      expect(screen.getByRole('textbox', { name: 'Message' })).toBe(box);
      expect(box.hasAttribute('aria-expanded')).toBe(false);

      await user.type(box, '@z');
      await screen.findByRole('listbox', { name: 'Mention a member' });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox', { name: 'Mention a member' })).toBeNull();
      expect(box.value).toBe('hi @Bob @z');

      // Enter with the list closed sends: "@Bob" goes as a mention, "@z" as text.
      await user.keyboard('{Enter}');
      await w.settle();
      await waitFor(() => expect(box.value).toBe(''));
      const got = bob.chat.snapshot.messages.at(-1);
      expect(got?.contentType).toBe(ContentType.AtText);
      expect(got?.atTextElem?.text).toBe('hi [[at-Bob#bob]] @z');
    },
    SLOW,
  );

  it(
    'offers everyone to the owner, and a click inserts it',
    async () => {
      const { alice, conversationID } = await team();
      alice.settings.setLocale('en-US');
      const box = await openTeam(alice, conversationID);
      const user = userEvent.setup();
      await user.type(box, '@ev');
      const list = await screen.findByRole('listbox', { name: 'Mention a member' });
      await user.click(within(list).getByRole('option', { name: 'Everyone' }));
      expect(box.value).toBe('@everyone ');
    },
    SLOW,
  );

  it(
    'Tab chooses the highlighted member and closes the list',
    async () => {
      const { alice, conversationID } = await team();
      const box = await openTeam(alice, conversationID);
      const user = userEvent.setup();
      await user.type(box, '@bo');
      await screen.findByRole('listbox', { name: 'Mention a member' });
      await user.keyboard('{Tab}');
      expect(box.value).toBe('@Bob ');
      expect(screen.queryByRole('listbox', { name: 'Mention a member' })).toBeNull();
      // Where the focus goes is checked in Chromium (mentions.e2e.ts): in jsdom under load Tabster's own Tab
      // handling sometimes moved it to one of its sentinels although the key's default was prevented.
    },
    SLOW,
  );
});
