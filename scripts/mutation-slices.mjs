// Mutation testing of one package in slices, for a machine too busy to run a package in one go:
// `node scripts/mutation-slices.mjs application messages,wallet calls,groups ...`
// Each argument after the package is a slice (comma-separated folders or files under packages/<p>/src).
// Stryker writes results only when a run ends, so a package is cut into runs that can end in time. The
// slices are cumulative: the n-th run mutates slices 1..n, so Stryker checks the cached results of 1..n-1
// against the current code and tests (re-testing only what changed) rather than carrying them over
// unchecked, as it does for files outside `--mutate`. An interrupted slice loses only its own work.
import { join } from 'node:path';
import { childEnv, root, run } from './lib.mjs';

const [pkg, ...slices] = process.argv.slice(2);
if (pkg === undefined || slices.length === 0) {
  console.error('usage: node scripts/mutation-slices.mjs <package> <slice> [<slice> ...]');
  process.exit(2);
}
const stryker = join(root, 'node_modules', '.bin', 'stryker');
const glob = (part) =>
  part.endsWith('.ts') ? `packages/${pkg}/src/${part}` : `packages/${pkg}/src/${part}/**/*.ts`;
const done = [];
for (const slice of slices) {
  done.push(...slice.split(',').map(glob));
  const mutate = [...done, '!**/*.test.ts', '!**/testing/**'].join(',');
  console.log(`\n[${new Date().toISOString()}] Mutation testing ${mutate}`);
  const code = await run(stryker, ['run', '--mutate', mutate], {
    env: { ...childEnv, MUTATION_PACKAGE: pkg },
  });
  if (code !== 0) process.exit(code);
}
console.log(`\n[${new Date().toISOString()}] done`);
