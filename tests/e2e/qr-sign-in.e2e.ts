import { expect, test, type Page } from './fixtures';
import { mainNav, newUserPage, seriousViolations, signedInUser, userID } from './support/users';

// Sign-in by QR code with the link path: a page that is not signed in shows a code on the QR tab, a
// browser signed in as another demo user opens the code's link (as a phone's camera app would), sees
// what asks to sign in and answers. The camera path is the same dialog fed by the decoder.

/** The waiting page on the QR tab; the link is read from its text alternative. */
async function waitingPage(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'QR code' }).click();
  await expect(page.getByRole('status')).toHaveText('Waiting for a scan. The code renews itself.', {
    timeout: 30_000,
  });
  await expect(page.getByRole('img', { name: 'Sign-in QR code' })).toBeVisible();
  const link = (await page.getByTestId('qr-sign-in-link').textContent()) ?? '';
  expect(link).toMatch(/\/link-device#code=[A-Za-z0-9_-]{32}$/);
  return link;
}

test('a signed-in user confirms a code by its link, and the waiting page opens the app as that user', async ({
  browser,
}, testInfo) => {
  const waiting = await newUserPage(browser);
  const link = await waitingPage(waiting.page);
  await waiting.page.screenshot({ path: testInfo.outputPath('qr-waiting-page.png') });
  expect(await seriousViolations(waiting.page)).toEqual([]);

  const bob = await signedInUser(browser, 'bob');
  const bobID = await userID(bob.page);
  // Where the deployment has the calls, the avatar menu offers the camera path too.
  await bob.page.getByRole('button', { name: 'My account' }).click();
  await expect(bob.page.getByRole('menuitem', { name: 'Scan to sign in' })).toBeVisible();
  await bob.page.keyboard.press('Escape');
  await bob.page.goto(link);
  const dialog = bob.page.getByRole('dialog', { name: 'Scan to sign in' });
  await expect(dialog.getByText('Sign in to your account on this device?')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Web browser')).toBeVisible();
  await expect(dialog.getByText(/Chrome · /)).toBeVisible();
  await expect(waiting.page.getByRole('status')).toHaveText('bob scanned the code. Confirm on that device.');
  await bob.page.screenshot({ path: testInfo.outputPath('qr-confirm-dialog.png') });
  expect(await seriousViolations(bob.page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByText('Confirmed. The other device is signing in.')).toBeVisible();
  await expect(mainNav(waiting.page)).toBeVisible({ timeout: 60_000 });
  expect(await userID(waiting.page)).toBe(bobID);
  await expect(waiting.page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();

  // The code was one-time: opening its link again is refused in our words.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await bob.page.goto(link);
  await expect(bob.page.getByText('This sign-in code is no longer valid. Ask for a new one.')).toBeVisible({
    timeout: 30_000,
  });
});

test('a declined code tells the waiting page, which offers a new one', async ({ browser }) => {
  const waiting = await newUserPage(browser);
  const link = await waitingPage(waiting.page);

  const carol = await signedInUser(browser, 'carol');
  await carol.page.goto(link);
  const dialog = carol.page.getByRole('dialog', { name: 'Scan to sign in' });
  await expect(dialog.getByText('Sign in to your account on this device?')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(waiting.page.getByRole('status')).toHaveText('Sign-in was declined on the other device.');
  await expect(mainNav(carol.page)).toBeVisible();

  await waiting.page.getByRole('button', { name: 'Get a new code' }).click();
  await expect(waiting.page.getByRole('status')).toHaveText('Waiting for a scan. The code renews itself.');
  expect(await waiting.page.getByTestId('qr-sign-in-link').textContent()).not.toBe(link);
  await expect(waiting.page).toHaveURL(/\/login$/);
});
