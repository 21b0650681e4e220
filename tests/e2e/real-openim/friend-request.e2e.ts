import { expect, mainNav, signedIn, test, type Page } from './fixtures';

/**
 * Expected to fail on open-im-server v3.8.3 (the only 3.8 version the Go module proxy serves): it sends
 * `FriendApplicationTips` without `request`, which the bundled SDK (3.8.3-patch.13) dereferences, so the
 * SDK panics on the friend-application notifications: bob's list may never show carol's request, or his
 * acceptance is never confirmed (both seen). The server fixed it in v3.8.3-patch.5.
 * Marked as failing so the run turns red the day it passes: then remove the mark.
 */

async function contacts(page: Page, list: 'My friends' | 'New friends'): Promise<void> {
  await mainNav(page)
    .getByRole('link', { name: /Contacts/ })
    .click();
  await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: list }).click();
}

test('carol asks bob to be friends and bob accepts', async ({ browser }) => {
  test.fail(
    true,
    'open-im-server v3.8.3 sends FriendApplicationTips without `request`; SDK 3.8.3-patch.13 panics on it',
  );
  test.setTimeout(150_000);
  const carol = await signedIn(browser, 'carol');
  const bob = await signedIn(browser, 'bob');
  await carol.page.getByRole('button', { name: 'Add', exact: true }).click();
  await carol.page.getByRole('menuitem', { name: 'Add friends' }).click();
  const dialog = carol.page.getByRole('dialog', { name: 'Add friends' });
  await dialog.getByRole('textbox').fill('bob');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('region', { name: 'Search results' }).getByRole('button', { name: 'bob' }).click();
  const card = carol.page.getByRole('dialog', { name: 'User card' });
  await card.getByRole('button', { name: 'Add friends' }).click();
  await card.getByRole('textbox', { name: 'Application information' }).fill('carol here');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(carol.page.getByText('Friend request sent').last()).toBeVisible();

  await contacts(bob.page, 'New friends');
  const received = bob.page.getByRole('list', { name: 'Received' });
  await received.getByRole('button', { name: 'Accept' }).click({ timeout: 60_000 });
  await expect(received.getByText('Agreed')).toBeVisible({ timeout: 30_000 });
  await contacts(carol.page, 'My friends');
  await expect(
    carol.page.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' }),
  ).toBeVisible();
});
