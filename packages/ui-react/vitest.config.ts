import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui-react',
    // View tests render into jsdom; the pure mapping tests do not mind it.
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Rendering Fluent UI in jsdom is slow on a busy machine; no test asserts on time.
    testTimeout: 30_000,
  },
});
