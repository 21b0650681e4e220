import { expect, messageLog, openChatWith, signedIn, test } from './fixtures';
import { openConversation } from '../support/users';
import { STACK } from './stack';

/**
 * A picture and a file from alice to carol through the real object storage: OpenIM 3.8.3 presigns a PUT to
 * MinIO (another origin than the app's), the SDK uploads there, and carol's client shows the picture and
 * offers the file from MinIO.
 */

// A 2x2 PNG with valid chunks and checksums: the browser must decode it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8AAQv8ZYAwAQ84H+VjtZqAAAAAASUVORK5CYII=',
  'base64',
);
const MINIO = STACK.objectStorage;

test('a picture and a file go through MinIO and show on the other side', async ({ browser }, info) => {
  const alice = await signedIn(browser, 'alice');
  const carol = await signedIn(browser, 'carol');
  await openChatWith(alice.page, 'carol');
  await alice.page
    .getByTestId('picture-input')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  const text = `notes ${Date.now().toString(36)}`;
  await alice.page
    .getByTestId('file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });

  await openConversation(carol.page, 'alice');
  const log = messageLog(carol.page);
  const picture = log.getByRole('button', { name: 'Open picture' }).locator('img');
  await expect(picture).toHaveCount(1, { timeout: 60_000 });
  // From MinIO, directly or through OpenIM's `/object/` redirect to it.
  await expect(picture).toHaveAttribute('src', new RegExp(`^(${MINIO}|${STACK.api})/`));
  // Decoded by the browser: the bytes came back from MinIO.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);

  const file = log.getByRole('link', { name: 'Download notes.txt' });
  await expect(file).toBeVisible({ timeout: 60_000 });
  const href = (await file.getAttribute('href')) ?? '';
  expect(href.startsWith(`${MINIO}/`) || href.startsWith(`${STACK.api}/`), href).toBe(true);
  const downloaded = await carol.page.request.get(href);
  expect(downloaded.ok()).toBe(true);
  expect(await downloaded.text()).toBe(text);
  await info.attach('carol', { body: await carol.page.screenshot(), contentType: 'image/png' });
});
