import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'application',
    environment: 'node',
    // translate() reads only loaded locale tables; load both before any test.
    setupFiles: ['src/testing/i18n-setup.ts'],
    include: ['src/**/*.test.ts'],
  },
});
