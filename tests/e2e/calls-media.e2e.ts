/**
 * Media through a real LiveKit SFU (spec §7 "Call media room"): two Chromium pages with fake devices join
 * one room through the product's RtcRoom adapter (packages/adapters-livekit), with tokens from the local
 * server's RTC-token endpoint. The SFU is started by `npm test` (LIVEKIT_URL) or by the Playwright
 * config from the cached build (scripts/livekit.mjs).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { expect, test, type Browser, type Page } from './fixtures';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const harnessOut = join(repo, 'test-results', 'rtc-harness');
const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';
let harnessOrigin = '';
let harnessServer: Server | undefined;

interface Envelope<T> {
  readonly errCode: number;
  readonly errMsg: string;
  readonly data: T;
}

interface InboundSummary {
  readonly kind: string;
  readonly bytesReceived: number;
  readonly framesDecoded: number;
  readonly codec: string;
}

type Harness = {
  connect(url: string, token: string, video: boolean): Promise<void>;
  prepare(url: string, token: string): Promise<void>;
  join(url: string, token: string): Promise<void>;
  state(): string;
  remoteKinds(): string[];
  localKinds(): string[];
  remoteMuted(kind: string): boolean;
  firstVideoFrameMs(): number | undefined;
  connectStartedEpoch(): number;
  firstVideoFrameEpoch(): number | undefined;
  inbound(): Promise<InboundSummary[]>;
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
  disconnect(): Promise<void>;
};
declare global {
  interface Window {
    rtcHarness: Harness;
  }
}

test.skip(
  liveKitUrl === '',
  'no LiveKit SFU (npm test starts one; or run `node scripts/livekit.mjs install`)',
);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

test.beforeAll(async () => {
  // The harness is the adapter bundled for the browser, as the web app bundles it.
  await build({
    configFile: false,
    root: join(repo, 'tests', 'e2e', 'rtc-harness'),
    base: './',
    logLevel: 'warn',
    build: { outDir: harnessOut, emptyOutDir: true, minify: false },
  });
  // Served over real loopback HTTP: Chromium lets only loopback pages reach the loopback SFU.
  harnessServer = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = join(harnessOut, path === '/' ? 'index.html' : path);
    if (!file.startsWith(harnessOut) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  const server = harnessServer;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  harnessOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((closed) => harnessServer?.close(closed) ?? closed(undefined));
});

async function chat<T>(baseURL: string, path: string, body: unknown, token = ''): Promise<T> {
  const response = await fetch(`${baseURL}/chat${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: `rtc-${Date.now()}`, token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data;
}

/** Signs in a demo user and asks the local server for access to `room`, as the client does. */
async function roomAccess(baseURL: string, email: string, room: string) {
  const password = createHash('md5').update('Demo1234').digest('hex');
  const session = await chat<{ userID: string; chatToken: string }>(baseURL, '/account/login', {
    email,
    password,
    platform: 5,
  });
  return chat<{ serverUrl: string; token: string }>(
    baseURL,
    '/user/rtc/get_token',
    { room, identity: session.userID },
    session.chatToken,
  );
}

/** Opens the harness in its own browser context with fake camera and microphone granted. */
async function openHarness(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await page.goto(`${harnessOrigin}/`);
  await expect(page).toHaveTitle('RTC harness ready');
  return page;
}

test('audio and video flow both ways through the SFU, and a muted microphone shows as muted', async ({
  browser,
  baseURL,
}) => {
  const room = `e2e-${Date.now()}`;
  const [alice, bob] = await Promise.all([
    roomAccess(baseURL ?? '', 'alice@example.com', room),
    roomAccess(baseURL ?? '', 'bob@example.com', room),
  ]);
  expect(alice.serverUrl).toBe(liveKitUrl);
  const alicePage = await openHarness(browser);
  const bobPage = await openHarness(browser);
  try {
    // Ringing, as the call service does it: alice (the inviter) joins with nothing on air, bob prepares.
    await alicePage.evaluate((a) => window.rtcHarness.join(a.serverUrl, a.token), alice);
    await bobPage.evaluate((a) => window.rtcHarness.prepare(a.serverUrl, a.token), bob);
    expect(await alicePage.evaluate(() => window.rtcHarness.localKinds())).toEqual([]);
    // Bob answers: he connects, and alice goes on air in the room she is in (in the product when his Accept
    // arrives, a message's trip later).
    await Promise.all([
      bobPage.evaluate((a) => window.rtcHarness.connect(a.serverUrl, a.token, true), bob),
      alicePage.evaluate((a) => window.rtcHarness.connect(a.serverUrl, a.token, true), alice),
    ]);

    for (const page of [alicePage, bobPage]) {
      expect(await page.evaluate(() => window.rtcHarness.state())).toBe('connected');
      await expect
        .poll(() => page.evaluate(() => window.rtcHarness.remoteKinds()))
        .toEqual(['audio', 'video']);
      // Its own microphone and camera are on air too (the own video thumbnail).
      await expect
        .poll(() => page.evaluate(() => window.rtcHarness.localKinds()))
        .toEqual(['audio', 'video']);
      await expect
        .poll(async () => {
          const inbound = await page.evaluate(() => window.rtcHarness.inbound());
          const audio = inbound.filter((s) => s.kind === 'audio');
          const video = inbound.filter((s) => s.kind === 'video');
          return {
            audioBytes: audio.some((s) => s.bytesReceived > 0),
            videoBytes: video.some((s) => s.bytesReceived > 0),
            framesDecoded: video.some((s) => s.framesDecoded > 0),
          };
        })
        .toEqual({ audioBytes: true, videoBytes: true, framesDecoded: true });
      await expect.poll(() => page.evaluate(() => window.rtcHarness.firstVideoFrameMs())).toBeGreaterThan(0);
    }
    // docs/benchmarks.md: from bob's answer (his connect(); alice has joined, and goes on air at the same
    // time) to the first remote video frame painted on each side.
    const answeredAt = await bobPage.evaluate(() => window.rtcHarness.connectStartedEpoch());
    for (const [who, page] of [
      ['inviter', alicePage],
      ['receiver', bobPage],
    ] as const) {
      const at = await page.evaluate(() => window.rtcHarness.firstVideoFrameEpoch());
      const ms = at === undefined ? 'none' : (at - answeredAt).toFixed(0);
      test.info().annotations.push({ type: `answer-to-first-remote-frame-ms (${who})`, description: ms });
    }
    const codecs = (await bobPage.evaluate(() => window.rtcHarness.inbound()))
      .filter((s) => s.kind === 'video' && s.bytesReceived > 0)
      .map((s) => s.codec);
    // Spec §7: vp9 preferred, vp8 as backup.
    expect(codecs.some((c) => /vp9|vp8/i.test(c))).toBe(true);

    expect(await alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(false);
    await bobPage.evaluate(() => window.rtcHarness.setMicrophoneEnabled(false));
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(true);
    await bobPage.evaluate(() => window.rtcHarness.setMicrophoneEnabled(true));
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.remoteMuted('audio'))).toBe(false);

    // Bob leaves: alice's adapter ends its side of the one-to-one call by itself.
    await bobPage.evaluate(() => window.rtcHarness.disconnect());
    await expect.poll(() => alicePage.evaluate(() => window.rtcHarness.state())).toBe('disconnected');
  } finally {
    // Rooms are left before the browsers close, so the SFU has nothing to drain.
    for (const page of [alicePage, bobPage]) await page.evaluate(() => window.rtcHarness.disconnect());
    await alicePage.context().close();
    await bobPage.context().close();
  }
});
