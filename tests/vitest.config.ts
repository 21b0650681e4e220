import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tests',
    environment: 'node',
    // translate() reads only loaded locale tables; load both before any test.
    setupFiles: ['../packages/domain/src/testing/i18n-setup.ts'],
    include: [
      'boundaries/**/*.test.ts',
      'contract/**/*.test.ts',
      // What the browser tests tolerate is decided here, without a browser.
      'e2e/support/**/*.test.ts',
      'integration/**/*.test.ts',
      'scenario/**/*.test.ts',
    ],
    // Integration tests start real SDK instances (a 36 MB wasm each) against a real server; at a load
    // average of 25 on two cores one took longer than a minute. A generous ceiling costs nothing.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One module graph per worker, so the SDK's 36 MB wasm is compiled once per worker rather than once per
    // file (support/sdk/client.ts keeps the compiled module): 359 → 205 s of CPU for this project. Each SDK
    // instance runs in a worker thread of its own, so no two files' SDKs share globals.
    isolate: false,
  },
});
