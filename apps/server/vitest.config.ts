import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // These files share no module state or mocks, so one module graph per worker serves them all: a
    // fresh graph per file cost most of this project's time on two cores.
    isolate: false,
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
