// @ts-check
// Mutation testing of packages/domain and packages/application (`npm run test:mutation`, not part of
// `npm test`). Results and the surviving equivalent mutants are recorded in docs/test-quality.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // `related` (the default) runs only the tests that import the mutated file, even for static mutants.
  vitest: { configFile: 'vitest.mutation.config.mjs', related: true },
  mutate: [
    'packages/domain/src/**/*.ts',
    'packages/application/src/**/*.ts',
    '!**/*.test.ts',
    // Test infrastructure (in-memory fakes, builders) is checked by the contract suites, not mutated here.
    '!**/testing/**',
    // Translation tables: a mutated string is only a different translation.
    '!packages/domain/src/i18n/locales/**',
  ],
  // Only what the two layers' tests load is copied into each sandbox.
  ignorePatterns: [
    'apps',
    'bench',
    'docs',
    'tests',
    'packages/adapters-*',
    'packages/ui-react',
    'reports',
    'coverage',
    'test-results',
    'playwright-report',
    'data',
  ],
  coverageAnalysis: 'perTest',
  // The machine is shared: one sandbox at a time. Raise with `--concurrency N` on a free machine.
  concurrency: 1,
  timeoutMS: 20_000,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 85, break: null },
};
