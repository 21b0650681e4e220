import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// A random free-ish port unless one is given; workers inherit it through the environment.
process.env['E2E_PORT'] ??= String(20_000 + Math.floor(Math.random() * 40_000));
const port = Number(process.env['E2E_PORT']);
// The second server answers as a real OpenIM 3.8 + chat 1.8 deployment (`--compat openim-3.8`).
process.env['E2E_COMPAT_PORT'] ??= String(port === 60_000 ? 20_001 : port + 1);
const compatPort = Number(process.env['E2E_COMPAT_PORT']);
// Like chat 1.8.4's default configuration, the compatibility server hands out room tokens for a LiveKit
// address where nothing runs (a port nobody listens on); tests/e2e/compat/calls-unreachable.e2e.ts.
process.env['E2E_CLOSED_LIVEKIT_PORT'] ??= String(20_000 + Math.floor(Math.random() * 40_000));
const closedLiveKitPort = Number(process.env['E2E_CLOSED_LIVEKIT_PORT']);

// The call tests need a LiveKit SFU. `npm test` starts one and passes LIVEKIT_URL (empty when it could
// not); a direct run starts the cached livekit-server (scripts/livekit.mjs) when it has been built.
const liveKitBinary =
  process.env['LIVEKIT_SERVER_BIN'] ??
  join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'teamim/livekit-server-v1.13.5/server');
const startOwnLiveKit = process.env['LIVEKIT_URL'] === undefined && existsSync(liveKitBinary);
process.env['E2E_LIVEKIT_PORT'] ??= String(20_000 + Math.floor(Math.random() * 40_000));
if (startOwnLiveKit) process.env['LIVEKIT_URL'] = `ws://127.0.0.1:${process.env['E2E_LIVEKIT_PORT']}`;
const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';

// Browser downloads are impossible here: Playwright drives the system Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: join(repo, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: join(repo, 'test-results', 'e2e.json') }]],
  projects: [
    { name: 'default', testIgnore: 'compat/**', use: { baseURL: `http://127.0.0.1:${port}` } },
    // The client unchanged against what a real deployment answers: no wallet, no fuzzy search, uploads
    // to another origin, 20101 for a dropped chat token (docs/deploying-with-openim.md).
    {
      name: 'openim-3.8',
      testMatch: 'compat/**/*.e2e.ts',
      use: { baseURL: `http://127.0.0.1:${compatPort}` },
    },
  ],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Calls: camera and microphone are Chromium's generated test pattern and tone, granted silently.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      // The real local server (in memory, demo data) serving the built web app at /, as `npm start` does.
      command:
        `node_modules/.bin/tsx apps/server/src/main.ts --memory --port ${port} --seed demo --log-level warn` +
        (liveKitUrl ? ` --livekit-url ${liveKitUrl}` : ''),
      cwd: repo,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command:
        `node_modules/.bin/tsx apps/server/src/main.ts --memory --port ${compatPort} --seed demo --log-level warn --compat openim-3.8` +
        ` --livekit-url ws://127.0.0.1:${closedLiveKitPort}`,
      cwd: repo,
      url: `http://127.0.0.1:${compatPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...(startOwnLiveKit
      ? [
          {
            command: `node scripts/livekit.mjs run --port ${process.env['E2E_LIVEKIT_PORT']}`,
            cwd: repo,
            url: `http://127.0.0.1:${process.env['E2E_LIVEKIT_PORT']}/`,
            reuseExistingServer: false,
            timeout: 30_000,
            // livekit.mjs stops the SFU by its PID on SIGTERM (the SFU's own first SIGTERM only drains).
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
          },
        ]
      : []),
  ],
});
