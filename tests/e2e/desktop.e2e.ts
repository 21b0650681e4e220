import { expect, test, type Locator, type Page } from './fixtures';
import {
  installDesktopBridge,
  type DesktopBridge,
  type DesktopBridgeOptions,
} from './support/desktop-bridge';
import {
  conversationList,
  newUserPage,
  settledViolations as seriousViolations,
  signIn,
} from './support/users';

/*
 * The desktop renderer (the web build, which loads its desktop part when the preload's bridge exists)
 * in Chromium, with the Electron preload's `window.teamimDesktop` played by a recording test bridge,
 * against the real local server: title bar, Esc, close-action setting, log upload, update banner.
 */

const SHOTS = process.env['DESKTOP_SHOTS_DIR'];

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (SHOTS !== undefined) await target.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function desktopPage(
  browser: Parameters<typeof newUserPage>[0],
  options: DesktopBridgeOptions & { readonly colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; bridge: DesktopBridge; close: () => Promise<void> }> {
  const { context, page } = await newUserPage(browser, { colorScheme: options.colorScheme ?? 'light' });
  const bridge = await installDesktopBridge(page, options);
  return { page, bridge, close: () => context.close() };
}

const titleBar = (page: Page) => page.getByRole('group', { name: 'Window title bar' });

async function methods(bridge: DesktopBridge, name: string): Promise<unknown[][]> {
  return (await bridge.calls()).filter((call) => call.method === name).map((call) => [...call.args]);
}

/**
 * Opens a desktop section where it lives: the close action in Account settings, log upload and the
 * update check in About, both in the avatar ("My account") menu.
 */
async function openFromAccountMenu(page: Page, item: 'Account settings' | 'About'): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('dialog', { name: item })).toBeVisible();
}

test('the web build shows no desktop UI', async ({ browser }) => {
  const { context, page } = await newUserPage(browser);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(titleBar(page)).toHaveCount(0);
  await context.close();
});

test("the sign-in page has the title bar, in the desktop's stored language", async ({ browser }) => {
  const { page, bridge, close } = await desktopPage(browser, { language: 'zh-CN' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: '窗口标题栏' })).toBeVisible();
  await page.getByRole('button', { name: '最大化' }).click();
  await expect(page.getByRole('button', { name: '还原' })).toBeVisible();
  expect(await methods(bridge, 'window.toggleMaximize')).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);
  await close();
});

test('macOS keeps its native traffic lights: no controls are drawn', async ({ browser }) => {
  const { page, close } = await desktopPage(browser, { os: 'macos' });
  await page.goto('/login');
  await expect(titleBar(page)).toBeVisible();
  await expect(titleBar(page).getByRole('button')).toHaveCount(0);
  await close();
});

/**
 * The signed-in desktop renderer's shell, in the page's current colour scheme: title bar, Esc, the update
 * banner, the close action, log upload and the update check, each reaching the bridge.
 */
