// Mutation testing of one package in slices, for a machine too busy to run a package in one go:
// `node scripts/mutation-slices.mjs application messages,wallet calls,groups ...`
// Each argument after the package is a slice (comma-separated folders or files under packages/<p>/src).
// Stryker writes its incremental cache with only the files of the run that wrote it, so the slices are
// cumulative: the n-th run mutates slices 1..n, reuses the results of 1..n-1 from the cache (only the
// mutants whose code or covering tests changed since are tested again) and tests slice n. An interrupted
// slice loses only its own work. Once every folder is in, `npm run test:mutation` reuses the whole cache.
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
