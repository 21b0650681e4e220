/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Chat phases of the web benchmark: a chat opened right after sign-in (the SDK still syncing),
 * the 10,000-message conversation (open at the newest message once loaded; scrolling back through its
 * history) and the 2,000-member group's members view with a search. Long tasks come from Chromium's
 * PerformanceObserver ('longtask': main-thread tasks over 50 ms, whatever ran in them).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  EMAIL,
  NEWEST_ID,
  NEWEST_NAME,
  PASSWORD,
  median,
  newContext,
  r1,
  waitForSyncEnd,
  waitForTopOption,
} from './support';
import { startCpuProfile, startHeapProfile, startTrace } from './recording';

const SELF = '2000000000';
/** The seed's long conversation (apps/server/src/seed/large.ts LONG_HISTORY_SLOT) and its newest text. */
const LONG_NAME = 'Ben Li 0002';
const LONG_NEWEST = 'Thanks, I will take a look tonight.';
const GROUP_NAME = 'All hands';

/** The newest message text of a conversation of the benchmark account, read through the admin API. */
async function newestText(base: string, admin: string, conversationID: string): Promise<string> {
  const res = await fetch(`${base}/api/msg/pull_msg_by_seq`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: admin,
      operationID: randomBytes(8).toString('hex'),
    },
    body: JSON.stringify({
      userID: SELF,
      seqRanges: [{ conversationID, begin: 0, end: Number.MAX_SAFE_INTEGER, num: 1 }],
    }),
  });
  const env = (await res.json()) as {
    data?: { msgs?: Record<string, { Msgs: { content: string }[] }> };
  };
  const content = env.data?.msgs?.[conversationID]?.Msgs.at(-1)?.content ?? '';
  const parsed = JSON.parse(Buffer.from(content, 'base64').toString('utf8') || '{}') as { content?: string };
  return parsed.content ?? '';
}

async function signIn(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  const clickAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return clickAt;
}

/**
 * Clicks the conversation option whose label starts with `name` and resolves with the milliseconds
 * (page clock) until the message log's newest row shows `text`; also whether the SDK was still syncing.
 */
async function openAndTime(page: Page, name: string, text: string, timeoutMs = 60_000) {
  const option = page.locator(`[role="listbox"] [role="option"][aria-label^="${name}"]`).first();
  await option.waitFor({ state: 'visible', timeout: timeoutMs });
  const handle = await option.elementHandle();
  if (handle === null) throw new Error(`no option ${name}`);
  return page.evaluate(
    ({ element, text, timeoutMs }) =>
      new Promise<{ ms: number; status: string }>((resolve, reject) => {
        // What the status line says at the click (connecting, syncing; empty while the SDK still loads).
        const status = [...document.querySelectorAll('[role="status"]')]
          .map((el) => el.textContent ?? '')
          .join(' ')
          .trim();
        const newestRow = (): string => {
          const rows = [...document.querySelectorAll('[role="log"] [data-index]')];
          const last = rows.reduce<Element | undefined>(
            (best, row) =>
              best === undefined ||
              Number(row.getAttribute('data-index')) > Number(best.getAttribute('data-index'))
                ? row
                : best,
            undefined,
          );
          return last?.textContent ?? '';
        };
        const t0 = performance.now();
        const timer = setTimeout(() => reject(new Error(`"${text}" not shown: ${newestRow()}`)), timeoutMs);
        const observer = new MutationObserver(() => {
          if (!newestRow().includes(text)) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve({ ms: performance.now() - t0, status });
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        (element as HTMLElement).click();
      }),
    { element: handle, text, timeoutMs },
  );
}

/** Chat opened right after sign-in (fresh context, SDK syncing): newest messages shown, then a send. */
export async function firstMinute(browser: Browser, base: string, admin: string, runs: number) {
  const conversationID = `si_${SELF}_${NEWEST_ID}`;
  const open: { ms: number; status: string }[] = [];
  const send: { ms: number; syncing: boolean; stored: boolean }[] = [];
  for (let i = 0; i < runs; i++) {
    const expected = await newestText(base, admin, conversationID);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, base);
    await waitForTopOption(page, NEWEST_NAME);
    open.push(await openAndTime(page, NEWEST_NAME, expected));
    const text = `first minute ${randomBytes(3).toString('hex')}`;
    const syncing = await page.evaluate(() =>
      [...document.querySelectorAll('[role="status"]')].some((el) =>
        /Connecting|Syncing/.test(el.textContent ?? ''),
      ),
    );
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    const t0 = performance.now();
    await box.press('Enter');
    let stored = false;
    while (!stored && performance.now() - t0 < 30_000) {
      stored = (await newestText(base, admin, conversationID)) === text;
      if (!stored) await new Promise((r) => setTimeout(r, 50));
    }
    send.push({ ms: performance.now() - t0, syncing, stored });
    await waitForSyncEnd(page).catch(() => undefined);
    await context.close();
  }
  return {
    clickToNewestMessageMs: { median: r1(median(open.map((o) => o.ms))), runs: open.map((o) => r1(o.ms)) },
    statusLineAtClick: open.map((o) => o.status),
    sendEnterToStoredOnServerMs: {
      median: r1(median(send.map((s) => s.ms))),
      runs: send.map((s) => r1(s.ms)),
    },
    sendStored: send.map((s) => s.stored),
    sdkStillSyncingAtSend: send.map((s) => s.syncing),
  };
}

/** Starts recording long tasks in the page; `longTasks(page, from)` reads those that started after `from`. */
async function recordLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks?: { start: number; duration: number }[] };
    if (w.__longTasks) return;
    const tasks: { start: number; duration: number }[] = [];
    w.__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function longTasks(page: Page, from: number) {
  const all = await page.evaluate(
    () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
  );
  const after = all.filter((t) => t.start >= from);
  const xs = after.map((t) => t.duration);
  return {
    count: xs.length,
    longestMs: r1(Math.max(0, ...xs)),
    over50ms: xs.filter((d) => d > 50).length,
    // When each task over 50 ms started, from `from` on: which step of a phase it belongs to.
    over50msAtMs: after.filter((t) => t.duration > 50).map((t) => Math.round(t.start - from)),
  };
}

