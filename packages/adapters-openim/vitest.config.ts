import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'adapters-openim',
    environment: 'node',
    // These files share no module state or mocks, so one module graph per worker serves them all: a
    // fresh graph per file cost most of this project's time on two cores.
    isolate: false,
    // translate() reads only loaded locale tables; load both before any test.
    setupFiles: ['../domain/src/testing/i18n-setup.ts'],
    include: ['src/**/*.test.ts'],
  },
});
