// `npm test`: installs what is missing, then runs every check and test suite and ends with one summary
// line "Summary: N passed, M failed". Each check step (typecheck, lint, ...) counts as one test; each
// Vitest and Playwright test counts as itself. Exits non-zero on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  childEnv,
  chromiumPath,
  ensureChromium,
  ensureCjkFonts,
  ensureDependencies,
  log,
  root,
  run,
} from './lib.mjs';
import { ensureLiveKitServer, startLiveKit } from './livekit.mjs';
import { ensureNodeRuntime } from './node-runtime.mjs';
import { ensureWebBuild } from './web-build.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Every failed or flaky browser test of the JSON report, with the folder holding its diagnostics. */
function e2eFailures(report) {
  const out = [];
  const visit = (suite, titles) => {
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const paths = (t.results ?? [])
          .flatMap((r) => (r.attachments ?? []).map((a) => a.path))
          .filter(Boolean);
        const message = (t.results ?? []).map((r) => r.error?.message).find(Boolean) ?? '';
        out.push({
          title: `${[...titles, spec.title].filter(Boolean).join(' > ')}${t.status === 'flaky' ? ' (flaky)' : ''}`,
          folder: paths.length > 0 ? relative(root, dirname(paths[0])) : '(no artifacts)',
          // CI keeps only the tail of the output: the error's first lines travel with the summary.
          error: String(message)
            // eslint-disable-next-line no-control-regex
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .filter((line) => line.trim() !== '')
            .slice(0, 3)
            .map((line) => line.slice(0, 240))
            .join('\n           '),
        });
      }
  };
  for (const suite of report?.suites ?? []) visit(suite, [suite.title]);
  return out;
}
const results = join(root, 'test-results');

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

// Before anything is installed: the install itself runs under Node 24 (no EBADENGINE, native modules
// built for it).
await ensureNodeRuntime();
log(`Node ${process.version} (${process.execPath})`);
await ensureDependencies();
const chromiumProblem = ensureChromium();
// Chinese and emoji glyphs for the screenshots (a warning only).
const fontProblem = chromiumProblem ? undefined : ensureCjkFonts();
if (fontProblem) log(fontProblem);
// The call tests need a real SFU: built once per user into the cache, like Chromium is installed.
const liveKit = ensureLiveKitServer();

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** @type {{ name: string, ok: boolean, detail?: string }[]} */
const steps = [];
async function step(name, command, args, options) {
  log(name);
  const started = Date.now();
  const code = await run(command, args, options);
  steps.push({
    name,
    ok: code === 0,
    detail: code === 0 ? undefined : `exit code ${code}`,
    ms: Date.now() - started,
  });
  return code === 0;
}

/** Where the time went, printed with the results (docs/test-quality.md keeps the table). */
const timings = [];
const runStarted = Date.now();
const duration = (ms) =>
  `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/**
 * The web app through the same stamped build as `npm start`: a run after an unchanged build skips it, and
 * `npm start` after `npm test` finds the stamp and does not build again.
 */
async function webBuildStep() {
  const started = Date.now();
  const code = await ensureWebBuild();
  steps.push({
    name: 'build the web app',
    ok: code === 0,
    detail: code === 0 ? undefined : `exit code ${code}`,
    ms: Date.now() - started,
  });
  return code === 0;
}

// Turbo's cache lives beside the other per-machine builds, outside the clone: a second clone of unchanged
// sources (what CI runs) replays typecheck and lint from the hashes of their inputs instead of rerunning them.
const turboCache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'teamim', 'turbo');
const turbo = [
  '--concurrency=2',
  '--output-logs=errors-only',
  '--log-prefix=task',
  `--cache-dir=${turboCache}`,
];
await step('typecheck (every workspace)', bin('turbo'), ['run', 'typecheck', ...turbo]);
await step('lint (ESLint, every workspace)', bin('turbo'), ['run', 'lint', ...turbo]);
await step('lint (root scripts and configs)', bin('eslint'), [
  'scripts',
  'eslint.config.js',
  'vitest.config.ts',
  '.dependency-cruiser.cjs',
]);
await step('format (Prettier)', bin('prettier'), ['--check', '--log-level=warn', '.']);
await step('layer boundaries (dependency-cruiser)', bin('depcruise'), [
  'packages',
  'apps',
  'tests',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);
// Files nothing imports, exports nobody uses, dependencies a workspace does not list or no longer needs
// (knip.jsonc names the entry points that are run by path rather than imported).
await step('unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress']);

log('unit, scenario, contract and integration tests (Vitest) with coverage of domain and application');
const vitestStarted = Date.now();
const vitestCode = await run(bin('vitest'), [
  'run',
  '--coverage',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, 'vitest.json')}`,
]);
timings.push({ name: 'Vitest', ms: Date.now() - vitestStarted });
const vitest = readJson(join(results, 'vitest.json'));
// A test file that fails to load (a throw at import, a syntax error) reports no tests at all, so it would
// not show in the failed-test count: each such file counts as one failure of its own.
const unloadedSuites = (vitest?.testResults ?? []).filter(
  (file) => file.status === 'failed' && !file.assertionResults?.some((test) => test.status === 'failed'),
);
for (const file of unloadedSuites)
  steps.push({
    name: `test file ${relative(root, file.name)}`,
    ok: false,
    detail: `failed outside its tests: ${String(file.message ?? '').split('\n')[0]}`,
  });
