import { expect, messageLog, send, test, type Locator, type Page } from './fixtures';
import { newUserPage, openConversation, seriousViolations, signIn } from './support/users';

// Group administration through the real SDK and server, with three users of the demo seed (alice is friends with
// bob and carol). alice creates her own group, so no other test depends on what happens to it.

// A 2x2 PNG (valid chunks and checksums: the browser must decode it), resized and encoded as webp.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8AAQv8ZYAwAQ84H+VjtZqAAAAAASUVORK5CYII=',
  'base64',
);

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Group settings' });

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const found = drawer(page);
  await expect(found.getByRole('button', { name: /^(Exit|Disband) group$/ })).toBeVisible({
    timeout: 30_000,
  });
  return found;
}

async function closeDrawer(page: Page): Promise<void> {
  await drawer(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(drawer(page)).toBeHidden();
}

async function memberActions(page: Page, name: string): Promise<void> {
  const panel = drawer(page);
  if (!(await panel.getByRole('list', { name: 'Member list' }).isVisible())) {
    await panel.getByRole('button', { name: 'View more' }).click();
  }
  await panel.getByRole('button', { name: `Actions for ${name}` }).click();
}

test('group administration across three users: rename, avatar, admin, mute, mute-all, kick, invite, transfer, exit, disband', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const users = await Promise.all(['alice', 'bob', 'carol'].map(() => newUserPage(browser)));
  const [alice, bob, carol] = users.map((u) => u.page) as [Page, Page, Page];
  await Promise.all([signIn(alice, 'alice'), signIn(bob, 'bob'), signIn(carol, 'carol')]);

  // alice: from her chat with bob, the header's Create group opens the picker with bob preselected.
  await openConversation(alice, 'bob');
  await alice.getByRole('button', { name: 'Create group' }).click();
  const picker = alice.getByRole('dialog', { name: 'Create group' });
  await expect(picker.getByText('Selected (1)')).toBeVisible();
  expect(await seriousViolations(alice)).toEqual([]);
  await picker.getByRole('button', { name: 'My friends' }).click();
  await picker.getByRole('checkbox', { name: 'carol' }).check();
  await expect(picker.getByText('Selected (2)')).toBeVisible();
  await picker.getByRole('textbox', { name: 'Group name' }).fill('Admin trial');
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(picker).toBeHidden();
  await expect(alice.getByRole('heading', { level: 2, name: 'Admin trial' })).toBeVisible({
    timeout: 30_000,
  });

  // alice renames the group (Enter commits) and changes its avatar (resized to webp in the browser).
  let panel = await openDrawer(alice);
  expect(await seriousViolations(alice)).toEqual([]);
  await panel.getByRole('button', { name: 'Edit group name' }).click();
  await panel.getByRole('textbox', { name: 'Group name' }).fill('Ops room');
  await panel.getByRole('textbox', { name: 'Group name' }).press('Enter');
  await expect(panel.getByRole('heading', { name: 'Ops room' })).toBeVisible({ timeout: 30_000 });
  const chooser = alice.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Change group avatar' }).click();
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  // The resized webp is uploaded and becomes the group's face: the drawer shows the picture.
  await expect(panel.locator('img[src$="-avatar.webp"]').first()).toBeVisible({ timeout: 30_000 });
  await alice.screenshot({ path: test.info().outputPath('group-drawer.png') });

  // alice makes bob an admin.
  await memberActions(alice, 'bob');
  await alice.getByRole('menuitem', { name: 'Make admin' }).click();
  await expect(panel.getByRole('list', { name: 'Member list' }).getByText('Admin')).toBeVisible({
    timeout: 30_000,
  });
  await alice.screenshot({ path: test.info().outputPath('group-members.png') });
  await closeDrawer(alice);
  await openConversation(alice, 'Ops room');

  // bob sees the new name and picture, mutes carol for 5 minutes; carol sees it and cannot send.
  await openConversation(bob, 'Ops room');
  await expect(bob.locator('img[src$="-avatar.webp"]').first()).toBeVisible({ timeout: 30_000 });
  await openConversation(carol, 'Ops room');
  // The group events read with names in the chat, the admin set among them.
  await expect(messageLog(carol).getByText('alice changed the group name to Ops room')).toBeVisible({
    timeout: 30_000,
  });
  await expect(messageLog(carol).getByText('alice made bob an admin')).toBeVisible({ timeout: 30_000 });
  panel = await openDrawer(bob);
  await memberActions(bob, 'carol');
  await bob.getByRole('menuitem', { name: 'Mute…' }).click();
  const mute = bob.getByRole('dialog', { name: 'Mute carol' });
  expect(await seriousViolations(bob)).toEqual([]);
  await mute.getByRole('radio', { name: '5 minutes' }).check();
  await mute.getByRole('button', { name: 'Mute' }).click();
  await expect(panel.getByText('Muted')).toBeVisible({ timeout: 30_000 });
  // carol's composer closes with the reason.
  await expect(carol.getByRole('textbox', { name: 'Message' })).toBeDisabled({ timeout: 30_000 });
  await expect(carol.getByRole('status').filter({ hasText: 'You are muted' })).toBeVisible();
  await expect(carol.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  // Unmuting restores carol's voice.
  await memberActions(bob, 'carol');
  await bob.getByRole('menuitem', { name: 'Unmute' }).click();
  await expect(panel.getByText('Muted')).toBeHidden({ timeout: 30_000 });
  await send(carol, 'back again');
  // bob's drawer is modal (the chat behind it is hidden from the accessibility tree): alice reads it.
  await expect(messageLog(alice).getByText('back again')).toBeVisible({ timeout: 30_000 });

  // bob (admin) cannot pick alice (owner) in the kick picker.
  await panel.getByRole('button', { name: 'Back' }).click();
  await panel.getByRole('button', { name: 'Remove members' }).click();
  const kick = bob.getByRole('dialog', { name: 'Remove members' });
  await expect(kick.getByRole('checkbox', { name: 'alice' })).toBeDisabled({ timeout: 30_000 });
  await expect(kick.getByRole('checkbox', { name: 'carol' })).toBeEnabled();
  await kick.getByRole('button', { name: 'Cancel' }).click();
  await closeDrawer(bob);

  // Mute-all: only the owner and admins speak.
  panel = await openDrawer(alice);
  // The switch follows the server's answer, so it is clicked and then awaited.
  await panel.getByRole('switch', { name: 'Mute everyone' }).click();
  await expect(panel.getByRole('switch', { name: 'Mute everyone' })).toBeChecked({ timeout: 30_000 });
  await expect(carol.getByRole('textbox', { name: 'Message' })).toBeDisabled({ timeout: 30_000 });
  await expect(carol.getByRole('status').filter({ hasText: 'The group is muted' })).toBeVisible();
  await expect(bob.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await send(bob, 'admins still talk');
  await expect(messageLog(carol).getByText('admins still talk')).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('switch', { name: 'Mute everyone' }).click();
  await expect(panel.getByRole('switch', { name: 'Mute everyone' })).not.toBeChecked({ timeout: 30_000 });
  await expect(carol.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 30_000 });

  // alice edits the announcement; members see it.
  await panel.getByRole('button', { name: 'Edit announcement' }).click();
  await panel.getByRole('textbox', { name: 'Announcement' }).fill('Standup at nine');
  await panel.getByRole('button', { name: 'Publish' }).click();
  await expect(messageLog(carol).getByText('alice updated the group announcement')).toBeVisible({
    timeout: 30_000,
  });
  const carolPanel = await openDrawer(carol);
  await expect(carolPanel.getByText('Standup at nine')).toBeVisible({ timeout: 30_000 });
  await closeDrawer(carol);

  // alice kicks carol after a confirmation naming her; carol's chat turns read-only.
  await memberActions(alice, 'carol');
  await alice.getByRole('menuitem', { name: 'Remove from group…' }).click();
  const confirm = alice.getByRole('dialog', { name: 'Remove from group' });
  await expect(confirm.getByText('Remove carol from the group?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove from group' }).click();
  await expect(panel.getByRole('list', { name: 'Member list' }).getByText('carol')).toBeHidden({
    timeout: 30_000,
  });
  await expect(carol.getByRole('textbox', { name: 'Message' })).toBeDisabled({ timeout: 30_000 });
  await expect(
    carol.getByRole('status').filter({ hasText: 'You are no longer a member of this group' }),
  ).toBeVisible();
  await expect(
    carol.getByRole('toolbar', { name: 'Message tools' }).getByRole('button').first(),
  ).toBeDisabled();
  await carol.screenshot({ path: test.info().outputPath('removed-composer.png') });
  await closeDrawer(alice);

  // alice invites carol back from the header.
  await alice.getByRole('button', { name: 'Invite members' }).click();
  const invite = alice.getByRole('dialog', { name: 'Invite members' });
  await invite.getByRole('button', { name: 'My friends' }).click();
  await expect(invite.getByRole('checkbox', { name: 'bob' })).toBeDisabled({ timeout: 30_000 });
  await invite.getByRole('checkbox', { name: 'carol' }).check();
  await invite.getByRole('button', { name: 'OK' }).click();
  await expect(invite).toBeHidden();
  panel = await openDrawer(alice);
  if (!(await panel.getByRole('list', { name: 'Member list' }).isVisible())) {
    await panel.getByRole('button', { name: 'View more' }).click();
  }
  await expect(panel.getByRole('list', { name: 'Member list' }).getByText('carol')).toBeVisible({
    timeout: 30_000,
  });
  await closeDrawer(alice);
  // carol's own client takes the re-invitation: her composer opens, her next message reaches alice and bob.
  await expect(carol.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 30_000 });
  await send(carol, 'glad to be back');
  await expect(messageLog(alice).getByText('glad to be back')).toBeVisible({ timeout: 30_000 });
  await expect(messageLog(bob).getByText('glad to be back')).toBeVisible({ timeout: 30_000 });

  // alice transfers the group to bob, then exits; bob disbands.
  panel = await openDrawer(alice);
  await panel.getByRole('button', { name: 'Transfer group' }).click();
  const transfer = alice.getByRole('dialog', { name: 'Transfer group' }).first();
  await transfer.getByRole('checkbox', { name: 'bob' }).check();
  await transfer.getByRole('button', { name: 'OK' }).click();
  await alice
    .getByRole('dialog', { name: 'Transfer group' })
    .getByRole('button', { name: 'Transfer group' })
    .click();
  await expect(panel.getByRole('button', { name: 'Exit group' })).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Exit group' }).click();
  await alice.getByRole('dialog', { name: 'Exit group' }).getByRole('button', { name: 'Exit group' }).click();
  await expect(alice).toHaveURL(/\/chat$/, { timeout: 30_000 });

  const bobPanel = await openDrawer(bob);
  await expect(bobPanel.getByRole('button', { name: 'Disband group' })).toBeVisible({ timeout: 30_000 });
  await bobPanel.getByRole('button', { name: 'Disband group' }).click();
  await bob
    .getByRole('dialog', { name: 'Disband group' })
    .getByRole('button', { name: 'Disband group' })
    .click();
  await expect(bob).toHaveURL(/\/chat$/, { timeout: 30_000 });

  for (const user of users) await user.context.close();
});
