import { defineConfig } from 'vitest/config';

// Runs only the deliberately broken fakes; contract/fakes-are-held.test.ts starts it and reads the results.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.mutant.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
