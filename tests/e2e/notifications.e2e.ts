import { expect, test, type Page } from './fixtures';
import { installDesktopBridge, type DesktopBridge } from './support/desktop-bridge';
import {
  conversationList,
  conversationOption,
  navUnread,
  newUserPage,
  openConversation,
  sendText,
  signIn,
  settledViolations,
} from './support/users';

/*
 * New-message notices and the tray's unread count, against the real local server (`--seed demo`:
 * alice is friends with bob and carol). Headless Chromium never hides a page by itself, so an init
 * script stands in for the Page Visibility API (document.visibilityState / hidden and the
 * visibilitychange event) and the test decides when the page is hidden.
 */

const ALICE_BOB = 'si_1000000001_1000000002';

async function controllableVisibility(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
    (window as unknown as { __setHidden: (value: boolean) => void }).__setHidden = (value) => {
      hidden = value;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate(
    (value) => (window as unknown as { __setHidden: (v: boolean) => void }).__setHidden(value),
    hidden,
  );

async function trayCounts(bridge: DesktopBridge): Promise<number[]> {
  return (await bridge.calls())
    .filter((call) => call.method === 'tray.setUnread')
    .map((call) => Number(call.args[0]));
}

async function shownNotices(bridge: DesktopBridge): Promise<unknown[]> {
  return (await bridge.calls())
    .filter((call) => call.method === 'notifications.showMessage')
    .map((call) => call.args[0]);
}

/** Records every Notification the page creates (the real one still runs), and keeps them to click. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.Notification;
    const seen: { title: string; body: string; tag: string }[] = [];
    const objects: Notification[] = [];
    class Recording extends Real {
      constructor(title: string, options: NotificationOptions = {}) {
        seen.push({ title, body: options.body ?? '', tag: options.tag ?? '' });
        super(title, options);
        objects.push(this);
      }
    }
    Object.assign(window, { Notification: Recording, __notices: seen, __noticeObjects: objects });
  });
}

const webNotices = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notices: unknown[] }).__notices);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account settings' });
  await expect(settings).toBeVisible();
  return settings;
}

test('notices on the desktop (alice) and on the web (bob), each from a message of the other; a refused permission', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // alice in the desktop renderer (the recording bridge), bob in a browser that grants notifications;
  // both can be hidden by the test. Each sends the other's messages.
  const alice = await newUserPage(browser);
  const bridge = await installDesktopBridge(alice.page);
  await controllableVisibility(alice.page);
  await signIn(alice.page, 'alice');
  const bob = await newUserPage(browser);
  await bob.context.grantPermissions(['notifications']);
  await controllableVisibility(bob.page);
  await recordNotifications(bob.page);
  await signIn(bob.page, 'bob');

  await test.step('desktop: the tray follows the unread count, a hidden window gets a notice, its click opens the chat', async () => {
    // The tray always shows the app's own total (the chat badge), whatever alice had unread before.
    const trayFollowsBadge = async () => {
      const tray = (await trayCounts(bridge)).at(-1);
      return tray !== undefined && tray === (await navUnread(alice.page)) ? tray : undefined;
    };
    await openConversation(bob.page, 'alice');
    const visibleText = `seen in the window ${Date.now()}`;
    await sendText(bob.page, visibleText);
    await expect(conversationOption(alice.page, 'bob')).toContainText(visibleText, { timeout: 30_000 });
    await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBeGreaterThan(0);
    const afterFirst = (await trayFollowsBadge()) ?? 0;
    // The window was visible: the message shows in the app, no notice.
    expect(await shownNotices(bridge)).toEqual([]);

    await setHidden(alice.page, true);
    const hiddenText = `while hidden <b>${Date.now()}</b>`;
    await sendText(bob.page, hiddenText);
    await expect
      .poll(() => shownNotices(bridge), { timeout: 30_000 })
      .toEqual([{ conversationId: ALICE_BOB, title: 'bob', body: hiddenText }]);
    await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBe(afterFirst + 1);

    // The shell reveals the window and reports the click; the renderer opens the conversation.
    await setHidden(alice.page, false);
    await bridge.emit('notification:clicked', ALICE_BOB);
    await expect(alice.page).toHaveURL(new RegExp(`/chat/${ALICE_BOB}$`));
    await expect(alice.page.getByRole('heading', { level: 2, name: 'bob' })).toBeVisible();
    // Opening it reads it (at least the two messages above): the tray goes down with the badge.
    await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBeLessThanOrEqual(afterFirst - 1);
  });

  await test.step('web: notifications switched on with permission notify a message while the page is hidden', async () => {
    // bob wrote to alice from their chat above: away from it, so that the notice's click has somewhere to take him.
    await openConversation(bob.page, 'Demo team');
    const settings = await openSettings(bob.page);
    const toggle = settings.getByRole('switch', { name: 'New message notifications' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await settings.screenshot({ path: test.info().outputPath('notifications-on.png') });
    await bob.page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);

    await openConversation(alice.page, 'bob');
    await setHidden(bob.page, true);
    const text = `web notice ${Date.now()}`;
    await sendText(alice.page, text);
    await expect
      .poll(() => webNotices(bob.page), { timeout: 30_000 })
      .toEqual([{ title: 'alice', body: text, tag: ALICE_BOB }]);

    // Clicking it opens the conversation.
    await setHidden(bob.page, false);
    await bob.page.evaluate(() => {
      const [notice] = (window as unknown as { __noticeObjects: Notification[] }).__noticeObjects;
      notice?.onclick?.(new Event('click'));
    });
    await expect(bob.page).toHaveURL(new RegExp(`/chat/${ALICE_BOB}$`));

    // Switched off, nothing more.
    const again = await openSettings(bob.page);
    await again.getByRole('switch', { name: 'New message notifications' }).click();
    await expect(again.getByRole('switch', { name: 'New message notifications' })).not.toBeChecked();
    await bob.page.keyboard.press('Escape');
    await setHidden(bob.page, true);
    await sendText(alice.page, `after switching off ${Date.now()}`);
    await expect(alice.page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(bob.page.getByRole('listbox', { name: 'Conversations' })).toContainText(
      'after switching off',
    );
    expect(await webNotices(bob.page)).toHaveLength(1);
  });

  await test.step('web: a refused permission turns the switch back off and says why', async () => {
    // Without a grant, headless Chromium refuses (or dismisses) the prompt: bob's grant is taken back, and
    // his tab loaded again with the system in dark (bob switched notices off above, so the switch asks anew).
    await bob.context.clearPermissions();
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    await bob.page.reload();
    await expect(conversationList(bob.page).getByRole('option').first()).toBeVisible({ timeout: 90_000 });
    const settings = await openSettings(bob.page);
    const toggle = settings.getByRole('switch', { name: 'New message notifications' });
    await toggle.click();
    await expect(settings.getByText(/Your browser blocked notifications for this site/)).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await settledViolations(bob.page)).toEqual([]);
    await settings.screenshot({ path: test.info().outputPath('notifications-refused-dark.png') });
  });
  await bob.context.close();
  await alice.context.close();
});
