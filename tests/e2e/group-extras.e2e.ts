import { expect, test, type Page } from './fixtures';
import {
  animationsSettled,
  mainNav,
  newUserPage,
  openConversation,
  setBlacklistSwitch,
  settledViolations,
  signIn,
} from './support/users';

// The rest of group administration: the blacklist screen, and the group drawer in the dark theme. (Applying to join a
// group with verification is contacts.e2e's "a newly registered user applies to join Demo team"; the
// announcement seen by members is group-admin.e2e's.)

async function openAccountBlacklist(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page
    .getByRole('dialog', { name: 'Account settings' })
    .getByRole('button', { name: 'Manage blacklist' })
    .click();
  await expect(page).toHaveURL(/\/contact\/blacklist$/);
}

test('the blacklist screen lists a blocked user and removes her, then it is empty; the group drawer in the dark theme', async ({
  browser,
}) => {
  // Generous: sign-in, two axe passes and several SDK round trips take minutes on a loaded machine.
  test.setTimeout(360_000);
  const { context, page } = await newUserPage(browser);
  await signIn(page, 'alice');

  // alice blocks carol from their chat's drawer.
  await openConversation(page, 'carol');
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Chat settings' });
  await setBlacklistSwitch(drawer, true);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Account settings → Manage blacklist: carol is listed with her avatar and a remove button.
  await openAccountBlacklist(page);
  const list = page.getByRole('list', { name: 'Blacklist' });
  await expect(list.getByText('carol')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('blacklist.png') });
  // Closing Account settings leaves no focusable sentinel behind: tabster's two guards on <body> are back
  // to tabIndex -1 (they stayed focusable while focus had fallen to <body>: axe aria-hidden-focus).
  await expect(page.getByRole('button', { name: 'My account' })).toBeFocused();
  await expect(page.locator('body > [data-tabster-dummy][tabindex="0"]')).toHaveCount(0);
  expect(await settledViolations(page)).toEqual([]);

  // Removing her empties the list; she is a friend again and the chat's switch is off.
  await list.getByRole('button', { name: 'Unblock carol' }).click();
  await expect(page.getByText('Nobody is blocked')).toBeVisible({ timeout: 60_000 });
  await mainNav(page).getByRole('link', { name: /^Chat/ }).click();
  await openConversation(page, 'carol');
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  await expect(drawer.getByRole('switch', { name: 'Add to blacklist' })).not.toBeChecked({ timeout: 60_000 });
  // And back on from the drawer, then off again: both directions of the switch end in their state.
  await setBlacklistSwitch(drawer, true);
  await setBlacklistSwitch(drawer, false);

  // The same session in the dark theme: the app loaded again with the system in dark, as after a sign-in.
  await test.step('the group drawer and its members view have no serious axe violations in the dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await openConversation(page, 'Demo team');
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Group settings' });
    await expect(drawer.getByRole('button', { name: /^(Exit|Disband) group$/ })).toBeVisible({
      timeout: 30_000,
    });
    await animationsSettled(page);
    await page.screenshot({ path: test.info().outputPath('group-drawer-dark.png') });
    expect(await settledViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: 'View more' }).click();
    await expect(drawer.getByRole('list', { name: 'Member list' })).toBeVisible();
    await animationsSettled(page);
    await page.screenshot({ path: test.info().outputPath('group-members-dark.png') });
    expect(await settledViolations(page)).toEqual([]);
  });
  await context.close();
});
