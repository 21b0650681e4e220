import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { ContactDialogsProvider } from '../shell/contact-dialogs';
import { renderView } from '../testing/render';
import { ChatLayout } from './ChatPages';
import { ChatRoute } from '../routing/chat-route';

async function world() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  await bob.conversations.open('alice', SessionType.Single);
  await bob.chat.sendText('hello <b>alice</b>');
  await w.settle();
  return { w, alice, bob };
}

function chatRoutes() {
  return (
    <Routes>
      <Route path="/chat" element={<ChatLayout prefetchView={() => undefined} />}>
        <Route path=":conversationID" element={<ChatRoute />} />
      </Route>
    </Routes>
  );
}

describe('chat screens', () => {
  it('list the conversations, open one with its messages as text, and send from the composer', async () => {
    const { w, alice } = await world();
    const id = alice.conversations.snapshot[0]?.conversationID ?? '';
    await renderView(chatRoutes(), {
      viewModels: alice.viewModels,
      route: `/chat/${id}`,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    });
    const list = screen.getByRole('listbox', { name: 'Conversations' });
    expect(within(list).getByRole('option', { name: /^Bob/ })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Bob' });
    const log = screen.getByRole('log', { name: 'Messages' });
    // Markup in a message shows literally.
    await waitFor(() => expect(within(log).getByText('hello <b>alice</b>')).toBeTruthy());

    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'hi bob{Enter}');
    await w.settle();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(alice.chat.snapshot.messages.some((m) => m.textElem?.content === 'hi bob')).toBe(true);
  });

  it('the single-chat drawer asks before unfriending, naming the friend; Cancel keeps the friend', async () => {
    const { w, alice } = await world();
    await alice.contacts.loadFriends();
    const id = alice.conversations.snapshot[0]?.conversationID ?? '';
    await renderView(chatRoutes(), {
      viewModels: alice.viewModels,
      route: `/chat/${id}`,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Conversation settings' }));
    // Fluent's drawer turns aria-hidden in jsdom, hence hidden.
    const unfriend = await screen.findByRole('button', { name: 'Unfriend', hidden: true });
    const isFriend = () => alice.contacts.snapshot.friendList.some((f) => f.userID === 'bob');

    await userEvent.click(unfriend);
    let ask = await screen.findByRole('dialog', { name: 'Unfriend', hidden: true });
    expect(within(ask).getByText('Remove Bob from your friends?')).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unfriend', hidden: true })).toBeNull());
    expect(isFriend()).toBe(true);

    await userEvent.click(unfriend);
    ask = await screen.findByRole('dialog', { name: 'Unfriend', hidden: true });
    await userEvent.click(within(ask).getByRole('button', { name: 'OK', hidden: true }));
    await w.settle();
    await waitFor(() => expect(isFriend()).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Unfriend', hidden: true })).toBeNull();
  });

  it('an unknown conversation id offers the way back', async () => {
    const { alice } = await world();
    (alice.services.session as unknown as { sync: { next(v: string): void } }).sync.next('success');
    await renderView(chatRoutes(), {
      viewModels: alice.viewModels,
      route: '/chat/si_alice_nobody',
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to chats' })).toBeTruthy();
  });
});

// The composer closes, with the spec's text, while the user is muted, and opens when unmuted.
describe('composer access', () => {
  it('is disabled with "You are muted" while muted and enabled again once unmuted', async () => {
    const w = new TestWorld().users('owner', 'alice', 'carol');
    w.backend.makeFriends('owner', 'alice');
    w.backend.makeFriends('owner', 'carol');
    const owner = await w.signIn('owner');
    const alice = await w.signIn('alice');
    await owner.contacts.loadFriends();
    const created = await owner.groupActions.createGroup({
      groupName: 'Team',
      selectedUserIDs: ['alice', 'carol'],
    });
    if (!created.ok) throw new Error('no group');
    const { groupID, conversationID } = created.value.conversation;
    await owner.conversations.open(groupID, SessionType.Group);
    await owner.chat.sendText('welcome');
    await w.settle();
    await alice.conversations.loadConversations();
    await alice.conversations.open(groupID, SessionType.Group);
    await w.settle();
    await renderView(chatRoutes(), {
      viewModels: alice.viewModels,
      route: `/chat/${conversationID}`,
      wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).disabled).toBe(false);

    await owner.groupActions.mute(groupID, 'alice', 600);
    await w.settle();
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(true));
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('You are muted').id);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    await owner.groupActions.unmute(groupID, 'alice');
    await w.settle();
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    expect(screen.queryByText('You are muted')).toBeNull();
  });
});
