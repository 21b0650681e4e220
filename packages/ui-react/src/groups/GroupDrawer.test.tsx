import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openDrawer, team } from '../testing/group-drawer';

describe('group settings drawer (spec §2, §6)', () => {
  it('a normal member sees the group, members and Exit, and none of the management controls', async () => {
    const { bob, groupID } = await team();
    const drawer = await openDrawer(bob, groupID);
    expect(await within(drawer).findByRole('heading', { name: 'Team' })).toBeTruthy();
    expect(within(drawer).getByText(groupID)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Exit group' })).toBeTruthy();
    for (const name of ['Edit group name', 'Change group avatar', 'Transfer group', 'Remove members']) {
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    }
    expect(within(drawer).queryByRole('switch', { name: 'Mute everyone' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Edit announcement' })).toBeNull();
    // 4 members, then the add tile; no remove tile for a normal member.
    expect(within(drawer).getByRole('button', { name: 'Add members' })).toBeTruthy();
  });

  it('an admin renames with Enter and mutes a member for 5 minutes (badge)', async () => {
    const { w, admin, groupID } = await team();
    const drawer = await openDrawer(admin, groupID);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Edit group name' }));
    const name = within(drawer).getByRole('textbox', { name: 'Group name' });
    expect(name.getAttribute('maxlength')).toBe('16');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed{Enter}');
    await w.settle();
    expect(await within(drawer).findByRole('heading', { name: 'Renamed' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Transfer group' })).toBeNull();

    await userEvent.click(within(drawer).getByRole('button', { name: 'View more' }));
    const list = await within(drawer).findByRole('list', { name: 'Member list' });
    // An admin has no actions on the owner except the card.
    await userEvent.click(within(list).getByRole('button', { name: 'Actions for Olivia' }));
    expect(screen.queryByRole('menuitem', { name: 'Remove from group…' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(list).getByRole('button', { name: 'Actions for Carol' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute…' }));
    const mute = await screen.findByRole('dialog', { name: 'Mute Carol', hidden: true });
    await userEvent.click(within(mute).getByRole('radio', { name: '5 minutes', hidden: true }));
    await userEvent.click(within(mute).getByRole('button', { name: 'Mute', hidden: true }));
    await w.settle();
    await waitFor(() => expect(within(list).getByText('Muted')).toBeTruthy());
  });

  // A test of its own: right after another modal closes, Fluent's focus hand-back can close the next menu
  // under a test's click in jsdom (a person is never that fast; the browser test kicks after a mute too).
  it('an admin kicks a member after a confirmation naming them', async () => {
    const { w, admin, groupID } = await team();
    const drawer = await openDrawer(admin, groupID);
    await userEvent.click(await within(drawer).findByRole('button', { name: 'View more' }));
    const list = await within(drawer).findByRole('list', { name: 'Member list' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Actions for Bob' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from group…' }));
    // In jsdom Tabster can leave the dialog marked hidden while the menu hands focus back (in Chromium it
    // ends accessible: group-admin.e2e.ts finds it by role); the test reads it whether or not it is.
    const confirm = await screen.findByRole('dialog', { name: 'Remove from group', hidden: true });
    expect(within(confirm).getByText('Remove Bob from the group?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove from group', hidden: true }));
    await w.settle();
    await waitFor(() => expect(within(list).queryByText('Bob')).toBeNull());
  });
});
