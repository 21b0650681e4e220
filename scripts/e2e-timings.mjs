// Where the browser tests' time goes, from Playwright's JSON report (test-results/e2e.json by default):
// per file the number of tests, the summed test time, and the sign-ins with what they cost (the chat API's
// login and the app's load up to /chat, then the SDK's start and first sync up to the first conversation;
// support/users.ts records them as `sign-in` annotations). Prints a Markdown table, slowest file first.
//
//   node scripts/e2e-timings.mjs [report.json]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const path = process.argv[2] ?? join(root, 'test-results', 'e2e.json');
const report = JSON.parse(readFileSync(path, 'utf8'));

/** @type {Map<string, { tests: number, ms: number, signIns: number, formMs: number, syncMs: number, failed: number }>} */
const files = new Map();
const visit = (suite, file) => {
  for (const child of suite.suites ?? []) visit(child, file);
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      const row = files.get(file) ?? { tests: 0, ms: 0, signIns: 0, formMs: 0, syncMs: 0, failed: 0 };
      row.tests += 1;
      if (t.status !== 'expected' && t.status !== 'skipped') row.failed += 1;
      for (const result of t.results ?? []) {
        row.ms += result.duration ?? 0;
        for (const note of result.annotations ?? t.annotations ?? []) {
          if (note.type !== 'sign-in') continue;
          const [, form, sync] = String(note.description).split(' ');
          row.signIns += 1;
          row.formMs += Number(form);
          row.syncMs += Number(sync);
        }
      }
      files.set(file, row);
    }
};
for (const suite of report.suites ?? []) visit(suite, suite.file ?? suite.title);

const s = (ms) => (ms / 1000).toFixed(1);
const rows = [...files.entries()].sort((a, b) => b[1].ms - a[1].ms);
console.log(
  '| file | tests | test time (s) | sign-ins | to /chat (s, mean) | SDK start + first sync (s, mean) | failed |',
);
console.log('| --- | --: | --: | --: | --: | --: | --: |');
let total = { tests: 0, ms: 0, signIns: 0, formMs: 0, syncMs: 0, failed: 0 };
for (const [file, r] of rows) {
  console.log(
    `| ${file} | ${r.tests} | ${s(r.ms)} | ${r.signIns} | ${r.signIns ? s(r.formMs / r.signIns) : '-'} | ${r.signIns ? s(r.syncMs / r.signIns) : '-'} | ${r.failed} |`,
  );
  total = Object.fromEntries(Object.keys(total).map((k) => [k, total[k] + r[k]]));
}
console.log(
  `| **all** | ${total.tests} | ${s(total.ms)} | ${total.signIns} | ${total.signIns ? s(total.formMs / total.signIns) : '-'} | ${total.signIns ? s(total.syncMs / total.signIns) : '-'} | ${total.failed} |`,
);
const wall = report.stats?.duration;
if (wall !== undefined)
  console.log(
    `\nWall time ${s(wall)} s with ${report.config?.metadata?.actualWorkers ?? '?'} workers; sign-ins took ${s(total.formMs + total.syncMs)} s of test time.`,
  );
