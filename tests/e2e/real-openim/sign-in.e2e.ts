import { expect, mainNav, openChatWith, signInThroughForm, test, type Locator, type Page } from './fixtures';
import { newUserPage } from '../support/users';
import { USERS } from './stack';

/**
 * Sign-in against real chat 1.8.4 and open-im-server 3.8.3: by e-mail and by phone, what the client hides
 * where the deployment lacks it (wallet, calls without a reachable SFU), chat 1.8's user search, and the
 * kick of the first session when the same user signs in again on the same platform.
 */

test('alice signs in by e-mail; the wallet and the call buttons are not offered', async ({
  browser,
}, info) => {
  const alice = await newUserPage(browser);
  await signInThroughForm(alice.page, USERS.alice);
  await alice.page.getByRole('button', { name: 'My account' }).click();
  await expect(alice.page.getByRole('menuitem', { name: 'My info' })).toBeVisible();
  await expect(alice.page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  // The wallet probe met chat's plain 404.
  await expect(alice.page.getByRole('menuitem', { name: 'My balance' })).toHaveCount(0);
  await alice.page.keyboard.press('Escape');

  // chat hands out a room token for ws://127.0.0.1:7880, where no LiveKit runs: no call buttons.
  await openChatWith(alice.page, 'bob');
  const actions = alice.page.getByRole('group', { name: 'Conversation actions' });
  await expect(actions).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Voice call' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Video call' })).toHaveCount(0);
  await alice.page.screenshot({ path: info.outputPath('alice-without-wallet-and-calls.png') });
});

test('bob signs in by phone number', async ({ browser }) => {
  const bob = await newUserPage(browser);
  await signInThroughForm(bob.page, USERS.bob, 'phone');
  await expect(mainNav(bob.page).getByRole('link', { name: /Contacts/ })).toBeVisible();
  expect(await bob.page.evaluate(() => window.sessionStorage.getItem('IM_USERID'))).toMatch(/^\d+$/);
});

async function searchResults(page: Page, keyword: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add friends' });
  await dialog.getByRole('textbox').fill(keyword);
  await dialog.getByRole('button', { name: 'Search' }).click();
  return dialog.getByRole('region', { name: 'Search results' });
}

test("carol finds bob by name and by phone through chat 1.8's public search (it has no fuzzy one)", async ({
  browser,
}) => {
  const carol = await newUserPage(browser);
  await signInThroughForm(carol.page, USERS.carol);
  await expect((await searchResults(carol.page, 'bob')).getByRole('button', { name: 'bob' })).toBeVisible();
  await carol.page
    .getByRole('dialog', { name: 'Add friends' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(carol.page.getByRole('dialog', { name: 'Add friends' })).toHaveCount(0);
  const byPhone = await searchResults(carol.page, USERS.bob.phoneNumber);
  await expect(byPhone.getByRole('button', { name: 'bob' })).toBeVisible();
});

test('a second sign-in of the same user on the web platform logs the first one out', async ({
  browser,
}, info) => {
  const first = await newUserPage(browser);
  await signInThroughForm(first.page, USERS.carol);
  const second = await newUserPage(browser);
  await signInThroughForm(second.page, USERS.carol);
  // OpenIM's multi-login policy 1: one web session per user; the SDK reports the kick.
  await expect(first.page.getByText('Your account has logged in on another device').last()).toBeVisible({
    timeout: 45_000,
  });
  await expect(first.page).toHaveURL(/\/login$/);
  await first.page.screenshot({ path: info.outputPath('first-session-kicked.png') });
  // The new session carries on.
  await expect(mainNav(second.page)).toBeVisible();
  await expect(second.page).toHaveURL(/\/chat/);
});
