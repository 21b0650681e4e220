/**
 * What the media tests through a real LiveKit SFU share (calls-media.e2e.ts, meeting-room-media.e2e.ts):
 * the SFU's address, a harness page built from the product's adapter and served over loopback, and room
 * tokens from the local server as the client asks for them. The SFU is started by `npm test`
 * (LIVEKIT_URL) or by the Playwright config from the cached build (scripts/livekit.mjs). The pages read
 * their inbound-rtp statistics with `inbound-rtp.ts`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { expect, test, type Browser, type Page } from './fixtures';
import { PASSWORD } from './users';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The SFU the tests use; empty when none runs. */
export const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';

/** Skips the file's tests when no SFU runs. */
export function skipWithoutSfu(): void {
  test.skip(
    liveKitUrl === '',
    'no LiveKit SFU (npm test starts one; or run `node scripts/livekit.mjs install`)',
  );
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/**
 * Builds the harness page in `tests/e2e/<folder>` (the adapter bundled for the browser, as the web app
 * bundles it) before the file's tests and serves it until they are done; opens it in its own browser
 * context with the fake camera and microphone granted, once its title says it is ready.
 */
export function harnessPage(folder: string, readyTitle: string): { open(browser: Browser): Promise<Page> } {
  const out = join(repo, 'test-results', folder);
  let origin = '';
  let server: Server | undefined;
  test.beforeAll(async () => {
    await build({
      configFile: false,
      root: join(repo, 'tests', 'e2e', folder),
      base: './',
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, minify: false },
    });
    // Served over real loopback HTTP: Chromium lets only loopback pages reach the loopback SFU.
    const serving = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const file = join(out, path === '/' ? 'index.html' : path);
      if (!file.startsWith(out) || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    });
    server = serving;
    await new Promise<void>((listening) => serving.listen(0, '127.0.0.1', listening));
    const address = serving.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  test.afterAll(async () => {
    await new Promise((closed) => server?.close(closed) ?? closed(undefined));
  });
  return {
    async open(browser) {
      const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await expect(page).toHaveTitle(readyTitle);
      return page;
    },
  };
}

async function chat<T>(baseURL: string, path: string, body: unknown, token = ''): Promise<T> {
  const response = await fetch(`${baseURL}/chat${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: `sfu-${Date.now()}`, token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { errCode: number; errMsg: string; data: T };
  if (envelope.errCode !== 0) throw new Error(`${path}: ${envelope.errCode} ${envelope.errMsg}`);
  return envelope.data;
}

/** A room's address and token for one user, as the client receives them. */
export interface RoomAccess {
  readonly serverUrl: string;
  readonly token: string;
  readonly userID: string;
}

/** Signs in the demo user `user` (alice…) and asks the local server for access to `room`, as the client does. */
export async function roomAccess(baseURL: string, user: string, room: string): Promise<RoomAccess> {
  const password = createHash('md5').update(PASSWORD).digest('hex');
  const session = await chat<{ userID: string; chatToken: string }>(baseURL, '/account/login', {
    email: `${user}@example.com`,
    password,
    platform: 5,
  });
  const access = await chat<{ serverUrl: string; token: string }>(
    baseURL,
    '/user/rtc/get_token',
    { room, identity: session.userID },
    session.chatToken,
  );
  return { ...access, userID: session.userID };
}
