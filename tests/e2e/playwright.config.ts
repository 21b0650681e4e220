import { defineConfig } from '@playwright/test';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// A random free-ish port unless one is given; workers inherit it through the environment.
process.env['E2E_PORT'] ??= String(20_000 + Math.floor(Math.random() * 40_000));
const port = Number(process.env['E2E_PORT']);
// The second server answers as a real OpenIM 3.8 + chat 1.8 deployment (`--compat openim-3.8`).
process.env['E2E_COMPAT_PORT'] ??= String(port === 60_000 ? 20_001 : port + 1);
const compatPort = Number(process.env['E2E_COMPAT_PORT']);

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
      ],
    },
  },
  webServer: [
    {
      // The real local server (in memory, demo data) serving the built web app at /, as `npm start` does.
      command: `node_modules/.bin/tsx apps/server/src/main.ts --memory --port ${port} --seed demo --log-level warn`,
      cwd: repo,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node_modules/.bin/tsx apps/server/src/main.ts --memory --port ${compatPort} --seed demo --log-level warn --compat openim-3.8`,
      cwd: repo,
      url: `http://127.0.0.1:${compatPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
