import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestWorld } from '@teamim/application/testing';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { ContactDialogsProvider } from '../../shell/contact-dialogs';
import { renderView } from '../../testing/render';
import { ChatRoute } from '../../routing/chat-route';

async function groupChat() {
  const w = new TestWorld().users(
    { userID: 'owner', nickname: 'Olivia' },
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
  );
  w.backend.makeFriends('owner', 'alice');
  w.backend.makeFriends('owner', 'bob');
  const owner = await w.signIn('owner');
  const alice = await w.signIn('alice');
  alice.settings.setLocale('en-US');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['alice', 'bob'],
  });
  if (!created.ok) throw new Error('create failed');
  await w.settle();
  const { conversationID } = created.value.conversation;
  await owner.conversations.select(created.value.conversation);
  await w.settle();
  await owner.chat.sendText('from olivia');
  await w.settle();
  await renderView(
    <Routes>
      <Route path="/chat/:conversationID" element={<ChatRoute />} />
    </Routes>,
    {
      viewModels: alice.viewModels,
      route: `/chat/${conversationID}`,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    },
  );
  const log = await screen.findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(within(log).getByText('from olivia')).toBeTruthy());
  return { w, owner, alice, log, conversationID };
}

const menuItems = () =>
  within(screen.getByRole('menu', { name: 'Message actions' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('message actions (spec §2 context menu)', () => {
  it('right-click opens the menu with the rules of the message; pin shows the banner, which cycles', async () => {
    const { w, alice, log } = await groupChat();
    const theirs = within(log).getByRole('article', { name: 'Olivia' });
    fireEvent.contextMenu(theirs, { clientX: 40, clientY: 40 });
    expect(menuItems()).toEqual(['Copy', 'Forward', 'Quote', 'Pin message', 'Delete for me']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin message' }));
    const banner = await screen.findByRole('region', { name: 'Pinned messages' });
    expect(
      within(banner).getByRole('button', { name: /Pinned message 1 of 1: Olivia: from olivia/ }),
    ).toBeTruthy();

    await alice.chat.sendText('mine');
    await w.settle();
    const mine = await within(log).findByRole('article', { name: 'Me' });
    fireEvent.contextMenu(mine, { clientX: 40, clientY: 80 });
    expect(menuItems()).toEqual(['Copy', 'Forward', 'Quote', 'Pin message', 'Revoke', 'Delete for me']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin message' }));
    const open = await within(banner).findByRole('button', { name: /Pinned message 1 of 2: You: mine/ });
    await userEvent.click(open);
    await within(banner).findByRole('button', { name: /Pinned message 2 of 2: Olivia/ });
    await waitFor(() => expect(mine.getAttribute('data-highlighted')).toBe('true'));
  });

  it('the keyboard reaches messages from the log and Shift+F10 opens the menu; revoke leaves a notice', async () => {
    const { w, alice, log } = await groupChat();
    await alice.chat.sendText('take it back');
    await w.settle();
    await within(log).findByRole('article', { name: 'Me' });
    log.focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Me'));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Olivia'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Me'));
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    expect(menuItems()).toContain('Revoke');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    await w.settle();
    expect(await within(log).findByText('You revoked a message')).toBeTruthy();
  });

  it('delete for me asks first, then removes the message here only', async () => {
    const { w, owner, log } = await groupChat();
    const row = within(log).getByRole('article', { name: 'Olivia' });
    row.focus();
    fireEvent.contextMenu(row);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete for me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete message' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    await w.settle();
    await waitFor(() => expect(within(log).queryByText('from olivia')).toBeNull());
    expect(owner.chat.snapshot.messages.some((m) => m.textElem?.content === 'from olivia')).toBe(true);
  });

  it('a row mounts its toolbar once focused or hovered (a page of history mounts plain rows)', async () => {
    const { log } = await groupChat();
    const row = within(log).getByRole('article', { name: 'Olivia' });
    expect(within(row).queryByRole('toolbar', { hidden: true })).toBeNull();
    act(() => row.focus());
    expect(within(row).getByRole('toolbar', { name: 'Message actions', hidden: true })).toBeTruthy();
  });

  it('the toolbar forwards: search, tick, Forward (n), summary toast', async () => {
    const { w, alice, log } = await groupChat();
    const row = within(log).getByRole('article', { name: 'Olivia' });
    await userEvent.hover(row);
    await userEvent.click(within(row).getByRole('button', { name: 'Forward', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward message' });
    const send = within(dialog).getByRole('button', { name: 'Forward (0)' });
    expect(send.hasAttribute('disabled') || send.getAttribute('aria-disabled') === 'true').toBe(true);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search conversations' }), 'team');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Team/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forward (1)' }));
    await w.settle();
    await waitFor(() => expect(screen.queryByText('Forward message', { selector: 'h2' })).toBeNull());
    expect(alice.toasts.toasts.at(-1)).toMatchObject({ key: 'toast.forwardSummary' });
  });
});
