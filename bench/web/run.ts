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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { conversationList, signInPage } from './list';
import { CHROMIUM_ARGS, adminToken, r1, root, startServer } from './support';

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
    result['signInPage'] = await signInPage(browser, server.url, RUNS);
    console.log('sign-in page:', JSON.stringify(result['signInPage']));
    if (!args['sign-in-only']) {
      const admin = await adminToken(server.url, adminSecret);
      try {
        result['conversationList'] = await conversationList(
          browser,
          server.url,
          admin,
          server.proc.pid ?? 0,
          RUNS,
        );
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
