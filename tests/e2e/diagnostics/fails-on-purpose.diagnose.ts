import { expect, test } from '../fixtures';
import { newUserPage } from '../support/users';

/**
 * Fails on purpose, run only by `diagnostics.e2e.ts` (through `diagnostics.config.ts`), to show what a
 * failing browser test leaves behind.
 */
test('a test that fails after its page logged an error', async ({ browser }) => {
  const { page } = await newUserPage(browser);
  await page.goto('/login');
  await expect(page.getByText('Welcome to TeamIM')).toBeVisible();
  await page.evaluate(() => console.error('logged on purpose by the failing test'));
  await expect(page.getByRole('heading', { name: 'A heading no page has' })).toBeVisible({ timeout: 1_000 });
});
