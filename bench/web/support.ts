/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** Shared pieces of the web benchmarks (bench/web/run.ts): the server, the browser context, waits. */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { spawnServer } from '../spawn-server';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const EMAIL = 'load@example.com';
export const PASSWORD = 'Demo1234';
// The seed's newest one-to-one conversation is with its first friend (apps/server/src/seed/large.ts friendName(0)).
export const NEWEST_NAME = 'Ada Li 0001';
export const NEWEST_ID = '2000000001';
const LIST = { role: 'listbox' as const, name: /^(Conversations|会话列表)$/ };
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium's fake camera and microphone, for the call and meeting started on first use.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
export const r1 = (n: number): number => Math.round(n * 10) / 10;

// ---- server --------------------------------------------------------------------------------------

/** The server with the large seed; `extraArgs` adds, for instance, `--livekit-url` of a running SFU. */
export function startServer(
  adminSecret: string,
  extraArgs: readonly string[] = [],
): Promise<{ url: string; proc: ChildProcess }> {
  return spawnServer({
    serverArgs: [
      ...['--memory', '--seed', 'large', '--log-level', 'warn', '--admin-secret', adminSecret],
      ...extraArgs,
    ],
    timeoutMs: 180_000,
  });
}

export async function adminToken(base: string, secret: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/get_admin_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: randomBytes(8).toString('hex') },
    body: JSON.stringify({ secret, userID: 'imAdmin' }),
  });
  const env = (await res.json()) as { errCode: number; errMsg: string; data?: { token: string } };
  if (env.errCode !== 0 || !env.data) throw new Error(`admin token: ${env.errCode} ${env.errMsg}`);
  return env.data.token;
}

export async function sendText(base: string, admin: string, sendID: string, text: string): Promise<void> {
  const res = await fetch(`${base}/api/msg/send_msg`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: admin,
      operationID: randomBytes(8).toString('hex'),
    },
    body: JSON.stringify({
      sendID,
      recvID: '2000000000',
      content: { content: text },
      contentType: 101,
      sessionType: 1,
    }),
  });
  const env = (await res.json()) as { errCode: number; errMsg: string };
  if (env.errCode !== 0) throw new Error(`send_msg: ${env.errCode} ${env.errMsg}`);
}

/** CPU milliseconds (user + system) the server process has used so far, from /proc. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

// ---- browser helpers -----------------------------------------------------------------------------

/** Records the arrival time of every WebSocket frame in the page (before the SDK's own listeners run). */
function hookWebSockets(): void {
  const w = window as unknown as { __benchFrames: number[]; WebSocket: typeof WebSocket };
  w.__benchFrames = [];
  const Native = w.WebSocket;
  w.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', () => w.__benchFrames.push(performance.now()));
    }
  };
}

/**
 * Records, on the page's clock (0 = navigation start), when the conversation list first exists, when it
 * first shows an option, and when its first option is the seed's newest conversation.
 */
function recordListMilestones(newest: string): void {
  const w = window as unknown as { __benchList: Record<string, number> };
  w.__benchList = {};
  const seen = w.__benchList;
  const check = (): void => {
    const list = document.querySelector('[role="listbox"]');
    if (!list) return;
    seen['list'] ??= performance.now();
    const first = list.querySelector('[role="option"][aria-posinset="1"]');
    if (!first) return;
    seen['firstOption'] ??= performance.now();
    if (first.getAttribute('aria-label')?.startsWith(newest)) seen['newestOnTop'] ??= performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  // tsx compiles this file with keep-names, so functions handed to the page call a `__name` helper.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(() => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', 'en-US');
  });
  await context.addInitScript(hookWebSockets);
  await context.addInitScript(recordListMilestones, NEWEST_NAME);
  return context;
}

export interface Asset {
  url: string;
  type: string;
  bytes: number;
  gzipBytes: number;
}

