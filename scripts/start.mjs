// `npm start`: installs what is missing, builds the web app when its sources changed, then starts the local server (which also
// serves the web app) with the demo data, and prints the URL and the demo accounts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, log, root, run } from './lib.mjs';
import { ensureWebBuild } from './web-build.mjs';

await ensureDependencies();

const serverEntry = join(root, 'apps', 'server', 'src', 'main.ts');
const webEntry = join(root, 'apps', 'web', 'index.html');
const extraArgs = process.argv.slice(2);

if (existsSync(webEntry)) {
  const code = await ensureWebBuild();
  if (code !== 0) process.exit(code);
}

if (!existsSync(serverEntry)) {
  // Until apps/server exists there is nothing to serve the API; show the built web app on its own.
  console.log('\napps/server is not built yet (see issue "Local server, part 1"); serving only the web app.');
  process.exit(await run('npm', ['run', 'preview', '-w', '@teamim/web', '--', '--host', '127.0.0.1']));
}

log('Starting the local server with the demo data');
process.exit(
  await run(join(root, 'node_modules', '.bin', 'tsx'), [
    serverEntry,
    '--seed',
    'demo',
    '--dev',
    ...extraArgs,
  ]),
);
