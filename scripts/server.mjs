// `npm run server -- [flags]`: the local server alone (see `npm run server -- --help`).
import { join } from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';
import { ensureNodeRuntime } from './node-runtime.mjs';

await ensureNodeRuntime();
await ensureDependencies();
process.exit(
  await run(join(root, 'node_modules', '.bin', 'tsx'), [
    join(root, 'apps', 'server', 'src', 'main.ts'),
    ...process.argv.slice(2),
  ]),
);
