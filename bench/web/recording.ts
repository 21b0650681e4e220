/**
 * What the web benchmark records for a closer look: CPU and sampling heap profiles, Chrome traces and heap
 * snapshots of a page, each written into a directory given on the command line (nothing without one).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

/** A profile `start` begins on a CDP session of `page`; the returned function gets it from `stop` and
 * writes it to `dir/file`. Without a directory it does nothing. */
async function recordThroughCdp(
  page: Page,
  dir: string | undefined,
  file: string,
  start: (session: CDPSession) => Promise<void>,
  stop: (session: CDPSession) => Promise<unknown>,
): Promise<() => Promise<void>> {
  if (dir === undefined) return async () => {};
  const session: CDPSession = await page.context().newCDPSession(page);
  await start(session);
  return async () => {
    const profile = await stop(session);
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, file), JSON.stringify(profile));
    await session.detach();
  };
}

/**
 * Starts the V8 sampling profiler of the page's main thread through CDP; the returned function stops it
 * and writes `DIR/<name>.cpuprofile` (open it in Chrome's DevTools, or summarize it with
 * `npx tsx bench/web/profile-summary.ts FILE`). Without a directory it does nothing.
 */
export function startCpuProfile(page: Page, dir: string | undefined, name: string) {
  return recordThroughCdp(
    page,
    dir,
    `${name}.cpuprofile`,
    async (session) => {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
    },
    async (session) => (await session.send('Profiler.stop')).profile,
  );
}

/**
 * Starts V8's sampling heap profiler on `page` when `dir` is set (one sample per 64 KiB allocated, with
 * the allocating stack, garbage included); the returned function writes `dir/name.heapprofile`.
 */
export function startHeapProfile(page: Page, dir: string | undefined, name: string) {
  return recordThroughCdp(
    page,
    dir,
    `${name}.heapprofile`,
    async (session) => {
      await session.send('HeapProfiler.enable');
      // Without the two flags the profile keeps only what is still alive at the end; the churn that
      // makes the collector pause is what was allocated and dropped.
      await session.send('HeapProfiler.startSampling', {
        samplingInterval: 65_536,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    async (session) => (await session.send('HeapProfiler.stopSampling')).profile,
  );
}

/**
 * Starts a Chrome trace of `page` (main-thread tasks with what ran in them: scripts, style, layout, paint
 * and garbage collection) when `dir` is set; the returned function writes it to `dir/name.trace.json`.
 * Lighter than the sampling profiler, so a traced run's tasks stay close to an unprofiled run's.
 */
export async function startTrace(
  page: Page,
  dir: string | undefined,
  name: string,
): Promise<() => Promise<void>> {
  if (dir === undefined) return async () => {};
  mkdirSync(dir, { recursive: true });
  const browser = page.context().browser();
  if (browser === null) throw new Error('no browser to trace');
  await browser.startTracing(page, {
    path: resolve(dir, `${name}.trace.json`),
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-v8.gc'],
  });
  return async () => {
    await browser.stopTracing();
  };
}

/**
 * Writes a heap snapshot of `page` (after a full collection, so it holds what is retained) to
 * `dir/name.heapsnapshot` when `dir` is set; summarize it with `bench/web/heap-snapshot-summary.ts`.
 */
export async function writeHeapSnapshot(page: Page, dir: string | undefined, name: string): Promise<void> {
  if (dir === undefined) return;
  const session = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, `${name}.heapsnapshot`), chunks.join(''));
  } finally {
    await session.send('HeapProfiler.disable');
    await session.detach();
  }
}