if (!vitest) steps.push({ name: 'vitest', ok: false, detail: `no report (exit code ${vitestCode})` });
else if (vitestCode !== 0 && vitest.numFailedTests === 0 && unloadedSuites.length === 0)
  // Coverage thresholds or a crashed worker fail the run without failing a single test.
  steps.push({ name: 'vitest run (thresholds, suites)', ok: false, detail: `exit code ${vitestCode}` });

/** Written by the browser tests' fixture: each SDK worker error its known list let through. */
const knownErrorsLog = join(results, 'known-console-errors.jsonl');

/** How often each tolerated SDK worker error was seen, and in how many tests: the list's remaining cost. */
function knownErrorsSummary() {
  if (!existsSync(knownErrorsLog)) return [];
  const byPattern = new Map();
  for (const row of readFileSync(knownErrorsLog, 'utf8').split('\n')) {
    if (row.trim() === '') continue;
    const { pattern, test } = JSON.parse(row);
    const seen = byPattern.get(pattern) ?? { lines: 0, tests: new Set() };
    seen.lines += 1;
    seen.tests.add(test);
    byPattern.set(pattern, seen);
  }
  return [
    `  tolerated SDK worker errors (${relative(root, knownErrorsLog)}):`,
    ...[...byPattern].map(
      ([pattern, seen]) => `    ${pattern}: ${seen.lines} lines in ${seen.tests.size} tests`,
    ),
  ];
}

let e2e;
if (chromiumProblem) {
  steps.push({ name: 'browser tests', ok: false, detail: chromiumProblem });
} else if (await webBuildStep()) {
  // Gzip size budgets of the sign-in page and of the JS to an interactive list, read from the build.
  await step('bundle size budgets', process.execPath, [join(root, 'scripts', 'bundle-budgets.mjs')]);
  log(`browser tests (Playwright driving ${chromiumPath})`);
  let sfu;
  if (liveKit.problem)
    steps.push({ name: 'LiveKit SFU for the call tests', ok: false, detail: liveKit.problem });
  else {
    try {
      sfu = await startLiveKit({ binary: liveKit.binary });
    } catch (error) {
      steps.push({ name: 'LiveKit SFU for the call tests', ok: false, detail: String(error.message) });
    }
  }
  rmSync(knownErrorsLog, { force: true });
  const playwrightStarted = Date.now();
  const code = await run(bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts'], {
    env: {
      ...childEnv,
      CHROMIUM_PATH: chromiumPath,
      // Empty when the SFU could not be had (already counted as a failure): the call tests skip then.
      LIVEKIT_URL: sfu?.url ?? '',
    },
  });
  await sfu?.stop();
  timings.push({ name: 'Playwright', ms: Date.now() - playwrightStarted });
  e2e = readJson(join(results, 'e2e.json'));
  if (!e2e) steps.push({ name: 'playwright', ok: false, detail: `no report (exit code ${code})` });
}

const vitestPassed = vitest?.numPassedTests ?? 0;
const vitestFailed = vitest?.numFailedTests ?? 0;
const vitestSkipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0);
const e2ePassed = e2e?.stats?.expected ?? 0;
// failOnFlakyTests makes Playwright fail the run; the summary counts them as failures too.
const e2eFlaky = e2e?.stats?.flaky ?? 0;
const e2eFailed = (e2e?.stats?.unexpected ?? 0) + e2eFlaky;
const e2eSkipped = e2e?.stats?.skipped ?? 0;
const stepsPassed = steps.filter((s) => s.ok).length;
const stepsFailed = steps.filter((s) => !s.ok);

console.log('\nResults');
for (const s of steps)
  console.log(
    `  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name}${s.detail ? ` (${s.detail})` : ''}${s.ms === undefined ? '' : `, ${duration(s.ms)}`}`,
  );
for (const t of timings) console.log(`  time ${t.name}: ${duration(t.ms)}`);
console.log(`  time in all (after the installs): ${duration(Date.now() - runStarted)}`);
console.log(`  Vitest: ${vitestPassed} passed, ${vitestFailed} failed, ${vitestSkipped} skipped or todo`);
// The failures again at the very end: CI keeps only the tail of the output.
for (const file of vitest?.testResults ?? [])
  for (const test of file.assertionResults ?? [])
    if (test.status === 'failed')
      console.log(
        `    FAIL ${relative(root, file.name)} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
console.log(
  `  Playwright: ${e2ePassed} passed, ${e2eFailed} failed, ${e2eFlaky} flaky (passed on a retry: a failure), ${e2eSkipped} skipped`,
);
for (const failure of e2eFailures(e2e))
  console.log(
    `    FAIL ${failure.title}\n         ${failure.error}\n         trace, screenshots, page states, console.txt, server.log: ${failure.folder}`,
  );
for (const line of knownErrorsSummary()) console.log(line);
if (!existsSync(join(root, 'coverage', 'coverage-summary.json')))
  console.log('  (no coverage summary written)');

const passed = stepsPassed + vitestPassed + e2ePassed;
const failed = stepsFailed.length + vitestFailed + e2eFailed;
console.log(`Summary: ${passed} passed, ${failed} failed, ${vitestSkipped + e2eSkipped} skipped`);
process.exit(failed === 0 && vitestCode === 0 ? 0 : 1);
