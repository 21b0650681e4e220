import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'desktop',
    environment: 'node',
    // translate() reads only loaded locale tables; load both before any test.
    setupFiles: ['../../packages/domain/src/testing/i18n-setup.ts'],
    include: ['src/**/*.test.ts'],
  },
});
