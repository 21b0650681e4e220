import { TestWorld } from '@teamim/application/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Rendering and typing on a shared, slow machine takes seconds; this is a ceiling, not a measurement.
vi.setConfig({ testTimeout: 30_000 });
import { renderContacts } from '../testing/render-contacts';

describe('ContactPage', () => {
  it('has an h1 and a sub-navigation whose current link says so, badging pending requests', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await renderContacts(alice);

    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Contacts' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'My friends',
      'My groups',
      'New friends',
      'Group notifications',
      'Blacklist',
    ]);
    expect(within(nav).getByRole('link', { name: 'My friends' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My groups' }).getAttribute('aria-current')).toBeNull();

    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'hi');
    await world.settle();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /New friends/ }).textContent).toContain('1'),
    );
    expect(within(nav).getByLabelText('1 pending')).toBeTruthy();
  });

  it('navigates between the four pages, each with its h2', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    await renderContacts(alice);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 2, name: 'My friends' })).toBeTruthy();
    expect(screen.getByText('No friends yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'My groups' }));
    expect(screen.getByRole('heading', { level: 2, name: 'My groups' })).toBeTruthy();
    expect(screen.getByText('No groups yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Group notifications' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Group notifications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Group notifications' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});

describe('My friends', () => {
  // jsdom lays nothing out; the virtual list needs a viewport height to render its rows.
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    if (original !== undefined) Object.defineProperty(Element.prototype, 'clientHeight', original);
  });

  it('lists friends under their index letters (Chinese by pinyin) and jumps by letter', async () => {
    const world = new TestWorld().users(
      'alice',
      { userID: 'u1', nickname: 'bob' },
      { userID: 'u2', nickname: '张三' },
      { userID: 'u3', nickname: 'Carol' },
    );
    for (const id of ['u1', 'u2', 'u3']) world.backend.makeFriends('alice', id);
    const alice = await world.signIn('alice');
    await renderContacts(alice);

    const list = screen.getByRole('list', { name: 'My friends' });
    const buttons = within(list).getAllByRole('button');
    expect(
      ['bob', 'Carol', '张三'].map((name) => buttons.indexOf(within(list).getByRole('button', { name }))),
    ).toEqual([0, 1, 2]);
    const index = () => screen.getByRole('navigation', { name: 'Alphabet index' });
    // Han names move from '#' to their pinyin letter once pinyin-pro has loaded (it loads lazily).
    await waitFor(() =>
      expect(
        within(index())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['B', 'C', 'Z']),
    );
    expect(within(index()).getByRole('button', { name: 'Jump to Z' })).toBeTruthy();
  });

  it('opens the user card from a row, and Close or Esc returns focus to that row', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'bob' });
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await renderContacts(alice);
    const user = userEvent.setup();
    const row = screen.getByRole('button', { name: /bob/ });

    await user.click(row);
    const card = await screen.findByRole('dialog', { name: 'User card' });
    await user.click(within(card).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(row));

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'User card' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(row));
  });
});

describe('My groups', () => {
  it('lists groups with their member count; a row opens the group card with introduction and 7 member avatars', async () => {
    const others = Array.from({ length: 9 }, (_, i) => `m${i + 1}`);
    const world = new TestWorld().users('alice', ...others);
    for (const id of others) world.backend.makeFriends('alice', id);
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({ groupName: 'Crew', selectedUserIDs: others });
    if (!created.ok) throw new Error('group');
    const groupID = created.value.conversation.groupID;
    const record = world.backend.groupRecord(groupID);
    record.group = { ...record.group, introduction: 'We ship things' };
    world.backend.touchGroup(groupID);
    await world.settle();
    await renderContacts(alice, '/contact/myGroups');
    const user = userEvent.setup();

    const row = screen.getByRole('button', { name: /Crew/ });
    expect(row.textContent).toContain('10 members');
    await user.click(row);
    const card = await screen.findByRole('dialog', { name: 'Group card' });
    expect(within(card).getByRole('region', { name: 'Introduction' }).textContent).toContain(
      'We ship things',
    );
    const members = await within(card).findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(7);
    expect(within(card).getByText(/^Created: \d{4}\/\d{1,2}\/\d{1,2}$/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('chat open')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the blacklist page: blocked users with a remove button, then the empty state', async () => {
    const world = new TestWorld().users(
      { userID: 'alice', nickname: 'Alice' },
      { userID: 'bob', nickname: 'Bob' },
    );
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.contactActions.setBlacklisted('bob', true);
    await world.settle();
    await renderContacts(alice);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Blacklist' }));
    const list = await screen.findByRole('list', { name: 'Blacklist' });
    expect(within(list).getByText('Bob')).toBeTruthy();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Unblock Bob' }));
    await world.settle();
    expect(await screen.findByText('Nobody is blocked')).toBeTruthy();
  });
});
