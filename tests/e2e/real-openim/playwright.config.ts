import { defineConfig } from '@playwright/test';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { capabilityProbe404s } from '../support/capability-probes';
import { CHROMIUM_LAUNCH } from '../support/chromium-launch';

/**
 * The client against a real open-im-server v3.8.3 and chat v1.8.4 (`npm run test:openim`, which starts the
 * stack and runs this inside its network namespace). Not part of `npm test`: the main config leaves this
 * folder out. One worker: the tests share the stack's three users, and a second sign-in of a user on the
 * same platform logs the first one out.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export default defineConfig<{ deploymentConsoleErrors: readonly string[] }>({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './global-setup.ts',
  outputDir: join(repo, 'test-results', 'openim-artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: join(repo, 'test-results', 'openim.json') }]],
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: { mode: 'retain-on-failure', screenshots: false },
    deploymentConsoleErrors: [
      // The SDK's worker maps the real server's `null` for an empty friend or group list and catches its own
      // TypeError (docs/deploying-with-openim.md).
      "TypeError: Cannot read properties of null (reading 'map')",
      // The call check finds nothing at the LiveKit address chat 1.8.4 hands out by default.
      'net::ERR_CONNECTION_REFUSED',
      // The wallet, QR sign-in and fuzzy search probes meet a chat service that has none of them.
      ...capabilityProbe404s(),
    ],
    launchOptions: CHROMIUM_LAUNCH,
  },
});
