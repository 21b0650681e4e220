/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Web client benchmarks in headless Chromium (the system browser, as the end-to-end tests use it)
 * against `apps/server --seed large` serving the built app (`npm run build -w apps/web` first):
 *
 *   1. sign-in page, cold (a fresh browser context each run): first contentful paint, and the JS and
 *      CSS it loads (raw and gzip; the SDK's wasm excluded);
 *   2. sign in as load@example.com (1,000 conversations): time from the click to an interactive
 *      conversation list, cold (fresh context: empty HTTP cache, empty SDK database); then a reload
 *      of /chat in the same tab: navigation to interactive list, warm; plus the JS loaded after sign-in;
 *   3. a message arrives for a conversation far down the list: time from the WebSocket frame to the
 *      list re-sorted (that conversation on top) and the next frame painted.
 *
 * "Interactive" means the listbox named "Conversations" shows the newest conversation of the seed
 * as its first option. Every measurement is repeated `--runs` times; medians are reported.
 * Usage: npm run bench:web -- [--runs 5] [--json out.json] [--chromium /path/to/chromium]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    json: { type: 'string' },
    chromium: { type: 'string' },
    // Skip the sign-in and list phases (e.g. when the chat UI does not exist yet).
    'sign-in-only': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const EMAIL = 'load@example.com';
const PASSWORD = 'Demo1234';
// The seed's newest one-to-one conversation is with its first friend (apps/server/src/seed/large.ts friendName(0)).
const NEWEST_NAME = 'Ada Li 0001';
const NEWEST_ID = '2000000001';
const LIST = { role: 'listbox' as const, name: /^(Conversations|会话列表)$/ };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const r1 = (n: number): number => Math.round(n * 10) / 10;

// ---- server --------------------------------------------------------------------------------------

async function startServer(adminSecret: string): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/main.ts',
      '--memory',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--seed',
      'large',
      '--log-level',
      'warn',
      '--admin-secret',
      adminSecret,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 180_000);
    proc.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^/\s]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
  });
  return { url, proc };
}

async function adminToken(base: string, secret: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/get_admin_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: randomBytes(8).toString('hex') },
    body: JSON.stringify({ secret, userID: 'imAdmin' }),
  });
  const env = (await res.json()) as { errCode: number; errMsg: string; data?: { token: string } };
  if (env.errCode !== 0 || !env.data) throw new Error(`admin token: ${env.errCode} ${env.errMsg}`);
  return env.data.token;
}

