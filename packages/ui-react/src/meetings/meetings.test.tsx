import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatRoute } from '../routing/chat-route';
import { ContactDialogsProvider } from '../shell/contact-dialogs';
import { renderView } from '../testing/render';

const MINUTE = 60_000;

async function team() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  alice.settings.setLocale('en-US');
  const { groupID } = await alice.ports.groups.createGroup({
    groupName: 'Team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await w.settle();
  await alice.conversations.open(groupID, SessionType.Group);
  await bob.conversations.open(groupID, SessionType.Group);
  await w.settle();
  return { w, alice, bob, conversationID: alice.conversations.currentConversation!.conversationID };
}

async function openChat(client: Awaited<ReturnType<typeof team>>['alice'], conversationID: string) {
  await renderView(<ChatRoute />, {
    viewModels: client.viewModels,
    route: `/chat/${conversationID}`,
    path: '/chat/:conversationID',
    wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
  });
  await screen.findByRole('textbox', { name: 'Message' });
  return within(screen.getByRole('group', { name: 'Conversation actions' }));
}

describe('meetings in the chat', () => {
  it("a group chat's Start meeting posts a card in progress, with the banner, and joins the room", async () => {
    const { alice, conversationID } = await team();
    const actions = await openChat(alice, conversationID);
    await userEvent.click(await actions.findByRole('button', { name: 'Start meeting' }));
    const card = await screen.findByRole('group', { name: "Meeting: Alice's meeting" });
    expect(await within(card).findByText('In progress')).toBeTruthy();
    expect(within(card).getByText('You are in this meeting')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain("Alice's meeting is in progress");
    expect(alice.ports.meetingLauncher.joins).toHaveLength(1);
  });

  it('a scheduled card is not started, then offers Join at its time; its words stay text', async () => {
    const { w, alice, bob, conversationID } = await team();
    const group = bob.conversations.currentConversation!;
    await bob.services.meetings.schedule(
      {
        title: '<img src=x onerror=alert(1)>',
        startTime: w.clock.now() + 10 * MINUTE,
        durationMinutes: 45,
        description: '**agenda**',
        inviteeUserIDs: [],
        audience: 'group',
      },
      { kind: 'conversation', conversation: group },
    );
    await w.settle();
    await openChat(alice, conversationID);
    const card = await screen.findByRole('group', { name: 'Meeting: <img src=x onerror=alert(1)>' });
    expect(await within(card).findByText('Not started')).toBeTruthy();
    expect(within(card).getByText('**agenda**')).toBeTruthy();
    expect(within(card).getByText('Host: Bob')).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await act(() => w.advance(10 * MINUTE));
    expect(await within(card).findByText('Awaiting start')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Join' }));
    await act(() => w.settle());
    expect(alice.ports.meetingLauncher.joins.map((j) => j.conversationID)).toEqual([conversationID]);
  });

  it('the schedule dialog shows each field error under its field', async () => {
    const { alice, conversationID } = await team();
    const actions = await openChat(alice, conversationID);
    await userEvent.click(await actions.findByRole('button', { name: 'Schedule meeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule meeting' });
    // The focus manager's queued work runs first, as on a loaded machine before the next query.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Please enter the meeting title')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const card = await screen.findByRole('group', { name: 'Meeting: Review' });
    expect(await within(card).findByText('Not started')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Start' })).toBeTruthy();
  });
});
