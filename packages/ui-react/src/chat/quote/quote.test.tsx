import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatViewState, MessageView } from '@teamim/application';
import { TestWorld, type TestClient } from '@teamim/application/testing';
import { SessionType } from '@teamim/domain';
import { NEVER } from 'rxjs';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContactDialogsProvider } from '../../shell/contact-dialogs';
import { AppServicesContext, type AppServices } from '../../services';
import { TopBar } from '../../shell/TopBar';
import { renderView } from '../../testing/render';
import { ChatRoute } from '../../routing/chat-route';
import { MessageList } from '../MessageList';
import { MessageActionsHost } from '../actions/MessageActionsHost';

const noStore = {
  get: () => undefined,
  set: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
};
const appServices = {
  signIn: () => {
    throw new Error('not in this test');
  },
  localStore: noStore,
  sessionStore: noStore,
  toasts$: NEVER,
  openSession: () => Promise.reject(new Error('not in this test')),
} as AppServices;

async function pair() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  alice.settings.setLocale('en-US');
  const opened = await bob.conversations.open('alice', SessionType.Single);
  if (!opened.ok) throw new Error('open failed');
  await w.settle();
  return { w, alice, bob, conversationID: opened.value.conversationID };
}

async function show(client: TestClient, conversationID: string, withTopBar = false) {
  await renderView(
    <>
      {withTopBar && <TopBar canAddFriends canCreateGroup />}
      <Routes>
        <Route path="/chat/:conversationID" element={<ChatRoute />} />
      </Routes>
    </>,
    {
      viewModels: client.viewModels,
      route: withTopBar ? '/' : `/chat/${conversationID}`,
      wrap: (children) => (
        <AppServicesContext.Provider value={appServices}>
          <ContactDialogsProvider>{children}</ContactDialogsProvider>
        </AppServicesContext.Provider>
      ),
    },
  );
  return withTopBar ? undefined : screen.findByRole('log', { name: 'Messages' });
}

describe('quote (spec §2 context menu, §3 quote block)', () => {
  it('Quote puts a removable block above the composer; the reply shows the quote, which jumps to the original', async () => {
    const { w, alice, bob, conversationID } = await pair();
    await bob.chat.sendText('lunch at <b>noon</b>?');
    await w.settle();
    const log = (await show(alice, conversationID)) as HTMLElement;
    const theirs = await within(log).findByRole('article', { name: 'Bob' });
    fireEvent.contextMenu(theirs, { clientX: 40, clientY: 40 });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Quote' }));
    const block = await screen.findByRole('group', { name: 'Quoted message' });
    expect(within(block).getByText('Replying to Bob')).toBeTruthy();
    expect(within(block).getByText('lunch at <b>noon</b>?')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(document.activeElement).toBe(box));

    // Esc removes it, and the action brings it back.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Quoted message' })).toBeNull();
    fireEvent.contextMenu(theirs, { clientX: 40, clientY: 40 });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Quote' }));
    await screen.findByRole('group', { name: 'Quoted message' });

    await userEvent.type(box, 'yes{Enter}');
    await w.settle();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Quoted message' })).toBeNull());
    const jump = await within(log).findByRole('button', {
      name: 'quote Bob: lunch at <b>noon</b>? (go to the message)',
    });
    expect(jump.querySelector('b')).toBeNull();
    await userEvent.click(jump);
    await waitFor(() => expect(theirs.getAttribute('data-highlighted')).toBe('true'));
  });

  it('the close button removes the block and the text goes without it', async () => {
    const { w, alice, bob, conversationID } = await pair();
    await bob.chat.sendText('a question');
    await w.settle();
    const log = (await show(alice, conversationID)) as HTMLElement;
    const theirs = await within(log).findByRole('article', { name: 'Bob' });
    fireEvent.contextMenu(theirs, { clientX: 40, clientY: 40 });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Quote' }));
    const block = await screen.findByRole('group', { name: 'Quoted message' });
    await userEvent.click(within(block).getByRole('button', { name: 'Remove quote' }));
    expect(screen.queryByRole('group', { name: 'Quoted message' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'plain{Enter}');
    await w.settle();
    await within(log).findByText('plain');
    expect(within(log).queryByRole('button', { name: /go to the message/ })).toBeNull();
  });
});

describe('search hit opens its message', () => {
  it('a message hit of the top search opens the conversation at the message, highlighted', async () => {
    const { w, alice, bob, conversationID } = await pair();
    await bob.chat.sendText('the needle');
    for (let i = 0; i < 30; i += 1) await bob.chat.sendText(`hay ${i}`);
    await w.settle();
    const other = await alice.conversations.open('bob', SessionType.Single);
    if (!other.ok) throw new Error('open failed');
    await show(alice, '', true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'needle');
    await w.advance(500);
    const messages = await screen.findByRole('region', { name: 'Messages' });
    await userEvent.click(within(messages).getByRole('button', { name: /the needle/ }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    await w.settle();
    await waitFor(() => {
      const article = within(log).getByText('the needle').closest('article');
      expect(article?.getAttribute('data-highlighted')).toBe('true');
    });
    expect(conversationID).toBe(other.value.conversationID);
  });
});

describe('spec §8 placeholders', () => {
  it('a message that fails to render shows "cannot display message"; the others still show', async () => {
    const { w, alice, bob, conversationID } = await pair();
    await bob.chat.sendText('fine');
    await w.settle();
    const vm = alice.viewModels.chat(conversationID);
    await w.settle();
    const state = vm.state as Extract<ChatViewState, { status: 'open' }>;
    const good = state.messages[0] as MessageView;
    // A body the views do not expect (as data from a newer client could be) makes its row throw.
    const broken = { ...good, id: 'broken', body: null } as unknown as MessageView;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await renderView(
        <MessageActionsHost vm={vm}>
          <MessageList vm={vm} state={{ ...state, messages: [broken, good] }} />
        </MessageActionsHost>,
        {
          viewModels: alice.viewModels,
          wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
        },
      );
      const log = await screen.findByRole('log', { name: 'Messages' });
      expect(await within(log).findByText('Cannot display this message')).toBeTruthy();
      expect(within(log).getByText('fine')).toBeTruthy();
    } finally {
      console.warn = warn;
    }
  });

  it('an unknown custom type shows "unsupported message"', async () => {
    const { w, alice, bob, conversationID } = await pair();
    const created = await bob.chat.send({ kind: 'custom', data: '{"customType":4242}', description: '' });
    if (!created.ok) throw new Error('send failed');
    await w.settle();
    const log = (await show(alice, conversationID)) as HTMLElement;
    expect(await within(log).findByText('[Unsupported message]')).toBeTruthy();
  });
});
