// `npm run test:mutation`: Stryker over packages/domain, then packages/application, each with its own
// report (reports/mutation/<package>/index.html and mutation.json), then the per-package scores.
// Extra arguments go to Stryker, e.g. `npm run test:mutation -- --concurrency 2`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, root, run } from './lib.mjs';

const stryker = join(root, 'node_modules', '.bin', 'stryker');
let failed = false;
for (const name of ['domain', 'application']) {
  console.log(`\nMutation testing packages/${name}`);
  const code = await run(stryker, ['run', ...process.argv.slice(2)], {
    env: { ...childEnv, MUTATION_PACKAGE: name },
  });
  failed ||= code !== 0;
  // The cache is committed: rewrite it without the absolute paths Stryker puts in (projectRoot, config).
  const cache = join(root, 'reports', `stryker-incremental-${name}.json`);
  if (existsSync(cache))
    await run(process.execPath, [join(root, 'scripts', 'mutation-merge.mjs'), cache, cache]);
}
console.log('\nMutation scores');
await run(process.execPath, [
  join(root, 'scripts', 'mutation-scores.mjs'),
  join(root, 'reports', 'mutation', 'domain', 'mutation.json'),
  join(root, 'reports', 'mutation', 'application', 'mutation.json'),
]);
process.exit(failed ? 1 : 0);
