import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui-react',
    // View tests render into jsdom; the pure mapping tests do not mind it. translate() reads only loaded
    // locale tables, so both are loaded before any test.
    environment: 'jsdom',
    setupFiles: ['../domain/src/testing/i18n-setup.ts', './src/testing/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Rendering Fluent UI in jsdom is slow on a busy machine; no test asserts on time.
    testTimeout: 120_000,
  },
});
