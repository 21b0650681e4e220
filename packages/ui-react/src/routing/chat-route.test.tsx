import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactDialogsProvider } from '../shell/contact-dialogs';
import { renderView } from '../testing/render';
import { ChatRoute } from './chat-route';

async function world() {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  w.backend.makeFriends('alice', 'bob');
  w.backend.makeFriends('alice', 'carol');
  const alice = await w.signIn('alice');
  await alice.contacts.loadFriends();
  return { w, alice };
}

async function openChat(client: Awaited<ReturnType<typeof world>>['alice'], conversationID: string) {
  await renderView(<ChatRoute />, {
    viewModels: client.viewModels,
    route: `/chat/${conversationID}`,
    path: '/chat/:conversationID',
    wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
  });
  await screen.findByRole('textbox', { name: 'Message' });
  return within(screen.getByRole('group', { name: 'Conversation actions' }));
}

describe('the chat route fills the chat view with the other features', () => {
  it("a single chat's header offers a call and a new group, its composer a red packet", async () => {
    const { w, alice } = await world();
    await alice.conversations.open('bob', SessionType.Single);
    await w.settle();
    const actions = await openChat(alice, alice.conversations.currentConversation!.conversationID);
    expect(await actions.findByRole('button', { name: 'Voice call' })).toBeTruthy();
    expect(actions.getByRole('button', { name: 'Video call' })).toBeTruthy();
    expect(actions.getByRole('button', { name: 'Create group' })).toBeTruthy();
    const tools = screen.getByRole('toolbar', { name: 'Message tools' });
    expect(within(tools).getByRole('button', { name: 'Send a red packet' })).toBeTruthy();
  });

  it("a group chat's header invites, and its settings open the group's drawer", async () => {
    const { w, alice } = await world();
    const created = await alice.groupActions.createGroup({
      groupName: 'Team',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok) throw new Error('no group');
    await alice.conversations.open(created.value.conversation.groupID, SessionType.Group);
    await w.settle();
    const actions = await openChat(alice, created.value.conversation.conversationID);
    expect(await actions.findByRole('button', { name: 'Invite members' })).toBeTruthy();
    expect(actions.queryByRole('button', { name: 'Voice call' })).toBeNull();
    await userEvent.click(actions.getByRole('button', { name: 'Conversation settings' }));
    // The group drawer's own header (Fluent's drawer turns aria-hidden in jsdom, hence hidden).
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Group settings', hidden: true }),
    ).toBeTruthy();
  });
});
