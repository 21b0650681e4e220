import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPENIM_COMPAT_PROJECT } from './support/sdk-worker-errors';
import { capabilityProbe404s } from './support/capability-probes';
import { CHROMIUM_LAUNCH } from './support/chromium-launch';
import { QR_CODE_SERVER_FLAGS } from './support/qr-code-life';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Like chat 1.8.4's default configuration, the compatibility server hands out room tokens for a LiveKit
// address where nothing runs (a port nobody listens on); tests/e2e/compat/calls-unreachable.e2e.ts. Below
// Linux's ephemeral range (from 32768), so no server bound to port 0 beside the run can be given it.
process.env['E2E_CLOSED_LIVEKIT_PORT'] ??= String(20_000 + Math.floor(Math.random() * 12_000));
const closedLiveKitPort = Number(process.env['E2E_CLOSED_LIVEKIT_PORT']);

// The call tests need a LiveKit SFU. `npm test` starts one and passes LIVEKIT_URL (empty when it could
// not); a direct run starts the cached livekit-server (scripts/livekit.mjs) when it has been built.
const liveKitBinary =
  process.env['LIVEKIT_SERVER_BIN'] ??
  join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'teamim/livekit-server-v1.13.5/server');
const startOwnLiveKit = process.env['LIVEKIT_URL'] === undefined && existsSync(liveKitBinary);
process.env['E2E_LIVEKIT_PORT'] ??= String(20_000 + Math.floor(Math.random() * 40_000));
if (startOwnLiveKit) process.env['LIVEKIT_URL'] = `ws://127.0.0.1:${process.env['E2E_LIVEKIT_PORT']}`;

// Each worker starts its own local server (support/fixtures.ts), so two workers never share demo users.
// Two workers on two cores. A third fills the sixth of the run the cores stand idle (708 → 614 s), but the
// higher load met an SDK race in a first sync that left a user's friend list empty (docs/test-quality.md).
const workers = Number(process.env['E2E_WORKERS'] ?? 2);

// Browser downloads are impossible here: Playwright drives the system Chromium.
export default defineConfig<{ serverFlags: readonly string[]; deploymentConsoleErrors: readonly string[] }>({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // One folder per test: its trace, screenshots, console.txt and server.log when it fails.
  outputDir: join(repo, 'test-results', 'e2e-artifacts'),
  fullyParallel: false,
  workers,
  // A test that passes only on a second try is flaky, and a flaky test fails the run.
  retries: 0,
  failOnFlakyTests: true,
  // Waits are on state, never on time: a generous ceiling costs nothing when the state arrives early, and a
  // loaded machine (two workers beside a busy neighbour) takes several times longer than a quiet one.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: join(repo, 'test-results', 'e2e.json') }]],
  projects: [
    // real-openim/ runs against a real OpenIM stack, by `npm run test:openim` with its own config.
    {
      name: 'default',
      testIgnore: ['compat/**', 'real-openim/**'],
      use: { serverFlags: QR_CODE_SERVER_FLAGS },
    },
    // The client unchanged against what a real deployment answers: no wallet, no fuzzy search, uploads
    // to another origin, 20101 for a dropped chat token (docs/deploying-with-openim.md).
    {
      name: OPENIM_COMPAT_PROJECT,
      testMatch: 'compat/**/*.e2e.ts',
      use: {
        serverFlags: ['--compat', 'openim-3.8', '--livekit-url', `ws://127.0.0.1:${closedLiveKitPort}`],
        // The SDK worker's TypeError over the server's `null` for an empty list is in support/sdk-worker-errors.ts.
        deploymentConsoleErrors: [
          // The call check finds nothing at the LiveKit address the deployment hands out (that address only:
          // a refused connection anywhere else is a failure).
          `net::ERR_CONNECTION_REFUSED (http://127.0.0.1:${closedLiveKitPort}/)`,
          // The wallet, QR sign-in and fuzzy search probes meet a chat service that has none of them.
          ...capabilityProbe404s('/chat'),
        ],
      },
    },
  ],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    // The trace keeps every step, the console and the network, but neither the screencast (encoding a frame
    // of every page all the time took a quarter to a third of a browser run's CPU) nor a DOM snapshot around
    // each step (another eighth); a failed test's last page states are kept instead (support/fixtures.ts).
    // E2E_TRACE_SNAPSHOTS=1 records the snapshots when a failure needs the DOM of an earlier step.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env['E2E_TRACE_SNAPSHOTS'] === '1',
    },
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: startOwnLiveKit
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
    : [],
});
