import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    // translate() reads only loaded locale tables; load both before any test.
    setupFiles: ['../../packages/domain/src/testing/i18n-setup.ts'],
    // No test here asserts on time; Vitest's own 5 s (and 10 s for hooks) fail a test on a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