async function sendText(base: string, admin: string, sendID: string, text: string): Promise<void> {
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

async function newContext(browser: Browser): Promise<BrowserContext> {
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

interface Asset {
  url: string;
  type: string;
  bytes: number;
  gzipBytes: number;
}

function collectAssets(page: Page): Asset[] {
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

const sum = (assets: readonly Asset[], type: string, key: 'bytes' | 'gzipBytes'): number =>
  assets.filter((a) => a.type === type).reduce((n, a) => n + a[key], 0);

/** Resolves with performance.now() in the page when the list's first option is the given conversation. */
async function waitForTopOption(page: Page, name: string, timeoutMs = 120_000): Promise<number> {
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
async function waitForSyncEnd(page: Page, timeoutMs = 300_000): Promise<number> {
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

// ---- phases --------------------------------------------------------------------------------------

async function signInPage(browser: Browser, base: string) {
  const fcp: number[] = [];
  let assets: Asset[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    const collected = collectAssets(page);
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    fcp.push(paint);
    if (i === 0) assets = collected;
    await context.close();
  }
  return {
    firstContentfulPaintMs: { median: r1(median(fcp)), runs: fcp.map(r1) },
    firstLoad: {
      jsBytes: sum(assets, 'script', 'bytes'),
      jsGzipBytes: sum(assets, 'script', 'gzipBytes'),
      cssBytes: sum(assets, 'stylesheet', 'bytes'),
      cssGzipBytes: sum(assets, 'stylesheet', 'gzipBytes'),
      files: assets.map((a) => ({ file: a.url.replace(base, ''), gzipBytes: a.gzipBytes })),
    },
  };
}

type Milestones = { list?: number; firstOption?: number; newestOnTop?: number };
const milestones = (page: Page): Promise<Milestones> =>
  page.evaluate(() => ({ ...(window as unknown as { __benchList: Milestones }).__benchList }));

/** Median of each milestone over the runs, relative to `from` of each run. */
function milestoneMedians(runs: readonly { at: Milestones; from: number }[]) {
  const pick = (key: keyof Milestones) => {
    const xs = runs.map((r) => (r.at[key] ?? Number.NaN) - r.from);
    return { median: r1(median(xs)), runs: xs.map(r1) };
  };
  return { listShown: pick('list'), firstOption: pick('firstOption'), interactive: pick('newestOnTop') };
}

/** CPU milliseconds (user + system) the server process has used so far, from /proc. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function conversationList(browser: Browser, base: string, admin: string, serverPid: number) {
  const serverCpu: number[] = [];
  const cold: { at: Milestones; from: number }[] = [];
  const warm: { at: Milestones; from: number }[] = [];
  const syncDone: number[] = [];
  const resort: { frameToTop: number; topToPaint: number; sendToPaint: number }[] = [];
  let afterSignInJsGzip = 0;
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    const assets = collectAssets(page);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    const clickAt = await page.evaluate(() => performance.now());
    const cpu0 = cpuMs(serverPid);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForTopOption(page, NEWEST_NAME);
    serverCpu.push(cpuMs(serverPid) - cpu0);
    // The sign-in is a client-side route change, so the page clock still runs from the login page.
    cold.push({ at: await milestones(page), from: clickAt });
    if (i === 0) afterSignInJsGzip = sum(assets, 'script', 'gzipBytes');
    // The list comes from the server's first page; chat history needs the SDK's own first sync.
    syncDone.push((await waitForSyncEnd(page)) - clickAt);

    // Warm: the same tab (session kept) reloads /chat with the HTTP cache and the SDK's database filled.
    await page.reload({ waitUntil: 'commit' });
    await waitForTopOption(page, NEWEST_NAME);
    warm.push({ at: await milestones(page), from: 0 });
    // The list update below is the signed-in steady state: measured once the reconnect's sync is over.
    await waitForSyncEnd(page);

    // A message from a friend far down the list (a different one each run) moves that conversation to the top.
    const friendID = String(2_000_000_001 + 800 - i);
    resort.push(await measureResort(page, base, admin, friendID));
    await context.close();
    // Put the seed's newest conversation back on top for the next run.
    await sendText(base, admin, NEWEST_ID, `back on top ${i}`);
  }
  const resortMedian = (key: keyof (typeof resort)[number]) => ({
    median: r1(median(resort.map((r) => r[key]))),
    runs: resort.map((r) => r1(r[key])),
  });
  return {
    coldFromSignInClickMs: milestoneMedians(cold),
    // How much of the cold sign-in the server spent computing (the rest is the browser and the SDK).
    // Sign-in click → the SDK's first sync finished (status line clear): from then on chats show history.
    coldSyncFinishedFromSignInClickMs: { median: r1(median(syncDone)), runs: syncDone.map(r1) },
    serverCpuDuringColdSignInMs: { median: r1(median(serverCpu)), runs: serverCpu },
    warmFromNavigationMs: milestoneMedians(warm),
    jsGzipBytesLoadedAfterSignIn: afterSignInJsGzip,
    messageArrivalMs: {
      frameToConversationOnTop: resortMedian('frameToTop'),
      conversationOnTopToPaint: resortMedian('topToPaint'),
      sendToPaint: resortMedian('sendToPaint'),
    },
  };
}

/**
 * Sends a text from `friendID` to the benchmark account through the admin API, from inside the page
 * (one clock), and times: WebSocket frame arrival → the friend's conversation is option 1 → the frame
 * after that DOM change (requestAnimationFrame, i.e. the repaint).
 */
async function measureResort(page: Page, base: string, admin: string, friendID: string) {
  const text = `bench ${randomBytes(4).toString('hex')}`;
  return page.evaluate(
    async ({ base, admin, friendID, text }) => {
      const w = window as unknown as { __benchFrames: number[] };
      const list = document.querySelector('[role="listbox"]');
      if (!list) throw new Error('no conversation list');
      const isTop = (): boolean => {
        const first = list.querySelector('[role="option"][aria-posinset="1"]');
        return first?.id.includes(friendID) === true;
      };
      const done = new Promise<{ dom: number; paint: number }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the list did not move the conversation to the top')),
          30_000,
        );
        const observer = new MutationObserver(() => {
          if (!isTop()) return;
          observer.disconnect();
          clearTimeout(timer);
          const dom = performance.now();
          // rAF runs just before the frame is painted; a task queued from it runs after that paint.
          requestAnimationFrame(() => setTimeout(() => resolve({ dom, paint: performance.now() }), 0));
        });
        observer.observe(list, { subtree: true, childList: true, attributes: true });
      });
      const t0 = performance.now();
      const res = await fetch(`${base}/api/msg/send_msg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: admin, operationID: `bench${Date.now()}` },
        body: JSON.stringify({
          sendID: friendID,
          recvID: '2000000000',
          content: { content: text },
          contentType: 101,
          sessionType: 1,
        }),
      });
      const env = (await res.json()) as { errCode: number; errMsg: string };
      if (env.errCode !== 0) throw new Error(`send_msg: ${env.errCode} ${env.errMsg}`);
      const { dom, paint } = await done;
      const frame = w.__benchFrames.filter((t) => t >= t0 && t <= dom).at(-1) ?? Number.NaN;
      return { frameToTop: dom - frame, topToPaint: paint - dom, sendToPaint: paint - t0 };
    },
    { base, admin, friendID, text },
  );
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const adminSecret = randomBytes(12).toString('hex');
  const t0 = performance.now();
  const server = await startServer(adminSecret);
  const startupSeconds = r1((performance.now() - t0) / 1000);
  console.log(`server ${server.url} with --seed large, started in ${startupSeconds} s`);
  const browser = await chromium.launch({
    executablePath: args.chromium ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryGb: r1(totalmem() / 2 ** 30),
      node: process.version,
      chromium: browser.version(),
      loadAverageAtStart: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    },
    runs: RUNS,
    serverStartupWithLargeSeedSeconds: startupSeconds,
  };
  try {
    result['signInPage'] = await signInPage(browser, server.url);
    console.log('sign-in page:', JSON.stringify(result['signInPage']));
    if (!args['sign-in-only']) {
      const admin = await adminToken(server.url, adminSecret);
      try {
        result['conversationList'] = await conversationList(browser, server.url, admin, server.proc.pid ?? 0);
        console.log('conversation list:', JSON.stringify(result['conversationList']));
      } catch (err) {
        result['conversationList'] = { notMeasured: err instanceof Error ? err.message : String(err) };
        console.log('conversation list not measured:', result['conversationList']);
      }
    }
  } finally {
    await browser.close();
    server.proc.kill('SIGTERM');
  }
  if (args.json) writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
