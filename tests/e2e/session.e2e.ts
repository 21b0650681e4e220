import { expect, test, type Page } from './fixtures';
import { shot } from './support/shots';
import { adminCall as admin, preferLocale, signIn } from './support/users';

const WEB_PLATFORM = 5;

test.beforeEach(({ page }) => preferLocale(page, 'en-US'));

const storedUserID = (page: Page) => page.evaluate(() => window.sessionStorage.getItem('IM_USERID') ?? '');

test('a revoked token ends the session with the login-expired toast', async ({ page, request }, testInfo) => {
  await signIn(page, 'carol');
  const userID = await storedUserID(page);
  expect(userID).not.toBe('');
  await shot(page, testInfo, 'before-revoke');
  await admin(request, '/auth/revoke_token', { userID });
  await expect(page.getByText('Login expired, please log in again').last()).toBeVisible({ timeout: 45_000 });
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, 'after-revoke');
  // The session storage is cleared, so the guard keeps the user out.
  expect(await storedUserID(page)).toBe('');
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/login$/);
});

test('a kick (force logout on the web platform) ends the session with the other-device toast', async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, 'bob');
  const userID = await storedUserID(page);
  await admin(request, '/auth/force_logout', { userID, platformID: WEB_PLATFORM });
  // The toast title, not Fluent's screen-reader copy of it (the last of the two).
  await expect(page.getByText('Your account has logged in on another device').last()).toBeVisible({
    timeout: 45_000,
  });
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, 'after-kick');
});

test('signing out asks for confirmation; cancel keeps the session, OK ends it', async ({
  page,
}, testInfo) => {
  await signIn(page, 'alice');
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog.getByText('Do you want to log out?')).toBeVisible();
  await shot(page, testInfo, 'logout-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/);

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, testInfo, 'logged-out');
});

test('the app is served with a strict CSP and runs without violations', async ({ page }, testInfo) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  // Sign in (the SDK's wasm and workers start under the policy), then visit the contact pages.
  await signIn(page, 'alice');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Contacts/ })
    .click();
  await expect(page.getByRole('list', { name: 'My friends' })).toBeVisible({ timeout: 30_000 });
  await shot(page, testInfo, 'contacts-under-csp');
  expect(problems).toEqual([]);
});
