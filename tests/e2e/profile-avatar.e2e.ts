import { expect, test, type Page } from './fixtures';
import { newUserPage, signedInUser } from './support/users';

// Edit profile with avatar upload: a new account picks a picture in Edit info;
// the browser resizes it to at most 400x400 webp, uploads it, and everyone sees the new face.

test.describe.configure({ timeout: 180_000 });

/** An 800x600 PNG drawn by the browser itself (a real image for the canvas resizer to decode). */
async function pictureFrom(page: Page): Promise<Buffer> {
  const dataURL = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = 'rgb(30, 120, 200)';
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = 'rgb(250, 200, 40)';
    g.beginPath();
    g.arc(400, 300, 220, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataURL.split(',')[1]!, 'base64');
}

test('a new account changes its avatar in Edit info; it shows in the shell and to others', async ({
  browser,
}) => {
  const { context, page } = await newUserPage(browser);
  const stamp = Date.now() % 1_000_000;
  const email = `avatar-${stamp}@example.com`;
  const nickname = `Pic ${stamp}`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd');
  await page.getByLabel('Confirm password').fill('Passw0rd');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  const answer = await page.request.get(`/chat/dev/verify-code?email=${encodeURIComponent(email)}`);
  const code = ((await answer.json()) as { data?: { code?: string } }).data?.code ?? '';
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Register and sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'My info' }).click();
  await page.getByRole('dialog', { name: 'User card' }).getByRole('button', { name: 'Edit info' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit info' });
  await expect(edit.getByRole('button', { name: 'Change avatar' })).toBeVisible();
  await edit.getByTestId('profile-avatar-file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pictureFrom(page),
  });
  const picture = edit.locator('img');
  await expect(picture).toHaveAttribute('src', /^https?:\/\//, { timeout: 30_000 });
  const faceURL = (await picture.getAttribute('src'))!;
  // What was stored is the resized webp, not the 800x600 png.
  const stored = await page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    const bitmap = await createImageBitmap(blob);
    return { type: blob.type, width: bitmap.width, height: bitmap.height };
  }, faceURL);
  expect(stored).toEqual({ type: 'image/webp', width: 400, height: 300 });
  await page.screenshot({ path: test.info().outputPath('edit-profile-avatar-light.png') });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');

  // The shell's own avatar follows at once.
  await expect(page.getByRole('button', { name: 'My account' }).locator('img')).toHaveAttribute(
    'src',
    faceURL,
  );

  // Another user finds the account and sees the new face, in the dark theme.
  const alice = await signedInUser(browser, 'alice', { colorScheme: 'dark' });
  await alice.page.getByRole('button', { name: 'Add', exact: true }).click();
  await alice.page.getByRole('menuitem', { name: 'Add friends' }).click();
  const search = alice.page.getByRole('dialog', { name: 'Add friends' });
  await search.getByRole('textbox').fill(nickname);
  await search.getByRole('button', { name: 'Search' }).click();
  const result = search
    .getByRole('region', { name: 'Search results' })
    .getByRole('button', { name: nickname });
  await expect(result.locator('img')).toHaveAttribute('src', faceURL, { timeout: 30_000 });
  await result.click();
  const card = alice.page.getByRole('dialog', { name: 'User card' });
  await expect(card.locator('img').first()).toHaveAttribute('src', faceURL);
  await alice.page.screenshot({ path: test.info().outputPath('user-card-avatar-dark.png') });
  await alice.context.close();
  await context.close();
});
