// Merges Stryker reports of separate runs over disjoint files of one package (side runs with MUTATION_RUN,
// slices run side by side on a busy machine) into one incremental cache:
// `node scripts/mutation-merge.mjs <out.json> <report.json> [<report.json> ...]`
// Each report numbers its tests on its own, so a mutant's `killedBy`/`coveredBy` are mapped through the
// test's file, name and position to the merged numbering. A file mutated in several reports keeps the
// mutants of the last report that has it. The test sources come from the last report with each test file;
// a report that saw another version of a test file keeps none of that file's tests in its mutants' lists,
// so that Stryker's next incremental run tests those mutants again rather than trusting results of a test
// that changed since. Absolute paths (projectRoot, config) are dropped.
// `<report.json>=<file>,<file>` keeps only those mutated files of a report (paths ending so): a side run
// started from a copy of the cache carries every other file over unchecked, and must not replace a newer
// run's results for them.
import { readFileSync, writeFileSync } from 'node:fs';
import { root } from './lib.mjs';

const [out, ...inputs] = process.argv.slice(2);
if (out === undefined || inputs.length === 0) {
  console.error('usage: node scripts/mutation-merge.mjs <out.json> <report.json> [<report.json> ...]');
  process.exit(2);
}

const key = (fileName, test) =>
  `${fileName}\u0000${test.name}\u0000${test.location?.start.line ?? ''}:${test.location?.start.column ?? ''}`;

/** @type {Record<string, { source?: string, tests: { id: string, name: string, location?: unknown }[] }>} */
const testFiles = {};
/** @type {Record<string, unknown>} */
const files = {};
const merged = new Map();
let schemaVersion = '1.0';
let thresholds;

const reports = inputs.map((input) => {
  const [path, only] = input.split('=');
  const report = JSON.parse(readFileSync(path, 'utf8'));
  if (only !== undefined) {
    const keep = only.split(',');
    report.files = Object.fromEntries(
      Object.entries(report.files).filter(([fileName]) => keep.some((end) => fileName.endsWith(end))),
    );
  }
  return report;
});
for (const report of reports) {
  for (const [fileName, testFile] of Object.entries(report.testFiles ?? {})) testFiles[fileName] = testFile;
}
// Number the tests of the merged set once.
for (const [fileName, testFile] of Object.entries(testFiles)) {
  testFile.tests = testFile.tests.map((test) => {
    const id = String(merged.size);
    merged.set(key(fileName, test), id);
    return { ...test, id };
  });
}
for (const report of reports) {
  schemaVersion = report.schemaVersion ?? schemaVersion;
  thresholds = report.thresholds ?? thresholds;
  const own = new Map();
  for (const [fileName, testFile] of Object.entries(report.testFiles ?? {})) {
    if (testFile.source !== testFiles[fileName]?.source) continue;
    for (const test of testFile.tests) own.set(test.id, key(fileName, test));
  }
  // A test no longer in the merged set (changed since) is left out: Stryker then re-tests what it covered.
  const remap = (ids) => ids?.map((id) => merged.get(own.get(id))).filter((id) => id !== undefined);
  for (const [fileName, file] of Object.entries(report.files)) {
    files[fileName] = {
      ...file,
      mutants: file.mutants.map((mutant) => ({
        ...mutant,
        killedBy: remap(mutant.killedBy),
        coveredBy: remap(mutant.coveredBy),
      })),
    };
  }
}
// Stack traces in the reasons of runtime errors name the checkout's absolute path: make them relative.
const json = JSON.stringify({ schemaVersion, thresholds, files, testFiles }, null, 2)
  .split(`${root}/`)
  .join('');
writeFileSync(out, `${json}\n`);
console.log(`${out}: ${Object.keys(files).length} files, ${merged.size} tests`);
