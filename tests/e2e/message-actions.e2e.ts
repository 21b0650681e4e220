import { expect, messageLog, send, test, type Locator, type Page } from './fixtures';
import { adminCall, newUserPage, openConversation, settledViolations, signIn } from './support/users';

/**
 * Message actions end to end on the real server (`--seed demo`): alice, bob and
 * carol in separate browser contexts, through the real SDK. Selectors are roles and names.
 */

/** The message (article) whose text is `text`. */
const message = (page: Page, text: string): Locator =>
  messageLog(page)
    .getByRole('article')
    .filter({ has: page.getByText(text, { exact: true }) });

async function menuAction(page: Page, text: string, action: string): Promise<void> {
  await message(page, text).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Message actions' }).getByRole('menuitem', { name: action }).click();
}

const stamp = () => Date.now().toString(36);

const ALICE = '1000000001';
const BOB = '1000000002';

/**
 * Fluent's focus sentinels (tabster's `i[data-tabster-dummy]`, aria-hidden with tabindex 0) pass focus on
 * as soon as they get it, so no one ever rests on a hidden element, but axe's aria-hidden-focus rule flags
 * them in every open Fluent menu.
 */
const SENTINELS = '[data-tabster-dummy]';

test.describe('message actions (spec §2 context menu, §4, §8)', () => {
  test('copy, revoke on both sides and after a fresh sign-in, delete for me only, a refused message deleted', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const alice = await newUserPage(browser);
    const bob = await newUserPage(browser);
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(alice.page, 'alice');
    await signIn(bob.page, 'bob');
    await openConversation(alice.page, 'bob');
    await openConversation(bob.page, 'alice');

    const copyText = `copy me ${stamp()}`;
    await send(alice.page, copyText);
    await menuAction(alice.page, copyText, 'Copy');
    await expect(alice.page.getByText('Copied').first()).toBeVisible();
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(copyText);

    const oops = `oops ${stamp()}`;
    await send(alice.page, oops);
    await expect(messageLog(bob.page).getByText(oops, { exact: true })).toBeVisible({ timeout: 20_000 });
    // bob cannot revoke alice's message: his menu has no Revoke.
    await message(bob.page, oops).click({ button: 'right' });
    const bobMenu = bob.page.getByRole('menu', { name: 'Message actions' });
    await expect(bobMenu.getByRole('menuitem', { name: 'Forward' })).toBeVisible();
    await expect(bobMenu.getByRole('menuitem', { name: 'Revoke' })).toHaveCount(0);
    await bob.page.keyboard.press('Escape');

    await menuAction(alice.page, oops, 'Revoke');
    await expect(messageLog(alice.page).getByText('You revoked a message')).toBeVisible();
    await expect(messageLog(alice.page).getByText(oops, { exact: true })).toHaveCount(0);
    await expect(messageLog(bob.page).getByText(/revoked a message/)).toBeVisible({ timeout: 20_000 });
    await expect(messageLog(bob.page).getByText(oops, { exact: true })).toHaveCount(0);

    // Delete for me: gone for bob (after confirming), still there for alice.
    const keep = `keep on her side ${stamp()}`;
    await send(alice.page, keep);
    await expect(messageLog(bob.page).getByText(keep, { exact: true })).toBeVisible({ timeout: 20_000 });
    await menuAction(bob.page, keep, 'Delete for me');
    const confirm = bob.page.getByRole('dialog', { name: 'Delete message' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(messageLog(bob.page).getByText(keep, { exact: true })).toHaveCount(0);
    await expect(messageLog(alice.page).getByText(keep, { exact: true })).toBeVisible();

    // A message the server refuses (bob has blocked alice) fails; deleted, it stays deleted after a reload
    // (the SDK keeps a failed send on the device until it is deleted there).
    const refused = `refused ${stamp()}`;
    await adminCall(request, '/friend/add_black', { ownerUserID: BOB, blackUserID: ALICE, ex: '' });
    try {
      await send(alice.page, refused);
      const resend = message(alice.page, refused).getByRole('button', { name: 'Failed to send. Resend' });
      await expect(resend).toBeVisible({ timeout: 30_000 });
    } finally {
      await adminCall(request, '/friend/remove_black', { ownerUserID: BOB, blackUserID: ALICE });
    }
    await menuAction(alice.page, refused, 'Delete for me');
    await alice.page
      .getByRole('dialog', { name: 'Delete message' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(messageLog(alice.page).getByText(refused, { exact: true })).toHaveCount(0);
    await alice.page.reload();
    await openConversation(alice.page, 'bob');
    await expect(messageLog(alice.page).getByText(keep, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(messageLog(alice.page).getByText(refused, { exact: true })).toHaveCount(0);

    // A fresh sign-in (new browser, empty SDK database) sees the revoke notice too.
    const fresh = await newUserPage(browser);
    await signIn(fresh.page, 'alice');
    await openConversation(fresh.page, 'bob');
    await expect(messageLog(fresh.page).getByText('You revoked a message').last()).toBeVisible({
      timeout: 30_000,
    });
    await expect(messageLog(fresh.page).getByText(oops, { exact: true })).toHaveCount(0);
    const freshBob = await newUserPage(browser);
    await signIn(freshBob.page, 'bob');
    await openConversation(freshBob.page, 'alice');
    await expect(messageLog(freshBob.page).getByText(keep, { exact: true })).toHaveCount(0, {
      timeout: 30_000,
    });
    for (const user of [alice, bob, fresh, freshBob]) await user.context.close();
  });

  test('pins: banner cycles and jumps, unpin; keyboard menu; forward to several conversations; axe in the dark theme', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const alice = await newUserPage(browser);
    const carol = await newUserPage(browser);
    await signIn(alice.page, 'alice');
    await signIn(carol.page, 'carol');
    await openConversation(alice.page, 'Demo team');
    const page = alice.page;
    await expect(messageLog(page).getByText('Hello team!')).toBeVisible({ timeout: 20_000 });

    await menuAction(page, 'Hello team!', 'Pin message');
    const banner = page.getByRole('region', { name: 'Pinned messages' });
    await expect(
      banner.getByRole('button', { name: /Pinned message 1 of 1: bob: Hello team!/i }),
    ).toBeVisible();
    await menuAction(page, 'Hi all 👋', 'Pin message');
    await expect(banner.getByRole('button', { name: /Pinned message 1 of 2: carol: Hi all/i })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('pins-light.png') });
    await banner.getByRole('button', { name: /Pinned message 1 of 2/ }).click();
    await expect(banner.getByRole('button', { name: /Pinned message 2 of 2: bob/i })).toBeVisible();
    await expect(message(page, 'Hi all 👋')).toHaveAttribute('data-highlighted', 'true');
    await banner.getByRole('button', { name: /Pinned message 2 of 2/ }).click();
    await expect(message(page, 'Hello team!')).toHaveAttribute('data-highlighted', 'true');
    await banner.getByRole('button', { name: 'Unpin message' }).click();
    await expect(banner.getByRole('button', { name: /Pinned message 1 of 1/ })).toBeVisible();
    await banner.getByRole('button', { name: 'Unpin message' }).click();
    await expect(banner).toHaveCount(0);

    // Keyboard: from the log to the newest message, then its menu with Shift+F10 (checked by axe once
    // the pin toasts have gone: their fade would be measured as low contrast).
    await expect(page.locator('.fui-ToastTitle')).toHaveCount(0, { timeout: 20_000 });
    // Other tests add rows to Demo team too, so the walk starts at a known message rather than the newest.
    await message(page, 'Hi all 👋').focus();
    await page.keyboard.press('ArrowUp');
    await expect(message(page, 'Hello team!')).toBeFocused();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await expect(menu.getByRole('menuitem', { name: 'Copy' })).toBeVisible();
    const menuViolations = await settledViolations(page, SENTINELS);
    await page.screenshot({ path: test.info().outputPath('menu-light.png') });
    expect(menuViolations).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Copy' }).press('Escape');
    await expect(menu).toHaveCount(0);

    // Forward "Hello team!" to bob and carol from the hover toolbar.
    const hello = message(page, 'Hello team!');
    await hello.hover();
    await hello.getByRole('button', { name: 'Forward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward message' });
    await expect(dialog.getByRole('button', { name: 'Forward (0)' })).toBeDisabled();
    await dialog.getByRole('searchbox', { name: 'Search conversations' }).fill('car');
    await dialog.getByRole('checkbox', { name: /carol/ }).check();
    await dialog.getByRole('searchbox', { name: 'Search conversations' }).fill('');
    await dialog.getByRole('checkbox', { name: /^bob/ }).check();
    const forwardViolations = await settledViolations(page, SENTINELS);
    await page.screenshot({ path: test.info().outputPath('forward-light.png') });
    expect(forwardViolations).toEqual([]);
    await dialog.getByRole('button', { name: 'Forward (2)' }).click();
    await expect(page.getByText('Forward succeeded to 2 conversations, 0 failed').last()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await openConversation(carol.page, 'alice');
    await expect(messageLog(carol.page).getByText('Hello team!')).toBeVisible({ timeout: 20_000 });
    // The dark theme on the same session: the app loaded again with the system in dark, as after a sign-in.
    await test.step('the context menu and the forward dialog pass axe in the dark theme', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await openConversation(page, 'Demo team');
      await expect(messageLog(page).getByText('Hello team!')).toBeVisible({ timeout: 20_000 });
      await menuAction(page, 'Hello team!', 'Pin message');
      // axe measures contrast as the screen is: not while the toast fades in or out over the page.
      await expect(page.locator('.fui-ToastTitle').getByText('Message pinned')).toBeVisible();
      await expect(page.locator('.fui-ToastTitle')).toHaveCount(0, { timeout: 20_000 });
      await message(page, 'Hello team!').click({ button: 'right' });
      await expect(page.getByRole('menu', { name: 'Message actions' })).toBeVisible();
      // The menu fades in: mid-fade, its red items measure as low contrast.
      const menuViolations = await settledViolations(page, SENTINELS);
      await page.screenshot({ path: test.info().outputPath('menu-dark.png') });
      expect(menuViolations).toEqual([]);
      await page.getByRole('menuitem', { name: 'Forward' }).click();
      await expect(page.getByRole('dialog', { name: 'Forward message' })).toBeVisible();
      const dialogViolations = await settledViolations(page, SENTINELS);
      await page.screenshot({ path: test.info().outputPath('forward-dark.png') });
      expect(dialogViolations).toEqual([]);
    });
    for (const user of [alice, carol]) await user.context.close();
  });
});
