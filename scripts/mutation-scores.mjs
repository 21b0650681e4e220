// Prints the mutation score of each package from Stryker's JSON report (reports/mutation/mutation.json),
// as Stryker counts it: detected (killed or timed out) over valid mutants (detected, survived, no
// coverage). Mutants that crash the run (runtime or compile errors) and ignored ones are listed apart.
// Usage: node scripts/mutation-scores.mjs [report.json ...] (default: the reports scripts/mutation.mjs writes)
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

const reportPaths =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['domain', 'application'].map((name) => join(root, 'reports', 'mutation', name, 'mutation.json'));
/** @type {Record<string, { mutants: { status: string }[] }>} */
const files = {};
for (const path of reportPaths) {
  if (!existsSync(path)) {
    console.log(`(no report at ${relative(root, path)})`);
    continue;
  }
  Object.assign(files, JSON.parse(readFileSync(path, 'utf8')).files);
}
const report = { files };

const packageOf = (file) => {
  const path = relative(root, join(root, file)).split('\\').join('/');
  const match = /^(packages|apps)\/([^/]+)\//.exec(path);
  return match ? `${match[1]}/${match[2]}` : 'other';
};

/** @type {Map<string, Record<string, number>>} */
const totals = new Map();
for (const [file, { mutants }] of Object.entries(report.files)) {
  const counts = totals.get(packageOf(file)) ?? {};
  for (const { status } of mutants) counts[status] = (counts[status] ?? 0) + 1;
  totals.set(packageOf(file), counts);
}

const n = (counts, status) => counts[status] ?? 0;
for (const [name, counts] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
  const detected = n(counts, 'Killed') + n(counts, 'Timeout');
  const undetected = n(counts, 'Survived') + n(counts, 'NoCoverage');
  const score = detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected);
  console.log(
    `${name}: ${score.toFixed(2)}% (${detected} detected: ${n(counts, 'Killed')} killed, ` +
      `${n(counts, 'Timeout')} timed out; ${undetected} undetected: ${n(counts, 'Survived')} survived, ` +
      `${n(counts, 'NoCoverage')} without coverage; ${n(counts, 'RuntimeError') + n(counts, 'CompileError')} ` +
      `errors, ${n(counts, 'Ignored')} ignored)`,
  );
}
