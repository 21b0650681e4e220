import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace; each workspace keeps its own vitest.config.ts so it can also be tested alone.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which is a single worker on a two-core machine;
    // the integration tests spend much of their time waiting on their SDK and server, so two keep both
    // cores busy (8 instead of 11 minutes for the whole run there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/domain',
      'packages/application',
      'packages/adapters-openim',
      'packages/adapters-http',
      'packages/adapters-livekit',
      'packages/ui-react',
      'apps/server',
      'apps/web',
      'apps/desktop',
      'tests',
    ],
    coverage: {
      provider: 'v8',
      // Line coverage is kept for the two framework-free layers, where the rules live; the in-memory
      // adapters under testing/ are test infrastructure and are measured by the contract suites instead.
      include: ['packages/domain/src/**/*.ts', 'packages/application/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/testing/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      // Print coverage even when a test fails, so a red run still shows where coverage stands.
      reportOnFailure: true,
      // The floor for the two framework-free layers; `npm test` fails below it.
      thresholds: { lines: 90 },
    },
  },
});
