import { expect, test, type Page } from './fixtures';
import { installDesktopBridge, type DesktopBridge } from './support/desktop-bridge';
import {
  conversationOption,
  navUnread,
  newUserPage,
  openConversation,
  sendText,
  signIn,
  settledViolations,
  signedInUser,
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

test('desktop: the tray follows the unread count, a hidden window gets a notice, its click opens the chat', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, page } = await newUserPage(browser);
  const bridge = await installDesktopBridge(page);
  await controllableVisibility(page);
  await signIn(page, 'alice');

  // The tray always shows the app's own total (the chat badge), whatever alice had unread before.
  const trayFollowsBadge = async () => {
    const tray = (await trayCounts(bridge)).at(-1);
    return tray !== undefined && tray === (await navUnread(page)) ? tray : undefined;
  };
  const bob = await signedInUser(browser, 'bob');
  await openConversation(bob.page, 'alice');
  const visibleText = `seen in the window ${Date.now()}`;
  await sendText(bob.page, visibleText);
  await expect(conversationOption(page, 'bob')).toContainText(visibleText, { timeout: 30_000 });
  await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBeGreaterThan(0);
  const afterFirst = (await trayFollowsBadge()) ?? 0;
  // The window was visible: the message shows in the app, no notice.
  expect(await shownNotices(bridge)).toEqual([]);

  await setHidden(page, true);
  const hiddenText = `while hidden <b>${Date.now()}</b>`;
  await sendText(bob.page, hiddenText);
  await expect
    .poll(() => shownNotices(bridge), { timeout: 30_000 })
    .toEqual([{ conversationId: ALICE_BOB, title: 'bob', body: hiddenText }]);
  await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBe(afterFirst + 1);

  // The shell reveals the window and reports the click; the renderer opens the conversation.
  await setHidden(page, false);
  await bridge.emit('notification:clicked', ALICE_BOB);
  await expect(page).toHaveURL(new RegExp(`/chat/${ALICE_BOB}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'bob' })).toBeVisible();
  // Opening it reads it (at least the two messages above): the tray goes down with the badge.
  await expect.poll(trayFollowsBadge, { timeout: 30_000 }).toBeLessThanOrEqual(afterFirst - 1);
  await bob.context.close();
  await context.close();
});

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

test('web: notifications switched on with permission notify a message while the page is hidden', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, page } = await newUserPage(browser);
  await context.grantPermissions(['notifications']);
  await controllableVisibility(page);
  await recordNotifications(page);
  await signIn(page, 'bob');
  const settings = await openSettings(page);
  const toggle = settings.getByRole('switch', { name: 'New message notifications' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await settings.screenshot({ path: test.info().outputPath('notifications-on.png') });
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);

  const alice = await signedInUser(browser, 'alice');
  await openConversation(alice.page, 'bob');
  await setHidden(page, true);
  const text = `web notice ${Date.now()}`;
  await sendText(alice.page, text);
  await expect
    .poll(() => webNotices(page), { timeout: 30_000 })
    .toEqual([{ title: 'alice', body: text, tag: ALICE_BOB }]);

  // Clicking it opens the conversation.
  await setHidden(page, false);
  await page.evaluate(() => {
    const [notice] = (window as unknown as { __noticeObjects: Notification[] }).__noticeObjects;
    notice?.onclick?.(new Event('click'));
  });
  await expect(page).toHaveURL(new RegExp(`/chat/${ALICE_BOB}$`));

  // Switched off, nothing more.
  const again = await openSettings(page);
  await again.getByRole('switch', { name: 'New message notifications' }).click();
  await expect(again.getByRole('switch', { name: 'New message notifications' })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await setHidden(page, true);
  await sendText(alice.page, `after switching off ${Date.now()}`);
  await expect(alice.page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('listbox', { name: 'Conversations' })).toContainText('after switching off');
  expect(await webNotices(page)).toHaveLength(1);
  await alice.context.close();
  await context.close();
});

test('web: a refused permission turns the switch back off and says why', async ({ browser }) => {
  const { context, page } = await newUserPage(browser, { colorScheme: 'dark' });
  await signIn(page, 'carol');
  // Without a grant, headless Chromium refuses (or dismisses) the prompt.
  const settings = await openSettings(page);
  const toggle = settings.getByRole('switch', { name: 'New message notifications' });
  await toggle.click();
  await expect(settings.getByText(/Your browser blocked notifications for this site/)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect(await settledViolations(page)).toEqual([]);
  await settings.screenshot({ path: test.info().outputPath('notifications-refused-dark.png') });
  await context.close();
});
