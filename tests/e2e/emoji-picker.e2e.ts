import { expect, test, type Page } from './fixtures';
import { openConversation, signedInUser } from './support/users';

// The emoji picker starts rendering when the pointer or focus reaches its button, ahead of the click. What
// a person does with it around that must keep working: the other dialogs of the composer still close on
// Escape after it, a picked emoji lands in the box, and it opens and closes again and again. A tooltip
// left showing on the emoji button, under the pointer, took the red-packet dialog's Escape.

const emojiButton = (page: Page) => page.getByRole('button', { name: 'Emoji' });
const emojiDialog = (page: Page) => page.getByRole('dialog', { name: 'Emoji' });
const redPacketDialog = (page: Page) => page.getByRole('dialog', { name: 'Send a red packet' });

/** Opens the picker with the pointer (pointed at first, as a hand does) and waits for its search box. */
async function openPicker(page: Page): Promise<void> {
  await emojiButton(page).hover();
  await emojiButton(page).click();
  await expect(
    emojiDialog(page).getByRole('searchbox').or(emojiDialog(page).getByRole('textbox')).first(),
  ).toBeFocused({
    timeout: 30_000,
  });
}

/** Closes the picker with Escape; focus goes back to its button, where the pointer still is. */
async function closePickerWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(emojiDialog(page)).toBeHidden();
  await expect(emojiButton(page)).toBeFocused();
}

/** Opens the red-packet dialog and closes it with Escape, as `open` clicks its button. */
async function redPacketClosesOnEscape(page: Page, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = redPacketDialog(page);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // Its first field has focus once it has opened; Escape from there closes it.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}

/** Clicks `button` as a script or voice control does (the pointer stays put), resolving once a dialog has focus. */
async function clickToDialogFocus(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).evaluate(
    (button: HTMLElement) =>
      new Promise<void>((resolve) => {
        button.click();
        const check = () => {
          if (document.activeElement?.closest('[role="dialog"]')) resolve();
          else setTimeout(check, 5);
        };
        check();
      }),
  );
}

test('around the emoji picker: Escape closes the red-packet dialog after it, a pick lands in the box, it opens again and again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page } = await signedInUser(browser, 'alice');
  await openConversation(page, 'bob');
  const redPacket = page.getByRole('button', { name: 'Send a red packet' });

  await test.step('the red-packet dialog closes on Escape while the emoji button under the pointer shows its tooltip', async () => {
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(0, 0);
      await emojiButton(page).hover();
      await expect(page.getByRole('tooltip', { name: 'Emoji' })).toBeVisible();
      await clickToDialogFocus(page, 'Send a red packet');
      // At once, before the tooltip hides (a quarter of a second after the backdrop takes the pointer).
      await page.keyboard.press('Escape');
      await expect(redPacketDialog(page)).toBeHidden({ timeout: 2_000 });
    }
    await page.mouse.move(0, 0);
  });

  await test.step('picker closed with Escape, the pointer left on its button, then the red-packet dialog by a click', async () => {
    await openPicker(page);
    await closePickerWithEscape(page);
    await page.waitForTimeout(500);
    await redPacketClosesOnEscape(page, () => redPacket.click());
  });

  await test.step('the same with the red-packet button clicked by script (focus stays on the emoji button)', async () => {
    await openPicker(page);
    await closePickerWithEscape(page);
    await page.waitForTimeout(500);
    await redPacketClosesOnEscape(page, () => redPacket.evaluate((button: HTMLElement) => button.click()));
  });

  await test.step('picked emoji lands in the box', async () => {
    await openPicker(page);
    await emojiDialog(page).getByRole('gridcell', { name: 'grinning face', exact: true }).first().click();
    await expect(emojiDialog(page)).toBeHidden();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveValue(/😀/);
    await expect(box).toBeFocused();
    await box.fill('');
  });

  await test.step('opened and closed several times, then Tab reaches the button and Enter opens it', async () => {
    for (let i = 0; i < 3; i++) {
      await openPicker(page);
      await closePickerWithEscape(page);
    }
    await page.mouse.move(0, 0);
    // The toolbar follows the box: Tab from the box reaches the emoji button first.
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Tab');
    await expect(emojiButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(emojiDialog(page)).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(emojiDialog(page)).toBeHidden();
    await redPacketClosesOnEscape(page, () => redPacket.click());
  });
});
