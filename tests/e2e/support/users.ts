import AxeBuilder from '@axe-core/playwright';
import { LoginMethod, STORAGE_KEYS } from '@teamim/domain';
import { createHash } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/** Every demo account's password (`--seed demo`). */
export const PASSWORD = 'Demo1234';

export interface UserPage {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** A browser context in English (or `locale`), of the given size and colour scheme. */
export async function newUserPage(
  browser: Browser,
  options: {
    readonly width?: number;
    readonly height?: number;
    readonly colorScheme?: 'light' | 'dark';
    readonly locale?: 'en-US' | 'zh-CN';
  } = {},
): Promise<UserPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  await preferLocale(page, options.locale ?? 'en-US');
  return { context, page };
}

/** The app starts in `locale` on this page, as after the user chose it, unless a language is stored already. */
export async function preferLocale(page: Page, locale: 'en-US' | 'zh-CN'): Promise<void> {
  await page.addInitScript((value) => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', value);
  }, locale);
}

export const conversationList = (page: Page): Locator => page.getByRole('listbox', { name: 'Conversations' });

export const conversationOption = (page: Page, name: string): Locator =>
  conversationList(page).getByRole('option', { name: new RegExp(`^${name}\\b`) });

/**
 * Signs in as `user` for a test that is not about signing in: the chat API's password login, its answer
 * stored where the sign-in form stores it (the tab's session storage, the e-mail in local storage), then
 * `/chat`, which starts the SDK and syncs as after the form. The form itself is proven by the sign-in tests
 * (sign-in.e2e.ts, a11y-sign-in.e2e.ts, offline.e2e.ts); skipping it here saves its page
 * load and typing for each of the hundred sign-ins of a run. Records how long each part took as a `sign-in`
 * annotation of the test (the JSON report's timing table reads them). `platform` signs in as another kind of
 * device (its page must then be configured with that platformID), so one user can be signed in twice.
 */
export async function signIn(
  page: Page,
  user: string,
  options: { readonly platform?: number } = {},
): Promise<void> {
  const started = Date.now();
  const answer = await page.request.post('/chat/account/login', {
    headers: { operationID: `e2e-${started}-${user}` },
    data: {
      email: `${user}@example.com`,
      password: createHash('md5').update(PASSWORD).digest('hex'),
      platform: options.platform ?? WEB_PLATFORM,
    },
  });
  const body = (await answer.json()) as {
    errCode: number;
    errMsg?: string;
    data?: { userID: string; imToken: string; chatToken: string };
  };
  if (body.errCode !== 0 || body.data === undefined)
    throw new Error(`sign-in of ${user} refused: ${body.errCode} ${body.errMsg ?? ''}`);
  const { userID, imToken, chatToken } = body.data;
  // Storage belongs to an origin: an empty page of the app's origin (answered here, never fetched) lets
  // the session be stored before the app's first load reads it.
  const blank = '**/e2e-blank';
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto('/e2e-blank');
  await page.unroute(blank);
  const stored: Record<'session' | 'local', [string, string][]> = {
    session: [
      [STORAGE_KEYS.session.userID, userID],
      [STORAGE_KEYS.session.imToken, imToken],
      [STORAGE_KEYS.session.chatToken, chatToken],
    ],
    local: [
      [STORAGE_KEYS.local.email, `${user}@example.com`],
      [STORAGE_KEYS.local.loginMethod, LoginMethod.Email],
    ],
  };
  await page.evaluate(({ session, local }) => {
    for (const [key, value] of session) window.sessionStorage.setItem(key, value);
    for (const [key, value] of local) window.localStorage.setItem(key, value);
  }, stored);
  await page.goto('/chat');
  await conversationsShown(page, user, started, Date.now());
}

/** The web client's OpenIM platform id (apps/web's default configuration). */
const WEB_PLATFORM = 5;

/**
 * Waits for the SDK's start (its 36 MB wasm) and first sync to end, when the first conversation shows, and
 * records the two parts' times.
 */
async function conversationsShown(
  page: Page,
  user: string,
  started: number,
  signedIn: number,
): Promise<void> {
  await expect(conversationList(page).getByRole('option').first()).toBeVisible({ timeout: 90_000 });
  test.info().annotations.push({
    type: 'sign-in',
    description: `${user} ${signedIn - started} ${Date.now() - signedIn}`,
  });
}

/**
 * Opens a conversation from the list. A click that lands while the list re-sorts (a message has just
 * moved a row under the pointer) can select nothing; a person clicks again, and so does this.
 */
