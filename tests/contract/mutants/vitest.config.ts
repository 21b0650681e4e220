import { defineConfig } from 'vitest/config';

// Runs only the deliberately broken fakes; contract/fakes-are-held.test.ts starts it and reads the results.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.mutant.ts'],
    environment: 'node',
    // Each mutant changes its own world's instances, never a module, so the suites share one module graph
    // per worker: importing the contract kit and the fakes anew for each file was nearly all of this run.
    isolate: false,
    testTimeout: 20_000,
  },
});