export function collectAssets(page: Page): Asset[] {
  const assets: Asset[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if ((type !== 'script' && type !== 'stylesheet') || url.endsWith('.wasm')) return;
    void response.body().then(
      (body) =>
        assets.push({ url, type, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
      () => {},
    );
  });
  return assets;
}

/**
 * Like collectAssets, but `until()` freezes the set at the moment it is called: the scripts whose
 * responses arrived by then (their bodies are read afterwards), none of the chunks loaded later.
 */
/**
 * The scripts and stylesheets the page requests; `until(cutoff)` stops collecting and returns those whose
 * request started by `cutoff` (epoch ms), once loaded. What the page fetches ahead after that moment (its
 * idle prefetches) was not needed to get there, even when it arrives before the call.
 */
export function collectAssetsUntil(page: Page): { until: (cutoffEpochMs: number) => Promise<Asset[]> } {
  const pending: Promise<(Asset & { startedAt: number }) | undefined>[] = [];
  let open = true;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (!open || (type !== 'script' && type !== 'stylesheet') || url.endsWith('.wasm')) return;
    const startedAt = response.request().timing().startTime;
    pending.push(
      response.body().then(
        (body) => ({
          url,
          type,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          startedAt,
        }),
        () => undefined,
      ),
    );
  });
  return {
    until: async (cutoffEpochMs) => {
      open = false;
      return (await Promise.all(pending))
        .filter((a): a is Asset & { startedAt: number } => a !== undefined && a.startedAt <= cutoffEpochMs)
        .map(({ startedAt: _startedAt, ...asset }) => asset);
    },
  };
}

/**
 * The page's JS heap (main thread, V8's used size) in bytes; with `gc`, after a full garbage collection
 * (what is still held, as a heap snapshot would count it).
 */
export async function jsHeapUsed(page: Page, gc: boolean): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    if (gc) {
      await session.send('HeapProfiler.enable');
      await session.send('HeapProfiler.collectGarbage');
      await session.send('HeapProfiler.disable');
    }
    return (await session.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await session.detach();
  }
}

export const sum = (assets: readonly Asset[], type: string, key: 'bytes' | 'gzipBytes'): number =>
  assets.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);

/** Resolves with performance.now() in the page when the list's first option is the given conversation. */
export async function waitForTopOption(page: Page, name: string, timeoutMs = 120_000): Promise<number> {
  const list = page.getByRole(LIST.role, { name: LIST.name });
  const first = list.locator('[role="option"][aria-posinset="1"]');
  try {
    await first
      .and(page.locator(`[aria-label^="${name}"]`))
      .waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (err) {
    // Say what the page showed instead, so a changed UI or seed is easy to tell from a slow one.
    const shown = await page.evaluate(() => ({
      url: location.href,
      lists: [...document.querySelectorAll('[role="listbox"],[role="list"]')].map((l) =>
        l.getAttribute('aria-label'),
      ),
      options: [...document.querySelectorAll('[role="option"]')]
        .slice(0, 3)
        .map((o) => o.getAttribute('aria-label')),
      text: document.body.innerText.slice(0, 300),
    }));
    throw new Error(
      `${err instanceof Error ? err.message.split('\n')[0] : String(err)}; page: ${JSON.stringify(shown)}`,
    );
  }
  return page.evaluate(() => performance.now());
}

/**
 * Resolves with performance.now() in the page once the SDK's sync is over: a status saying the client is
 * connecting or syncing has shown (the SDK may still be loading when the list is already there) and is gone.
 */
export async function waitForSyncEnd(page: Page, timeoutMs = 300_000): Promise<number> {
  const busy = (expected: boolean) =>
    page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[role="status"]')].some((el) =>
          /Connecting|Syncing/.test(el.textContent ?? ''),
        ) === want,
      expected,
      { timeout: expected ? 60_000 : timeoutMs, polling: 50 },
    );
  // A sync shorter than the polling interval can pass unseen; then there is nothing to wait for.
  await busy(true).catch(() => undefined);
  await busy(false);
  return page.evaluate(() => performance.now());
}
