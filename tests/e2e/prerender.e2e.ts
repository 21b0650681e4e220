import { expect, test } from './fixtures';

/**
 * The build puts the sign-in page, rendered at build time, into index.html so it paints before the
 * app's JS runs. With the app's JS blocked, what shows is exactly that copy.
 */
test('before the app runs, /login shows the pre-rendered page in the stored locale, inert', async ({
  page,
  expectConsoleError,
}) => {
  // The app's scripts are blocked on purpose.
  expectConsoleError('net::ERR_FAILED');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
  await page.goto('/login');
  const english = page.locator('[data-prerendered="en-US"]');
  await expect(english).toBeVisible();
  await expect(english.locator('h1')).toHaveText('Welcome to TeamIM');
  await expect(english.getByText('Sign in with', { exact: true })).toBeVisible();
  await expect(page.locator('[data-prerendered="zh-CN"]')).toBeHidden();
  // Not usable yet: inert and hidden from assistive technology until the app replaces it.
  await expect(english).toHaveAttribute('inert', '');
  await expect(page.getByRole('heading', { name: 'Welcome to TeamIM' })).toHaveCount(0);
});

test('the pre-rendered copy shows only on /login, in zh-CN by default, and the app replaces it', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError('net::ERR_FAILED');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('[data-prerendered="zh-CN"] h1')).toHaveText('欢迎使用 TeamIM');
  await page.goto('/chat');
  await expect(page.locator('[data-prerendered="zh-CN"]')).toBeHidden();
  await expect(page.locator('[data-prerendered="en-US"]')).toBeHidden();

  await page.unrouteAll();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '欢迎使用 TeamIM' })).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
});
