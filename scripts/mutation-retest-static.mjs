// Drops the static mutants that survived (or had no coverage) from a Stryker incremental cache:
// `node scripts/mutation-retest-static.mjs <cache.json> [<out.json>]` (default: in place).
// A static mutant is evaluated when its module loads, so Stryker records no test as covering it, and its
// incremental rules then reuse a cached "survived" even after a new test file that imports the module (and
// would kill it) was added. Without its entry the next incremental run tests it again. Killed ones stay.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output = input] = process.argv.slice(2);
if (input === undefined) {
  console.error('usage: node scripts/mutation-retest-static.mjs <cache.json> [<out.json>]');
  process.exit(2);
}
const cache = JSON.parse(readFileSync(input, 'utf8'));
let dropped = 0;
for (const file of Object.values(cache.files)) {
  const keep = file.mutants.filter(
    (m) => !(m.static && (m.status === 'Survived' || m.status === 'NoCoverage')),
  );
  dropped += file.mutants.length - keep.length;
  file.mutants = keep;
}
writeFileSync(output, `${JSON.stringify(cache, null, 2)}\n`);
console.log(`${output}: ${dropped} static survivor(s) dropped, to be tested again by the next run`);
