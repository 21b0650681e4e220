// @ts-check
// Mutation testing of packages/domain and packages/application (`npm run test:mutation`, not part of
// `npm test`). MUTATION_PACKAGE=domain or =application limits a run to one package, with its own report
// and incremental cache under reports/mutation/<package>/; scripts/mutation.mjs runs both in turn.
// Results and the surviving equivalent mutants are recorded in docs/test-quality.md.
const only = process.env.MUTATION_PACKAGE;
const packages = only === undefined || only === '' ? ['domain', 'application'] : [only];
const name = packages.length === 1 ? packages[0] : 'all';
// MUTATION_RUN names a side run (e.g. one file measured while a package run is under way): its own
// reports, sandbox and incremental cache, so that it neither overwrites nor deletes the main run's.
const run = process.env.MUTATION_RUN || name;
const out = `reports/mutation/${run}`;
// The package runs' incremental caches are committed (the only files under reports/ that are), so that
// `npm run test:mutation` on a fresh clone re-tests only the mutants whose code or tests changed.
const incrementalFile =
  run === name ? `reports/stryker-incremental-${name}.json` : `${out}/stryker-incremental.json`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // `related` runs only the tests that import the mutated file, even for static mutants.
  vitest: { configFile: 'vitest.mutation.config.mjs', related: true },
  mutate: [
    ...packages.map((p) => `packages/${p}/src/**/*.ts`),
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
    // A side run's sandboxes (MUTATION_RUN), never copied into another run's sandbox.
    '.stryker-tmp*',
    'coverage',
    'test-results',
    'playwright-report',
    'data',
  ],
  coverageAnalysis: 'perTest',
  // The machine is shared: one sandbox at a time. Raise with `--concurrency N` on a free machine.
  concurrency: 1,
  timeoutMS: 20_000,
  // The initial run with per-test coverage takes about 15 s on a free machine, but more than Stryker's
  // default 5 minutes at the lowest priority on the shared one.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile,
  tempDirName: run === name ? '.stryker-tmp' : `.stryker-tmp-${run}`,
  cleanTempDir: 'always',
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  thresholds: { high: 95, low: 85, break: null },
};
