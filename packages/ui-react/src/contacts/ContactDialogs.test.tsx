import { TestWorld, type TestClient } from '@teamim/application/testing';
import { GroupAllowType } from '@teamim/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';

// Typing through user-event on a shared, slow machine takes seconds; this is a ceiling, not a measurement.
vi.setConfig({ testTimeout: 30_000 });
import { renderView } from '../testing/render';
import { useContactDialogs, type ContactDialogs } from '../common/contact-dialogs';
import { ContactDialogsProvider } from '../shell/contact-dialogs';

/** Renders the dialogs provider with a probe that hands out its API, as the shell uses it. */
async function withDialogs(client: TestClient): Promise<ContactDialogs> {
  let api: ContactDialogs | undefined;
  function Probe() {
    const dialogs = useContactDialogs();
    useEffect(() => {
      api = dialogs;
    }, [dialogs]);
    return <button type="button">trigger</button>;
  }
  await renderView(
    <ContactDialogsProvider>
      <Probe />
    </ContactDialogsProvider>,
    { viewModels: client.viewModels },
  );
  if (api === undefined) throw new Error('no dialogs');
  return api;
}

describe('User card', () => {
  it('self ("my info"): marks the user, shows the profile rows and Edit info, which opens the profile modal', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice', phoneNumber: '13800000000' });
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openUserCard({ userID: 'alice', nickname: 'Alice', faceURL: '' }));
    const card = await screen.findByRole('dialog', { name: 'User card' });
    expect(within(card).getByTestId('card-nickname').textContent).toBe('Alice (you)');
    expect(within(card).getByText('13800000000')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Add friends' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Edit info' }));
    expect(await screen.findByRole('dialog', { name: 'Edit info' })).toBeTruthy();
  });

  it('friend: remark editable and saved, birth as YYYY/M/D, Send message', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'bob' });
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() =>
      dialogs.openUserCard({ userID: 'bob', nickname: 'bob', faceURL: '', birth: Date.UTC(1990, 6, 4, 4) }),
    );
    const card = await screen.findByRole('dialog', { name: 'User card' });
    expect(within(card).getByText('1990/7/4')).toBeTruthy();
    const remark = within(card).getByRole('textbox', { name: 'Remark' });
    await user.type(remark, 'Bobby');
    await user.click(within(card).getByRole('button', { name: 'Save remark' }));
    await waitFor(() => expect(within(card).getByTestId('card-nickname').textContent).toBe('Bobby'));
    expect(within(card).getByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add friends' })).toBeNull();
  });

  it('non-friend: Add friends → verification (counter 0/50) → Send closes the card', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openUserCard({ userID: 'bob', nickname: 'bob', faceURL: '' }));
    const card = await screen.findByRole('dialog', { name: 'User card' });
    await user.click(within(card).getByRole('button', { name: 'Add friends' }));
    const message = within(card).getByRole('textbox', { name: 'Application information' });
    expect(message.getAttribute('rows')).toBe('6');
    expect(within(card).getByText('0/50')).toBeTruthy();
    await user.type(message, 'hello');
    expect(within(card).getByText('5/50')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await world.settle();
    expect(bob.contacts.snapshot.recvFriendApplicationList.map((a) => a.reqMsg)).toEqual(['hello']);
  });

  it('group context: Add friends disabled when the group forbids it; no card where member info is hidden', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const bob = { userID: 'bob', nickname: 'bob', faceURL: '' };
    act(() =>
      dialogs.openUserCard(bob, {
        group: { applyMemberFriend: GroupAllowType.Allowed, lookMemberInfo: GroupAllowType.NotAllowed },
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => dialogs.openUserCard(bob, { group: { applyMemberFriend: GroupAllowType.NotAllowed } }));
    const card = await screen.findByRole('dialog', { name: 'User card' });
    expect(within(card).getByRole('button', { name: 'Add friends' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Group card (not joined)', () => {
  it('Add group → verification view (4 rows, counter) → Send applies', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol', 'zed');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const created = await alice.groupActions.createGroup({
      groupName: 'Crew',
      selectedUserIDs: ['bob', 'carol'],
    });
    if (!created.ok) throw new Error('group');
    const zed = await world.signIn('zed');
    const dialogs = await withDialogs(zed);
    const user = userEvent.setup();
    act(() => dialogs.openGroupCard({ groupID: created.value.conversation.groupID }));
    const card = await screen.findByRole('dialog', { name: 'Group card' });
    await within(card).findByText('Crew');
    await user.click(within(card).getByRole('button', { name: 'Add group' }));
    const message = within(card).getByRole('textbox', { name: 'Application information' });
    expect(message.getAttribute('rows')).toBe('4');
    await user.type(message, 'let me in');
    expect(within(card).getByText('9/50')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(zed.toasts.keys()).toContain('toast.joinGroupRequestSent');
  });
});

describe('Add friends search', () => {
  it('keeps Search disabled for a blank keyword, lists hits, and a hit opens its user card', async () => {
    const world = new TestWorld().users('alice', { userID: 'bob', nickname: 'Bobby' });
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openAddSearch('friend'));
    const modal = await screen.findByRole('dialog', { name: 'Add friends' });
    const search = within(modal).getByRole('button', { name: 'Search' });
    expect(search.hasAttribute('disabled')).toBe(true);
    await user.type(within(modal).getByRole('textbox'), 'Bobby');
    expect(search.hasAttribute('disabled')).toBe(false);
    await user.click(search);
    const results = await within(modal).findByRole('region', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: 'Bobby' }));
    expect(await screen.findByRole('dialog', { name: 'User card' })).toBeTruthy();
  });

  it('says so when no group has the id', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openAddSearch('group'));
    const modal = await screen.findByRole('dialog', { name: 'Add group' });
    await user.type(within(modal).getByRole('textbox', { name: 'Group ID' }), 'nope');
    await user.click(within(modal).getByRole('button', { name: 'Search' }));
    expect(await within(modal).findByText('No group with this ID')).toBeTruthy();
  });
});

