import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionScope } from '@teamim/application';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { NEVER } from 'rxjs';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppServicesContext, type AppServices } from '../services';
import { renderView } from '../testing/render';
import { isSearchShortcut, conversationStep } from '../common/keyboard';
import { Shell } from './Shell';

async function aliceWithUnread() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  await bob.conversations.open('alice', SessionType.Single);
  await bob.chat.sendText('one');
  await bob.chat.sendText('two');
  await w.settle();
  return { w, alice };
}

function appServices(scope: SessionScope): AppServices {
  return {
    signIn: () => {
      throw new Error('not in this test');
    },
    localStore: {
      get: () => undefined,
      set: () => undefined,
      remove: () => undefined,
      clear: () => undefined,
    },
    sessionStore: {
      get: () => undefined,
      set: () => undefined,
      remove: () => undefined,
      clear: () => undefined,
    },
    toasts$: NEVER,
    openSession: () => Promise.resolve(scope),
  };
}

/** The shell at /chat for the scope's user, with a login page to land on after logout. */
async function renderShell(scope: SessionScope): Promise<void> {
  await renderView(
    <Routes>
      <Route path="/" element={<Shell />}>
        <Route path="chat" element={<p>chat page</p>} />
      </Route>
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    {
      route: '/chat',
      wrap: (children) => (
        <AppServicesContext.Provider value={appServices(scope)}>{children}</AppServicesContext.Provider>
      ),
    },
  );
}

describe('Shell', () => {
  it('shows the nav with the unread badge, the account menu and the top bar, and confirms logout', async () => {
    const { w, alice } = await aliceWithUnread();
    await renderShell(alice.scope);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /^Chat/ }).textContent).toContain('2'));
    expect(within(nav).getByRole('link', { name: /^Contacts/ })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    // Focus starts in the page, not on the body.
    expect(document.activeElement?.tagName).toBe('MAIN');

    await userEvent.click(within(nav).getByRole('button', { name: 'My account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const question = await screen.findByText('Do you want to log out?');
    const dialog = screen.getByRole('dialog', { name: 'Log out' });
    expect(dialog.contains(question)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(question).toBeTruthy();
    await w.settle();
    expect(await screen.findByText('login page')).toBeTruthy();
  });
});

// The menu item that opened a dialog is gone once the dialog closes; focus goes back to the menu's
// button, not to <body> (where Fluent's focus manager left its sentinels focusable: axe aria-hidden-focus).
describe('account menu dialogs', () => {
  it('return focus to the My account button when they close', async () => {
    const { alice } = await aliceWithUnread();
    await renderShell(alice.scope);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const account = within(nav).getByRole('button', { name: 'My account' });
    // About stands for them all (Account settings needs the app's appearance, which this test has not).
    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'About' }));
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    // The button is the menu's trigger now (the lone button before the menu's code loaded was replaced).
    await waitFor(() =>
      expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'My account' })),
    );
  });
});

describe('account menu items', () => {
  it('stay as they were when the menu opened; an item that arrives meanwhile shows at the next opening', async () => {
    const { w, alice } = await aliceWithUnread();
    alice.capabilities.configure({ wallet: false });
    await renderShell(alice.scope);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const items = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
    await userEvent.click(within(nav).getByRole('button', { name: 'My account' }));
    const before = await items();
    expect(before).not.toContain('My balance');

    // The deployment's wallet is found while the menu is open: nothing moves under the pointer.
    await act(async () => {
      alice.capabilities.configure({ wallet: true });
      await w.settle();
    });
    expect(await items()).toEqual(before);

    // Closed and opened again through its button.
    await userEvent.click(within(nav).getByRole('button', { name: 'My account' }));
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    await userEvent.click(within(nav).getByRole('button', { name: 'My account' }));
    await waitFor(async () => expect(await items()).toContain('My balance'));
  });
});

describe('shortcuts', () => {
  it('Ctrl+K or Cmd+K search; Alt+Up and Alt+Down move, nothing else does', () => {
    const key = (
      k: string,
      mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
    ) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(conversationStep(key('ArrowUp', { altKey: true }))).toBe(-1);
    expect(conversationStep(key('ArrowDown', { altKey: true }))).toBe(1);
    expect(conversationStep(key('ArrowDown'))).toBeUndefined();
    expect(conversationStep(key('ArrowDown', { altKey: true, shiftKey: true }))).toBeUndefined();
  });
});
