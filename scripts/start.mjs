// `npm start`: installs what is missing, builds the web app when its sources changed, then starts the local server (which also
// serves the web app) with the demo data, and prints the URL and the demo accounts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, log, root, run } from './lib.mjs';
import { ensureLiveKitServer, startLiveKit } from './livekit.mjs';
import { ensureNodeRuntime } from './node-runtime.mjs';
import { ensureWebBuild } from './web-build.mjs';

const serverEntry = join(root, 'apps', 'server', 'src', 'main.ts');
const webEntry = join(root, 'apps', 'web', 'index.html');
const extraArgs = process.argv.slice(2);
const tsx = join(root, 'node_modules', '.bin', 'tsx');

// Help at once: no runtime fetch, no install, no build, no server.
if (extraArgs.includes('--help') || extraArgs.includes('-h')) {
  console.log('Usage: npm start [-- <server options>]');
  console.log('Installs what is missing, builds the web app when its sources changed, starts a LiveKit SFU');
  console.log('for calls and the local server with the demo data (http://127.0.0.1:10002/ by default).\n');
  if (!existsSync(tsx)) {
    console.log('The server options are listed once the dependencies are installed (npm install).');
    process.exit(0);
  }
  process.exit(await run(tsx, [serverEntry, '--help']));
}

await ensureNodeRuntime();
await ensureDependencies();

if (existsSync(webEntry)) {
  const code = await ensureWebBuild();
  if (code !== 0) process.exit(code);
}

if (!existsSync(serverEntry)) {
  // Until apps/server exists there is nothing to serve the API; show the built web app on its own.
  console.log('\napps/server is not built yet (see issue "Local server, part 1"); serving only the web app.');
  process.exit(await run('npm', ['run', 'preview', '-w', '@teamim/web', '--', '--host', '127.0.0.1']));
}

/**
 * Calls need a LiveKit SFU: unless one is configured (--livekit-url or TEAMIM_LIVEKIT_URL), start the
 * cached livekit-server on loopback (building it once when missing) and hand its URL to the server.
 */
async function startCallServer() {
  if (extraArgs.some((a) => a.startsWith('--livekit-url')) || process.env.TEAMIM_LIVEKIT_URL)
    return undefined;
  const installed = ensureLiveKitServer();
  if (installed.problem) {
    console.log(`\nCalls are unavailable: ${installed.problem}`);
    console.log('Calls will report "no livekit url provided" until a LiveKit server is configured.');
    return undefined;
  }
  try {
    const sfu = await startLiveKit({ binary: installed.binary });
    log(`LiveKit SFU for calls at ${sfu.url} (pid ${sfu.pid}, log ${sfu.logFile})`);
    return sfu;
  } catch (error) {
    console.log(`\nCalls are unavailable: livekit-server did not start (${error.message}).`);
    console.log('Calls will report "no livekit url provided" until a LiveKit server is configured.');
    return undefined;
  }
}

const sfu = await startCallServer();
log('Starting the local server with the demo data');
const code = await run(tsx, [
  serverEntry,
  '--seed',
  'demo',
  '--dev',
  ...(sfu ? ['--livekit-url', sfu.url] : []),
  ...extraArgs,
]);
await sfu?.stop();
process.exit(code);
