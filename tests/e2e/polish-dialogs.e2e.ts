import { expect, test, type Page } from './fixtures';
import { openChats, openContacts, shot } from './support/polish';
import {
  newUserPage,
  openConversation,
  setBlacklistSwitch,
  settledViolations,
  signedInUser,
  signIn,
} from './support/users';

/**
 * What a picky user sees, part two: the cards' rows, the composer's notices and pickers, a picture's text
 * alternative and the wallet's dialogs in the dark theme (polish.e2e.ts has layout, focus and avatars).
 * Each step takes screenshots of what it checks (test-results/polish) and measures what can be measured.
 * Nothing here changes what another test uses: a blocked friend is unblocked again, dialogs are closed
 * without sending.
 */

// Sign-ins and syncs on a loaded 2-core machine.
test.setTimeout(240_000);

// One session of alice proves the cards, the composer and the picture in named steps: a sign-in (the SDK's
// 36 MB wasm, its start and first sync) costs far more than any of them.
test('alice (and bob for the picture): the user card and blacklist rows, the composer notices, a picture alt', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { context, page } = await newUserPage(browser);
  await signIn(page, 'alice');

  await test.step('cards and lists: Save remark on one line in the user card; the blacklist’s Remove at the right', async () => {
    await openContacts(page, 'My friends');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByText('carol', { exact: true }) })
      .getByRole('button')
      .click();
    const card = page.getByRole('dialog', { name: 'User card' });
    const save = card.getByRole('button', { name: 'Save remark' });
    await expect(save).toBeVisible();
    // The label's lines: the distinct tops of its text's line boxes (the button itself is taller than a line).
    const lines = await save.evaluate((button) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
    expect(lines).toBe(1);
    expect(await save.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    await shot(page, 'user-card-remark');
    await card.getByRole('button', { name: 'Close' }).click();

    // carol on the blacklist for a moment, then off again.
    await openChats(page);
    await openConversation(page, 'carol');
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const settings = page.getByRole('dialog', { name: /settings/ });
    await setBlacklistSwitch(settings, true);
    await settings.getByRole('button', { name: 'Close' }).click();
    await expect(settings).toBeHidden();
    try {
      await openContacts(page, 'Blacklist');
      const list = page.getByRole('list', { name: 'Blacklist' });
      const remove = list.getByRole('button', { name: /carol/ });
      await expect(remove).toBeVisible({ timeout: 30_000 });
      const [row, button] = await Promise.all([
        list.getByRole('listitem').first().boundingBox(),
        remove.boundingBox(),
      ]);
      // The button ends at the row's right edge (its padding aside), far from the short name.
      expect(
        (row?.x ?? 0) + (row?.width ?? 0) - ((button?.x ?? 0) + (button?.width ?? 0)),
      ).toBeLessThanOrEqual(16);
      await shot(page, 'blacklist');
      await remove.click();
      await expect(list).toBeHidden({ timeout: 30_000 });
    } finally {
      await openChats(page);
      await openConversation(page, 'carol');
      await page.getByRole('button', { name: 'Conversation settings' }).click();
      const drawer = page.getByRole('dialog', { name: /settings/ });
      if (await drawer.getByRole('switch', { name: 'Add to blacklist' }).isChecked())
        await setBlacklistSwitch(drawer, false);
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(drawer).toBeHidden();
    }
  });

  await test.step('composer notices and pickers: the refusal on its own line, the chosen avatar shown, one emoji border', async () => {
    await openConversation(page, 'bob');
    await page.getByTestId('file-input').setInputFiles({
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<p>hi</p>'),
    });
    const toolbar = page.getByRole('toolbar', { name: 'Message tools' });
    const notice = toolbar.getByRole('alert');
    await expect(notice).toContainText('Unsupported file type');
    const noticeBox = await notice.boundingBox();
    const buttons = await toolbar
      .locator('button')
      .filter({ hasNot: page.getByRole('button', { name: 'Dismiss' }) })
      .evaluateAll((nodes) =>
        nodes
          .filter((node) => node.closest('[role="alert"]') === null)
          .map((node) => {
            const box = node.getBoundingClientRect();
            return { right: box.right, bottom: box.bottom };
          }),
      );
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    // No tool sits to the right of the notice on its line.
    for (const button of buttons) {
      const after = button.right > (noticeBox?.x ?? 0) && button.bottom > (noticeBox?.y ?? 0);
      expect(after).toBe(false);
    }
    await shot(page, 'composer-unsupported');
    await notice.getByRole('button', { name: 'Dismiss' }).click();

    // The emoji picker: one frame, not the popover's inside the picker's.
    await page.getByRole('button', { name: 'Emoji' }).click();
    const popover = page.getByRole('dialog', { name: 'Emoji' });
    await expect(popover.getByRole('textbox').or(popover.getByRole('searchbox')).first()).toBeVisible({
      timeout: 30_000,
    });
    const borders = await popover.evaluate((surface) => {
      const framed = (element: Element) => parseFloat(getComputedStyle(element).borderTopWidth) > 0;
      const picker = surface.querySelector('.EmojiPickerReact');
      return [surface, picker].filter((element) => element !== null && framed(element)).length;
    });
    expect(borders).toBe(1);
    await shot(page, 'emoji-picker');
    await page.keyboard.press('Escape');

    // Create group: the chosen picture shows as a thumbnail.
    await page.getByRole('button', { name: 'Create group' }).click();
    const picker = page.getByRole('dialog', { name: 'Create group' });
    const chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Group avatar' }).click();
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 40 } });
    await (await chooser).setFiles({ name: 'team.png', mimeType: 'image/png', buffer: png });
    // Inside the button (named "Group avatar"), whose content is presentational.
    const thumb = picker.locator('img[alt="team.png"]');
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'create-group-avatar');
    await picker.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a picture has a text alternative: its name or who sent it', async () => {
    const bob = await signedInUser(browser, 'bob');
    await openConversation(page, 'bob');
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 60, height: 40 } });
    await page.getByTestId('picture-input').setInputFiles({
      name: 'sketch.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
    // In the "Open picture" button, whose content is presentational: the alt is what a reader of the page gets.
    await expect(log(page).locator('img[alt="Picture from alice"]').last()).toBeVisible({
      timeout: 30_000,
    });
    await openConversation(bob.page, 'alice');
    await expect(log(bob.page).locator('img[alt="Picture from alice"]').last()).toBeVisible({
      timeout: 30_000,
    });
    expect(await log(bob.page).locator('img[alt=""]').count()).toBe(0);
    await shot(bob.page, 'picture-alt');
    await log(bob.page).getByRole('button', { name: 'Open picture' }).last().click();
    const viewer = bob.page.getByRole('dialog', { name: 'Picture viewer' });
    await expect(viewer.locator('img[alt="Picture from alice"]').first()).toBeVisible();
    await bob.page.keyboard.press('Escape');
    await bob.context.close();
  });
  await context.close();
});

test('the red-packet form drops a corrected error; wallet dialogs pass axe in the dark theme', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'carol', { colorScheme: 'dark' });
  await openConversation(page, 'Demo team');
  await page.getByRole('button', { name: 'Send a red packet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a red packet' });
  await dialog.getByRole('textbox', { name: /Total amount/ }).fill('0.01');
  await dialog.getByRole('textbox', { name: /Number of packets/ }).fill('5');
  await dialog.getByRole('button', { name: 'Put money in' }).click();
  const tooSmall = dialog.getByText(/Each packet must be at least 0.01/);
  await expect(tooSmall).toBeVisible();
  await shot(page, 'red-packet-error');
  await dialog.getByRole('textbox', { name: /Number of packets/ }).fill('1');
  await expect(tooSmall).toBeHidden();
  await shot(page, 'red-packet-corrected');
  expect(await settledViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});
