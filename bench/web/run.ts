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
 *      list re-sorted (that conversation on top) and the next frame painted;
 *   4. the page's JS heap after the first sync with none of Playwright's scripts in the page
 *      (`heap-alone.ts`).
 *
 * "Interactive" means the listbox named "Conversations" shows the newest conversation of the seed
 * as its first option. Every measurement is repeated `--runs` times; medians are reported.
 * Usage: npm run bench:web -- [--runs 5] [--json out.json] [--chromium /path/to/chromium]
 *        [--phases long-history,large-group] [--scroll-seconds 240] [--cpu-profile DIR] [--trace DIR]
 *        [--heap-profile DIR] [--heap-snapshot DIR] [--server-cpu-profile DIR]
 *        [--server-requests DIR]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ensureLiveKitServer, startLiveKit } from '../../scripts/livekit.mjs';
import { firstMinute, largeGroup, longHistory } from './chat';
import { firstUse } from './first-use';
import { heapAlone } from './heap-alone';
import { conversationList, signInPage } from './list';
import { CHROMIUM_ARGS, adminToken, r1, root, startServer } from './support';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    json: { type: 'string' },
    chromium: { type: 'string' },
    // Skip the sign-in and list phases (e.g. when the chat UI does not exist yet).
    'sign-in-only': { type: 'boolean', default: false },
    // Only these phases (comma-separated: sign-in, list, heap-alone, first-use, first-minute,
    // long-history, large-group).
    phases: {
      type: 'string',
      default: 'sign-in,list,heap-alone,first-use,first-minute,long-history,large-group',
    },
    // How long to scroll back through the 10,000-message history at most.
    'scroll-seconds': { type: 'string', default: '240' },
    // Writes CPU profiles of the long-history scroll and the large-group phases into this directory.
    'cpu-profile': { type: 'string' },
    'server-cpu-profile': { type: 'string' },
    // Writes what the page asked of the server during the first cold sign-in (HTTP paths, WS requests).
    'server-requests': { type: 'string' },
    // Writes a Chrome trace of the long-history scroll into this directory (bench/web/trace-summary.ts).
    trace: { type: 'string' },
    // Writes a sampling heap profile (allocations, collected ones included) of the same scroll.
    'heap-profile': { type: 'string' },
    // Writes heap snapshots of the first cold sign-in, at the interactive list, at the end of its sync
    // and ten seconds later (bench/web/heap-snapshot-summary.ts, heap-snapshot-compare.ts).
    'heap-snapshot': { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs));

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const adminSecret = randomBytes(12).toString('hex');
  const phases = new Set((args.phases ?? '').split(','));
  // The first-use phase also starts a call and a meeting, which need a media server: the cached
  // livekit-server when it can be had (built on first use, as for the browser tests).
  const sfu = phases.has('first-use') ? await startSfu() : undefined;
  const t0 = performance.now();
  const server = await startServer(adminSecret, sfu ? ['--livekit-url', sfu.url] : []);
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
  const phase = async (name: string, key: string, run: () => Promise<unknown>): Promise<void> => {
    if (!phases.has(name)) return;
    try {
      result[key] = await run();
      console.log(`${name}:`, JSON.stringify(result[key]));
    } catch (err) {
      result[key] = { notMeasured: err instanceof Error ? err.message : String(err) };
      console.log(`${name} not measured:`, result[key]);
    }
  };
  try {
    await phase('sign-in', 'signInPage', () => signInPage(browser, server.url, RUNS));
    if (!args['sign-in-only']) {
      const admin = await adminToken(server.url, adminSecret);
      const pid = server.proc.pid ?? 0;
      await phase('list', 'conversationList', () =>
        conversationList(
          browser,
          server.url,
          admin,
          pid,
          RUNS,
          args['heap-snapshot'],
          args['server-cpu-profile'],
          args['server-requests'],
        ),
      );
      await phase('heap-alone', 'heapWithoutPlaywrightMb', () =>
        heapAlone(browser, server.url, RUNS, args['heap-snapshot']),
      );
      await phase('first-use', 'clickToFrameOnFirstUseMs', () =>
        firstUse(browser, server.url, sfu !== undefined),
      );
      await phase('first-minute', 'chatOpenedRightAfterSignIn', () =>
        firstMinute(browser, server.url, admin, RUNS),
      );
      const scrollMs = Number(args['scroll-seconds']) * 1000;
      await phase('long-history', 'longHistory', () =>
        longHistory(
          browser,
          server.url,
          RUNS,
          scrollMs,
          args['cpu-profile'],
          args.trace,
          args['heap-profile'],
        ),
      );
      await phase('large-group', 'largeGroup', () => largeGroup(browser, server.url, args['cpu-profile']));
    }
  } finally {
    await browser.close();
    server.proc.kill('SIGTERM');
    await sfu?.stop();
  }
  if (args.json) writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
}

async function startSfu(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const installed = ensureLiveKitServer();
  if (installed.binary === undefined) {
    console.log(`no media server, so no call or meeting on first use: ${installed.problem}`);
    return undefined;
  }
  return startLiveKit({ binary: installed.binary });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
