import { TestWorld } from '@teamim/application/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderContacts } from '../testing/render-contacts';

// Rendering and clicking on a shared, slow machine takes seconds; this is a ceiling, not a measurement.
vi.setConfig({ testTimeout: 30_000 });

describe('New friends', () => {
  it('lists received requests with their message; Accept turns the row into its state and the friend appears', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, 'Hi alice, bob here');
    await alice.contactActions.sendFriendRequest({ userID: 'carol' }, 'hello carol');
    await world.settle();
    await renderContacts(alice, '/contact/newFriends');
    const user = userEvent.setup();

    const received = screen.getByRole('list', { name: 'Received' });
    expect(within(received).getByText('Message: Hi alice, bob here')).toBeTruthy();
    const sent = screen.getByRole('list', { name: 'Sent' });
    expect(within(sent).getByText('carol')).toBeTruthy();
    expect(within(sent).getByText('Waiting for verification')).toBeTruthy();

    await user.click(within(received).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(received).getByText('Agreed')).toBeTruthy());
    expect(within(received).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
  });

  it("a received request opens the applicant's user card", async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await bob.contactActions.sendFriendRequest({ userID: 'alice' }, '');
    await world.settle();
    await renderContacts(alice, '/contact/newFriends');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /bob/ }));
    expect(await screen.findByRole('dialog', { name: 'User card' })).toBeTruthy();
  });

  it('says so when there are no requests', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    await renderContacts(alice, '/contact/newFriends');
    expect(screen.getByText('No requests')).toBeTruthy();
  });
});

describe('Group notifications', () => {
  it('lists join requests to my group; Refuse turns the row into its state', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol', 'dave');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok) throw new Error('group');
    const dave = await world.signIn('dave');
    await dave.contactActions.sendJoinRequest(created.value.conversation.groupID, 'Let me in, please');
    await world.settle();
    await renderContacts(alice, '/contact/groupNotifications');
    const user = userEvent.setup();

    const received = screen.getByRole('list', { name: 'Received' });
    expect(within(received).getByText('Applies to join Crew')).toBeTruthy();
    expect(within(received).getByText('Message: Let me in, please')).toBeTruthy();
    await user.click(within(received).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(within(received).getByText('Refused')).toBeTruthy());
  });
});
