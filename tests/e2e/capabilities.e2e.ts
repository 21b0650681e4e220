import { expect, test } from './fixtures';
import { openAccountMenu } from './support/wallet';

// The counterpart of compat/openim-3.8.e2e.ts: the local server has the wallet API, so the avatar menu
// offers My balance once the deployment has answered.
test('the local server has a wallet: My balance is in the avatar menu', async ({ page }) => {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', 'en-US');
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  // The menu offers it once the deployment's capabilities have been asked, which a loaded machine delays.
  await openAccountMenu(page);
});