export async function openConversation(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await conversationOption(page, name).click();
    await expect(page).toHaveURL(/\/chat\/.+/, { timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * axe's serious and critical violations on the page (rule id, the first targets and their markup), measured
 * once the opening animations have ended: a menu mid-fade measures as low contrast. A violation counts when a
 * second analysis a second later finds it again, so a frame caught mid-change (a row restyled as a message
 * arrives) does not, and one that stays on screen does. `exclude` leaves out elements axe flags by design of
 * a library, such as Fluent's focus sentinels.
 */
export async function seriousViolations(page: Page, exclude?: string): Promise<string[]> {
  const analyze = async () => {
    await animationsSettled(page);
    const axe = new AxeBuilder({ page });
    const results = await (exclude === undefined ? axe : axe.exclude(exclude)).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        text: `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .join(' | ')}`,
      }));
  };
  const first = await analyze();
  if (first.length === 0) return [];
  await page.waitForTimeout(1_000);
  const again = await analyze();
  return again.filter((v) => first.some((f) => f.id === v.id)).map((v) => v.text);
}

/** A new English browser context signed in as `user` (alice, bob, carol, ...) at the chat screen. */
export async function signedInUser(
  browser: Browser,
  user: string,
  options: Parameters<typeof newUserPage>[1] = {},
): Promise<UserPage> {
  const session = await newUserPage(browser, options);
  await signIn(session.page, user);
  return session;
}

/** The page of a new English browser context signed in as `user`, for tests that need only the page. */
export async function signedInPage(browser: Browser, user: string): Promise<Page> {
  return (await signedInUser(browser, user)).page;
}

export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });

/** The open conversation's message log. */
export const messageLog = (page: Page): Locator => page.getByRole('log', { name: 'Messages' });

/** The signed-in user's id, as the app keeps it for the tab. */
export const userID = (page: Page): Promise<string> =>
  page.evaluate(() => window.sessionStorage.getItem('IM_USERID') ?? '');

/** The chat item's unread badge count in the main navigation (0 without a badge). */
export async function navUnread(page: Page): Promise<number> {
  const name = (await mainNav(page).getByRole('link', { name: /^Chat/ }).textContent()) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? '0');
}

/** Types `text` in the message box and presses Enter, without waiting for anything (a send that fails). */
export async function sendText(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Sends `text` in the open conversation: types it, presses Enter, and waits until the box is empty (the
 * send was accepted) and the message shows in the log.
 */
export async function send(page: Page, text: string): Promise<void> {
  await sendText(page, text);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('', { timeout: 20_000 });
  await expect(messageLog(page).getByText(text, { exact: true }).last()).toBeVisible({ timeout: 20_000 });
}

/** Calls the local server's admin API (`--seed demo` admin) and expects success. */
export async function adminCall(request: APIRequestContext, path: string, body: object): Promise<void> {
  const headers = { operationID: `e2e-${Date.now()}` };
  const tokenAnswer = await request.post('/api/auth/get_admin_token', {
    headers,
    data: { secret: 'openIM123', userID: 'imAdmin' },
  });
  const token = ((await tokenAnswer.json()) as { data: { token: string } }).data.token;
  const answer = await request.post(`/api${path}`, { headers: { ...headers, token }, data: body });
  expect(((await answer.json()) as { errCode: number }).errCode).toBe(0);
}

/**
 * axe's serious and critical violations once the toasts have gone and animations have settled: a toast
 * mid-fade, or a dialog mid-scale, is measured as low contrast.
 */
export async function settledViolations(page: Page, exclude?: string): Promise<string[]> {
  const toasts = page.locator('[id^="toast-title"]');
  for (let attempt = 1; ; attempt++) {
    await expect(toasts).toHaveCount(0, { timeout: 20_000 });
    const violations = await seriousViolations(page, exclude);
    // A toast that arrived while axe read the page (a packet another user opened) was measured on its
    // way in or out: read the page again once it has gone.
    const toastArrived = (await toasts.count()) > 0 || violations.some((v) => v.includes('toast'));
    if (!toastArrived || attempt === 3) return violations;
  }
}

/**
 * Resolves once no animation or transition with an end runs (Fluent's menus fade and dialogs scale in);
 * endless ones, such as a spinner's, are left out.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Turns the chat drawer's blacklist switch and waits until it shows the wanted state. On a loaded machine
 * the SDK's call can time out after the server took the change: the drawer then shows the state the
 * device knows and a Retry, which a user would press, and so does this.
 */
export async function setBlacklistSwitch(drawer: Locator, checked: boolean): Promise<void> {
  const toggle = drawer.getByRole('switch', { name: 'Add to blacklist' });
  await expect(toggle).toBeEnabled({ timeout: 30_000 });
  await toggle.click();
  const retry = drawer.getByRole('alert').getByRole('button', { name: 'Retry' });
  await expect(async () => {
    if (await retry.isVisible()) await retry.click();
    await expect(toggle).toBeChecked({ checked, timeout: 10_000 });
    await expect(retry).toBeHidden();
  }).toPass({ timeout: 90_000 });
}