async function shellChecks(page: Page, bridge: DesktopBridge, scheme: 'light' | 'dark'): Promise<void> {
  // Title bar controls reach the shell.
  await titleBar(page).getByRole('button', { name: 'Maximize' }).click();
  await titleBar(page).getByRole('button', { name: 'Restore' }).click();
  await titleBar(page).getByRole('button', { name: 'Minimize' }).click();
  await titleBar(page).getByRole('button', { name: 'Close' }).click();
  expect(await methods(bridge, 'window.toggleMaximize')).toHaveLength(2);
  expect(await methods(bridge, 'window.minimize')).toHaveLength(1);
  expect(await methods(bridge, 'window.close')).toHaveLength(1);

  // Esc minimizes; an Esc that closes a menu does not.
  await page.locator('main').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => methods(bridge, 'window.minimize')).toHaveLength(2);
  await page.getByRole('button', { name: 'My account' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await methods(bridge, 'window.minimize')).toHaveLength(2);

  // The update banner: available, download progress, restart to update.
  await bridge.emit('update:state', { status: 'available', version: '3.9.0' });
  const banner = page.getByRole('region', { name: 'App update' });
  await expect(banner).toContainText('Version 3.9.0 is available');
  await bridge.emit('update:state', { status: 'downloading', version: '3.9.0', percent: 42 });
  await expect(banner).toContainText('Downloading version 3.9.0: 42%');
  await expect(banner.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.42');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `desktop-shell-${scheme}`);
  await bridge.emit('update:state', { status: 'ready', version: '3.9.0' });
  await banner.getByRole('button', { name: 'Restart to update' }).click();
  expect(await methods(bridge, 'updates.install')).toHaveLength(1);

  // The close action: minimize to the tray by default; a new choice is stored by the shell.
  await openFromAccountMenu(page, 'Account settings');
  const settings = page.getByRole('dialog', { name: 'Account settings' });
  await expect(settings.getByRole('radio', { name: 'Minimize to the tray' })).toBeChecked();
  await settings.getByRole('radio', { name: 'Quit the app' }).check();
  await expect.poll(() => methods(bridge, 'settings.setCloseAction')).toEqual([['quit']]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(settings, `desktop-account-settings-${scheme}`);
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  await openFromAccountMenu(page, 'Account settings');
  await expect(settings.getByRole('radio', { name: 'Quit the app' })).toBeChecked();
  await page.keyboard.press('Escape');
  // Closing a dialog with Esc left the window alone.
  expect(await methods(bridge, 'window.minimize')).toHaveLength(2);

  // Log upload: the last 100 lines by default, to the server's object storage, with a percentage.
  await openFromAccountMenu(page, 'About');
  const about = page.getByRole('dialog', { name: 'About' });
  await expect(about.getByRole('textbox', { name: /Number of lines/ })).toHaveValue('100');
  await about.evaluate((node) => {
    const seen: string[] = [];
    (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
    new MutationObserver(() => {
      const text = node.querySelector('[role="status"]')?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(node, { subtree: true, childList: true, characterData: true });
  });
  await about.getByRole('button', { name: 'Upload the last 100 lines' }).click();
  await expect(about.getByText('Log uploaded (100%)')).toBeVisible({ timeout: 30_000 });
  // The toast title, not Fluent's screen-reader copy of it (the last of the two).
  await expect(page.getByText('Upload succeeded', { exact: true }).last()).toBeVisible();
  expect(await methods(bridge, 'logs.tail')).toEqual([[100]]);
  const seen = await page.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);
  expect(seen[0]).toMatch(/Reading the log|Uploading: 0%/);
  expect(seen.at(-1)).toBe('Log uploaded (100%)');
  await expect(about.getByRole('progressbar', { name: 'Log upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(about, `desktop-about-${scheme}`);

  // A failing shell gives the failure toast.
  await bridge.fail('logs.tail');
  await about.getByRole('button', { name: 'Upload 10,000 lines' }).click();
  await expect(about.getByText('The log upload failed')).toBeVisible();
  await expect(page.getByText('Upload failed', { exact: true }).last()).toBeVisible();
  expect(await methods(bridge, 'logs.tail')).toEqual([[100], [10_000]]);

  // Check for updates on demand.
  await bridge.emit('update:state', { status: 'not-available' });
  await about.getByRole('button', { name: 'Check for updates' }).click();
  expect(await methods(bridge, 'updates.check')).toHaveLength(1);
}

test('title bar, Esc, close action, log upload and update banner, light then dark', async ({ browser }) => {
  test.setTimeout(240_000);
  // One sign-in for both themes: the dark one is the same tab loaded again with the system in dark, which
  // also starts the bridge afresh (its recorded calls, the stored close action, the update state).
  const { page, bridge, close } = await desktopPage(browser, {
    logLines: Array.from({ length: 300 }, (_, i) => `[info] line ${i + 1}`),
  });
  await signIn(page, 'alice');
  await test.step('title bar, Esc, close action, log upload and update banner (light)', () =>
    shellChecks(page, bridge, 'light'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(conversationList(page).getByRole('option').first()).toBeVisible({ timeout: 90_000 });
  await test.step('title bar, Esc, close action, log upload and update banner (dark)', () =>
    shellChecks(page, bridge, 'dark'));
  await close();
});
