// The call and meeting benchmarks run the same stack (the cached LiveKit server, `apps/server --seed demo`
// serving the built app, headless system Chromium) and sign their users in the same way: each in a browser
// context of its own, through the sign-in form.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ensureLiveKitServer, startLiveKit } from '../scripts/livekit.mjs';
import { CHROMIUM_LAUNCH } from '../tests/e2e/support/chromium-launch';
import { loadAverage } from './meeting/cpu';
import { spawnServer } from './spawn-server';
import { root } from './web/support';

export interface DemoStack {
  readonly browser: Browser;
  readonly server: Awaited<ReturnType<typeof spawnServer>>;
  readonly sfu: Awaited<ReturnType<typeof startLiveKit>>;
  /** The load average before anything started. */
  readonly loadBefore: string;
}

/**
 * Runs `measure` with the cached livekit-server on loopback, the local server (`--memory --seed demo
 * --log-level warn`, then `serverArgs`) serving the built app, and headless Chromium (`chromiumPath`, or
 * the browser tests' system Chromium with their flags); stops all three after it.
 */
export async function withDemoStack<T>(
  options: { readonly serverArgs?: readonly string[]; readonly chromiumPath?: string | undefined },
  measure: (stack: DemoStack) => Promise<T>,
): Promise<T> {
  if (!existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const installed = ensureLiveKitServer();
  if (installed.binary === undefined) throw new Error(installed.problem);
  const loadBefore = loadAverage();
  const sfu = await startLiveKit({ binary: installed.binary });
  let server: DemoStack['server'] | undefined;
  let browser: Browser | undefined;
  try {
    server = await spawnServer({
      serverArgs: [
        ...['--memory', '--seed', 'demo', '--log-level', 'warn', '--livekit-url', sfu.url],
        ...(options.serverArgs ?? []),
      ],
      timeoutMs: 180_000,
    });
    browser = await launchChromium(options.chromiumPath);
    return await measure({ browser, server, sfu, loadBefore });
  } finally {
    await browser?.close().catch(() => undefined);
    server?.proc.kill('SIGTERM');
    await sfu.stop();
  }
}

/** Headless Chromium as the browser tests launch it (or the one at `chromiumPath`). */
export function launchChromium(chromiumPath?: string): Promise<Browser> {
  return chromium.launch({
    ...CHROMIUM_LAUNCH,
    executablePath: chromiumPath ?? CHROMIUM_LAUNCH.executablePath,
    headless: true,
  });
}

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