/** Opens a chat by its list option and waits for its header. */
async function goTo(page: Page, name: string): Promise<void> {
  await page.locator(`[role="listbox"] [role="option"][aria-label^="${name}"]`).first().click();
  await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 60_000 });
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The number of the oldest loaded message of the long conversation ("#123 text"), NaN if not shown. */
const oldestLoaded = async (page: Page): Promise<number> => {
  await page.evaluate(() => {
    const log = document.querySelector('[role="log"]');
    if (log) log.scrollTop = 0;
  });
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const first = document.querySelector('[role="log"] [data-index="0"]');
    const m = /#(\d+) /.exec(first?.textContent ?? '');
    return m ? Number(m[1]) : Number.NaN;
  });
};

/**
 * The 10,000-message conversation once the SDK has synced: open it again and again (from another chat)
 * until its newest message shows; then scroll from the newest message back through the history (the
 * list loads 20 older messages each time the top is reached), for at most `budgetMs`.
 */
export async function longHistory(
  browser: Browser,
  base: string,
  runs: number,
  budgetMs: number,
  profileDir?: string,
  traceDir?: string,
  heapDir?: string,
) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, base);
  await waitForTopOption(page, NEWEST_NAME);
  await waitForSyncEnd(page);
  await openAndTime(page, LONG_NAME, LONG_NEWEST);
  const reopen: number[] = [];
  for (let i = 0; i < runs; i++) {
    await goTo(page, NEWEST_NAME);
    reopen.push((await openAndTime(page, LONG_NAME, LONG_NEWEST)).ms);
  }
  await recordLongTasks(page);
  const stopProfile = await startCpuProfile(page, profileDir, 'long-history-scroll');
  const stopTrace = await startTrace(page, traceDir, 'long-history-scroll');
  const stopHeap = await startHeapProfile(page, heapDir, 'long-history-scroll');
  const from = await now(page);
  const t0 = performance.now();
  let scrolls = 0;
  let stalled = 0;
  // Each scroll to the top loads the next older page; the log grows until the history's start.
  while (performance.now() - t0 < budgetMs && stalled < 2) {
    const grew = await page.evaluate(async () => {
      const log = document.querySelector('[role="log"]');
      if (!log) return false;
      const before = log.scrollHeight;
      log.scrollTop = 0;
      for (let i = 0; i < 300 && log.scrollHeight <= before; i++) await new Promise((r) => setTimeout(r, 50));
      return log.scrollHeight > before;
    });
    scrolls++;
    stalled = grew ? 0 : stalled + 1;
  }
  const elapsed = performance.now() - t0;
  await stopHeap();
  await stopTrace();
  await stopProfile();
  const oldest = await oldestLoaded(page);
  const tasks = await longTasks(page, from);
  await context.close();
  return {
    reopenAtNewestMs: { median: r1(median(reopen)), runs: reopen.map(r1) },
    scroll: {
      seconds: r1(elapsed / 1000),
      scrolls,
      oldestMessageReached: oldest,
      messagesScrolledThrough: Number.isNaN(oldest) ? 0 : 10_000 - oldest + 1,
      longTasks: tasks,
    },
  };
}

/** The 2,000-member group: settings drawer → members view, then a search typed into it. */
const CHAT_SETTLE_MS = 2_000;

export async function largeGroup(browser: Browser, base: string, profileDir?: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, base);
  await waitForTopOption(page, NEWEST_NAME);
  await waitForSyncEnd(page);
  await goTo(page, GROUP_NAME);
  // The chat itself goes on loading (history, members for mentions) for a moment after its header shows;
  // its tasks belong to opening the chat, not to the drawer measured here.
  await page.waitForTimeout(CHAT_SETTLE_MS);
  await recordLongTasks(page);
  const members = page.getByRole('list', { name: 'Member list' });
  const stopOpenProfile = await startCpuProfile(page, profileDir, 'large-group-open');
  const t0 = await now(page);
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  await page.getByText('View more', { exact: true }).click();
  await members.getByRole('listitem').first().waitFor({ timeout: 60_000 });
  const opened = (await now(page)) - t0;
  // Scroll to the end so that every page of members is loaded before the search.
  for (let i = 0; i < 40; i++) {
    await members.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.waitForTimeout(100);
  }
  const openTasks = await longTasks(page, t0);
  await stopOpenProfile();
  const stopSearchProfile = await startCpuProfile(page, profileDir, 'large-group-search');
  const t1 = await now(page);
  const search = page.getByRole('searchbox', { name: 'Search members' });
  await search.pressSequentially('Ada Li 1', { delay: 120 });
  await members.getByRole('listitem').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const shown = await members.getByRole('listitem').count();
  await search.fill('');
  await search.pressSequentially('0999', { delay: 120 });
  await page.waitForTimeout(500);
  const searchTasks = await longTasks(page, t1);
  await stopSearchProfile();
  await context.close();
  return {
    openMembersViewMs: r1(opened),
    openAndLoadAllLongTasks: openTasks,
    searchLongTasks: searchTasks,
    rowsShownFor_AdaLi1: shown,
  };
}
