// Builds the web app only when its inputs changed since the last build: `npm start` and
// `npm run test:e2e` both need it, and a full Vite build takes half a minute. A build is also kept on the
// machine (beside the Node and LiveKit builds) under the hash of its inputs' contents, so that another clone
// of the same sources (CI's fresh clone) copies it instead of building again. Node built-ins only.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { log, root, run } from './lib.mjs';

/** What the web bundle is built from: the web app and the client packages, plus the lockfile. */
const INPUT_DIRS = [
  'apps/web',
  'packages/domain',
  'packages/application',
  'packages/adapters-openim',
  'packages/adapters-http',
  'packages/adapters-livekit',
  'packages/ui-react',
];
const INPUT_FILES = ['package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.turbo', 'coverage']);
/** Written by the build itself (the SDK's assets, copied from node_modules: the lockfile stands for them). */
const GENERATED = new Set(['apps/web/public/openim']);
const STAMP = 'apps/web/dist/.inputs-stamp';
/** How many builds the machine keeps (each about 75 MB, most of it the SDK's wasm and its compressed copies). */
const KEPT_BUILDS = 3;

function walk(base, dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (GENERATED.has(relative(base, path))) continue;
    if (entry.isDirectory()) walk(base, path, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
}

/**
 * A hash of every input's path and contents (about 3.5 MB, read in a few tens of milliseconds), of the
 * `VITE_` variables the build reads and of Node's version: any edit, added or removed file changes it, and
 * the same sources in another clone give the same hash. Tests are left out, as they are not part of the bundle.
 */
export function webInputsStamp(base = root, env = process.env) {
  const files = [];
  for (const dir of INPUT_DIRS) walk(base, join(base, dir), files);
  for (const file of INPUT_FILES) if (existsSync(join(base, file))) files.push(join(base, file));
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\n`);
  for (const [name, value] of Object.entries(env).sort())
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\n`);
  for (const file of files.sort()) {
    hash.update(`${relative(base, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Where this machine keeps its web builds, one folder per inputs hash. */
export function webBuildCache(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'teamim', 'web-builds');
}

/** Copies the machine's build of these inputs into the clone; false when there is none. */
export function restoreWebBuild(base, cache, stamp) {
  const kept = join(cache, stamp);
  if (!existsSync(join(kept, 'index.html'))) return false;
  const dist = join(base, 'apps/web/dist');
  rmSync(dist, { recursive: true, force: true });
  cpSync(kept, dist, { recursive: true });
  writeFileSync(join(base, STAMP), `${stamp}\n`);
  return true;
}

/** Keeps the clone's build for other clones of the same sources, and only the newest few builds. */
export function keepWebBuild(base, cache, stamp) {
  mkdirSync(cache, { recursive: true });
  const partial = join(cache, `.${stamp}-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  cpSync(join(base, 'apps/web/dist'), partial, { recursive: true });
  rmSync(join(cache, stamp), { recursive: true, force: true });
  // A rename is atomic: another clone's test run never copies half a build.
  renameSync(partial, join(cache, stamp));
  const builds = readdirSync(cache)
    .filter((name) => !name.startsWith('.'))
    .map((name) => ({ name, at: statSync(join(cache, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEPT_BUILDS))
    rmSync(join(cache, old.name), { recursive: true, force: true });
}

export function webBuildIsCurrent(base = root) {
  const stamp = join(base, STAMP);
  return existsSync(join(base, 'apps/web/dist/index.html')) && existsSync(stamp)
    ? readFileSync(stamp, 'utf8').trim() === webInputsStamp(base)
    : false;
}

/** Builds the web app unless the last build is of the same inputs; resolves with the exit code. */
export async function ensureWebBuild() {
  if (webBuildIsCurrent()) {
    log('The web app is up to date (no source changed since its last build)');
    return 0;
  }
  const stamp = webInputsStamp();
  const cache = webBuildCache();
  if (restoreWebBuild(root, cache, stamp)) {
    log(`The web app of these sources was built on this machine before: copied from ${cache}`);
    return 0;
  }
  log('Building the web app');
  const code = await run('npm', ['run', 'build', '-w', '@teamim/web']);
  if (code !== 0) return code;
  writeFileSync(join(root, STAMP), `${stamp}\n`);
  try {
    keepWebBuild(root, cache, stamp);
  } catch (error) {
    // A full disk or a read-only cache costs the next clone a build, nothing more.
    console.warn(`The web build could not be kept in ${cache}: ${error.message}`);
  }
  return 0;
}

// `node scripts/web-build.mjs`: the same step on its own (used by `npm run test:e2e`).
if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exit(await ensureWebBuild());
}