describe('Create group', () => {
  // The plus menu's Create group is the member picker's create mode (name max 16, avatar, two panes).
  it('opens the member picker in create mode: the rules as toasts, then the group with the chosen friends', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    world.backend.makeFriends('alice', 'bob');
    world.backend.makeFriends('alice', 'carol');
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openCreateGroup());
    const modal = await screen.findByRole('dialog', { name: 'Create group' });
    expect(within(modal).getByRole('button', { name: 'Group avatar' })).toBeTruthy();
    const name = within(modal).getByRole('textbox', { name: 'Group name' });
    expect(name.getAttribute('maxlength')).toBe('16');
    await user.click(within(modal).getByRole('button', { name: 'My friends' }));
    await user.click(await within(modal).findByRole('checkbox', { name: 'bob' }));
    await user.click(within(modal).getByRole('checkbox', { name: 'carol' }));
    expect(within(modal).getByText('Selected (2)')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(alice.toasts.keys()).toContain('validation.groupName.required'));
    await user.type(name, 'Crew');
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await world.settle();
    expect(alice.contacts.snapshot.groupList.map((g) => g.groupName)).toEqual(['Crew']);
  });
});

describe('Edit profile', () => {
  it('shows the field rule under the field, keeps the phone read-only, and closes on save', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice', phoneNumber: '13800000000' });
    const alice = await world.signIn('alice');
    const dialogs = await withDialogs(alice);
    const user = userEvent.setup();
    act(() => dialogs.openEditProfile());
    const modal = await screen.findByRole('dialog', { name: 'Edit info' });
    const phone = within(modal).getByRole('textbox', { name: 'Phone number' });
    expect(phone.hasAttribute('readonly')).toBe(true);
    const nickname = within(modal).getByRole('textbox', { name: /Nickname/ });
    await user.clear(nickname);
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(modal).getByText('Please input nickname')).toBeTruthy());
    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    await user.type(nickname, 'Alicia');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(alice.currentUser.selfInfo?.nickname).toBe('Alicia');
  });
});
