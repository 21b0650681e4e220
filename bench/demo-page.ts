// The call and meeting benchmarks sign their users in the same way: each in a browser context of its own,
// through the sign-in form, against `apps/server --seed demo`.
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Every `--seed demo` account's password (and the one the meeting benchmark registers its fourth with). */
export const DEMO_PASSWORD = 'Demo1234';

/**
 * A page of its own context, with camera and microphone granted, signed in as `name` through the form,
 * with the conversation named `conversation` open, once its IM connection has answered: a call's invite is
 * delivered online only. `prepare` adds the benchmark's init scripts before the page opens.
 */
export async function signInAndOpen(
  browser: Browser,
  base: string,
  name: string,
  conversation: string,
  prepare: (context: BrowserContext) => Promise<unknown>,
): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['camera', 'microphone']);
  // tsx compiles the benchmarks with keep-names, so functions handed to the page call a `__name` helper.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
  await prepare(context);
  const page = await context.newPage();
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname.endsWith('/ws')) ws.once('framereceived', () => resolve());
    });
  });
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${name}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const option = page
    .getByRole('listbox', { name: 'Conversations' })
    .getByRole('option', { name: conversation });
  await option.waitFor({ timeout: 240_000 });
  await option.click();
  await page.getByRole('heading', { level: 2, name: conversation }).waitFor({ timeout: 60_000 });
  await connected;
  return page;
}

/** Polls `check` every `everyMs` until it holds; fails after `timeoutMs`, naming `what`. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 120_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
