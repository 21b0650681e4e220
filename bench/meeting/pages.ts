/** What the meeting benchmark asks of the local server and of each page, apart from the run itself. */
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, until } from '../demo-page';
import { r1 } from '../web/support';
import { remoteTilesWithFrames, type PageSample } from './probe';

export const md5 = (s: string): string => createHash('md5').update(s).digest('hex');
const opID = (): string => randomBytes(8).toString('hex');

/** POSTs `body` to the local server and unwraps OpenIM's envelope; a non-zero errCode throws. */
export async function post<T>(url: string, body: object, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: opID(), ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { errCode: number; errMsg: string; data?: T };
  if (env.errCode !== 0) throw new Error(`${url}: ${env.errCode} ${env.errMsg}`);
  return env.data as T;
}

/**
 * Starts sampling the page's main thread (0.2 ms) when `file` is given; the returned function waits for
 * the page's first remote frame, then writes the profile to `file`.
 */
export async function profileFrom(
  page: Page,
  file: string | undefined,
): Promise<(() => Promise<void>) | undefined> {
  if (file === undefined) return undefined;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    await until('the first remote frame', async () => (await remoteTilesWithFrames(page)) >= 1);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  };
}

/** Chrome's trace of the page's browser, from now until the first frame of each of `tiles` remote tiles. */
export async function traceFrom(
  page: Page,
  file: string | undefined,
  tiles: number,
): Promise<(() => Promise<void>) | undefined> {
  const browser = page.context().browser();
  if (file === undefined || browser === null) return undefined;
  await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
  return async () => {
    await until('every remote frame', async () => (await remoteTilesWithFrames(page)) >= tiles);
    await browser.stopTracing();
  };
}

const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'media',
  'webrtc',
];

/** The demo seed has three users: a fourth registers with the code the dev-mode server reveals. */
export async function registerFourth(base: string, name: string): Promise<string> {
  const email = `${name}@example.com`;
  await post(`${base}/chat/account/code/send`, { usedFor: 1, email });
  const code = (await (await fetch(`${base}/chat/dev/verify-code?email=${email}`)).json()) as {
    data?: { code: string };
  };
  const registered = await post<{ userID: string }>(`${base}/chat/account/register`, {
    verifyCode: code.data?.code ?? '',
    platform: 5,
    autoLogin: false,
    user: { nickname: name, email, password: md5(DEMO_PASSWORD) },
  });
  return registered.userID;
}

/** Reads a page's main-thread busy milliseconds since the call (Chromium's TaskDuration metric). */
export async function mainThreadBusy(page: Page): Promise<() => Promise<number>> {
  const session = await page.context().newCDPSession(page);
  // The metrics count from `Performance.enable`, for as long as this session stays attached.
  await session.send('Performance.enable');
  const read = async (): Promise<number> => {
    const { metrics } = await session.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
  };
  const start = await read();
  return async () => (await read()) - start;
}

export function perSecond(before: PageSample, after: PageSample) {
  const seconds = (after.at - before.at) / 1000;
  const rate = (now: number, then: number | undefined): number => r1((now - (then ?? 0)) / seconds);
  return {
    tiles: after.tiles.map((t) => {
      const b = before.tiles.find((x) => x.userID === t.userID);
      return {
        userID: t.userID,
        receivedFps: rate(t.framesReceived, b?.framesReceived),
        decodedFps: rate(t.framesDecoded, b?.framesDecoded),
        paintedFps: rate(t.framesPainted, b?.framesPainted),
        resolution: `${t.width}x${t.height}`,
        codec: t.codec,
      };
    }),
    capturedFps: rate(after.sent.framesCaptured, before.sent.framesCaptured),
    // Dynacast pauses the layers nobody watches: a paused one encodes nothing in the window.
    sentLayers: after.sent.layers.map((l) => ({
      rid: l.rid,
      fps: rate(l.framesEncoded, before.sent.layers.find((x) => x.rid === l.rid)?.framesEncoded),
      resolution: `${l.width}x${l.height}`,
      limitation: l.limitation,
    })),
  };
}
