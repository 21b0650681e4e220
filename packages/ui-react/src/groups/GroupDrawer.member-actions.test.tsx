import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupMemberRole } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { openDrawer, team } from '../testing/group-drawer';

describe('group settings drawer: the member list and its actions menu (spec §2, §6)', () => {
  it('one actions menu serves the list: it opens at the row, follows the member, and Escape hands focus back', async () => {
    const { w, owner, groupID } = await team();
    const drawer = await openDrawer(owner, groupID);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'View more' }));
    const list = await within(drawer).findByRole('list', { name: 'Member list' });
    const bob = await within(list).findByRole('button', { name: 'Actions for Bob' });
    expect(bob.getAttribute('aria-haspopup')).toBe('menu');
    await userEvent.click(bob);
    const menu = await screen.findByRole('menu', { name: 'Actions for Bob' });
    expect(bob.getAttribute('aria-expanded')).toBe('true');
    // Focus is in the menu, on its first item, so the keyboard goes on from there.
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'View profile' }));
    expect(within(menu).getByRole('menuitem', { name: 'Make admin' })).toBeTruthy();
    // Promoted by someone else while the menu is open: the menu offers the opposite at once.
    w.backend.updateMember(groupID, 'bob', { roleLevel: GroupMemberRole.Admin });
    await w.settle();
    expect(await within(menu).findByRole('menuitem', { name: 'Remove admin' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(bob);
    expect(bob.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('menu')).toHaveLength(0);
  });

  it("a second click on a member's actions button closes the menu it opened; a click on another's moves it", async () => {
    const { owner, groupID } = await team();
    const drawer = await openDrawer(owner, groupID);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'View more' }));
    const list = await within(drawer).findByRole('list', { name: 'Member list' });
    const bob = await within(list).findByRole('button', { name: 'Actions for Bob' });
    await userEvent.click(bob);
    expect(await screen.findByRole('menu', { name: 'Actions for Bob' })).toBeTruthy();
    await userEvent.click(bob);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(bob.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(bob);
    expect(await screen.findByRole('menu', { name: 'Actions for Bob' })).toBeTruthy();
    const carol = within(list).getByRole('button', { name: 'Actions for Carol' });
    await userEvent.click(carol);
    expect(await screen.findByRole('menu', { name: 'Actions for Carol' })).toBeTruthy();
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(bob.getAttribute('aria-expanded')).toBe('false');
  });

  it('the owner transfers through the picker (self disabled, one choice, confirmation naming the member)', async () => {
    const { w, owner, groupID } = await team();
    const drawer = await openDrawer(owner, groupID);
    expect(await within(drawer).findByRole('button', { name: 'Disband group' })).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Transfer group' }));
    const picker = await screen.findByRole('dialog', { name: 'Transfer group', hidden: true });
    const olivia = await within(picker).findByRole('checkbox', { name: 'Olivia', hidden: true });
    expect((olivia as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Bob', hidden: true }));
    expect(within(picker).getByText('Selected (1)')).toBeTruthy();
    await userEvent.click(within(picker).getByRole('button', { name: 'OK', hidden: true }));
    const confirm = (await screen.findByText('Transfer the group to Bob?')).closest('[role="dialog"]');
    if (!(confirm instanceof HTMLElement)) throw new Error('no confirmation');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transfer group', hidden: true }));
    await w.settle();
    // The picker is gone (a query by name would pass vacuously if Tabster left it aria-hidden).
    await waitFor(() => expect(picker.isConnected).toBe(false));
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Exit group', hidden: true })).toBeTruthy(),
    );
  });
});
