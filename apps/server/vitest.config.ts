import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // These files share no module state or mocks, so one module graph per worker serves them all: a
    // fresh graph per file cost most of this project's time on two cores.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // No test here asserts on time; Vitest's own 5 s (and 10 s for hooks) fail a test on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
