import { expect, test, type Page } from './fixtures';
import { accountMenu } from './support/wallet';

/** Pages start in English so the assertions read like the spec; one test covers the zh-CN default. */
async function openInEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', 'en-US');
  });
  await page.goto('/login');
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the default language is zh-CN and switching to English is remembered', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.goto('/');
  // Without stored credentials the guard sends / to /login.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: '欢迎使用 TeamIM' })).toBeVisible();
  await page.getByLabel('语言').selectOption('en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to TeamIM' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to TeamIM' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login-en.png') });
  expect(errors).toEqual([]);
});

test('the spec validation messages show before anything is sent', async ({ page }) => {
  await openInEnglish(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter the e-mail')).toBeVisible();
  await expect(page.getByText('Please enter the password')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please input correct email')).toBeVisible();
});

test('a wrong password shows the spec text for 20001', async ({ page }, testInfo) => {
  await openInEnglish(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('bob@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: testInfo.outputPath('wrong-password.png') });
});

test('alice signs in, reaches the shell, and logs out with a confirmation', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openInEnglish(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Chat/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Start chatting' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('shell.png') });

  await nav.getByRole('link', { name: /Contacts/ }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'My friends' })).toBeVisible();

  // The menu offers the wallet of our server (support/wallet.ts waits for it as a person would).
  await accountMenu(page, 'Log out');
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog.getByText('Do you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The guard keeps a signed-out user away from the shell.
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test('a new account registers with the dev-mode code and lands in the shell', async ({
  page,
  request,
}, testInfo) => {
  const email = `e2e-${Date.now()}@example.com`;
  await openInEnglish(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Nickname').fill('E2E user');
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd');
  await page.getByLabel('Confirm password').fill('Passw0rd');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  const answer = await request.get(`/chat/dev/verify-code?email=${encodeURIComponent(email)}`);
  const body = (await answer.json()) as { errCode: number; data?: { code?: string } };
  expect(body.errCode).toBe(0);
  await page.getByLabel('Verification code').fill(body.data?.code ?? '');
  await page.getByRole('button', { name: 'Register and sign in' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('registered.png') });
});

test('an unknown path shows the route error screen with Recover', async ({ page }) => {
  await openInEnglish(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recover' })).toBeVisible();
});
