import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderView } from '../testing/render';
import { ChatLayout } from './ChatPages';

// The rows are plain options until a menu is asked for; the menu (a chunk of its own) is then mounted
// around that row, opened, and taken away when it closes.
async function renderList() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  await alice.conversations.open('bob', SessionType.Single);
  await w.settle();
  await renderView(
    <Routes>
      <Route path="/chat" element={<ChatLayout prefetchView={() => undefined} />} />
    </Routes>,
    { viewModels: alice.viewModels, route: '/chat' },
  );
  const list = screen.getByRole('listbox', { name: 'Conversations' });
  return { w, alice, list, bob: () => within(list).getByRole('option', { name: /^Bob/ }) };
}

const pinned = (alice: Awaited<ReturnType<typeof renderList>>['alice']) =>
  alice.conversations.snapshot.find((c) => c.userID === 'bob')?.isPinned;

describe("a conversation row's menu", () => {
  it('opens on a right click at the row; Pin pins the conversation and closes it', async () => {
    const { w, alice, bob } = await renderList();
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(bob(), { clientX: 40, clientY: 60 });
    const menu = await screen.findByRole('menu', { name: 'Conversation actions' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Pin' }));
    await w.settle();
    await waitFor(() => expect(pinned(alice)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The row is a plain option again, and a second right click opens the menu again, now with Unpin.
    fireEvent.contextMenu(bob(), { clientX: 40, clientY: 60 });
    const again = await screen.findByRole('menu', { name: 'Conversation actions' });
    expect(within(again).getByRole('menuitem', { name: 'Unpin' })).toBeTruthy();
  });

  it('opens from the list with Shift+F10 and takes the focus; Escape closes it and gives it back', async () => {
    const { list } = await renderList();
    list.focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu', { name: 'Conversation actions' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Receive and notify' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Pin' })),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(list);
  });
});
