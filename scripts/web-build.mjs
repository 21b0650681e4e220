// Builds the web app only when its inputs changed since the last build: `npm start` and
// `npm run test:e2e` both need it, and a full Vite build takes half a minute. Node built-ins only.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
const STAMP = 'apps/web/dist/.inputs-stamp';

function walk(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
}

/**
 * A hash of every input's path, size and modification time: any edit, added or removed file changes it.
 * Tests are left out, as they are not part of the bundle.
 */
export function webInputsStamp(base = root) {
  const files = [];
  for (const dir of INPUT_DIRS) walk(join(base, dir), files);
  for (const file of INPUT_FILES) if (existsSync(join(base, file))) files.push(join(base, file));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(base, file)}\0${size}\0${Math.trunc(mtimeMs)}\n`);
  }
  return hash.digest('hex');
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
  log('Building the web app');
  const stamp = webInputsStamp();
  const code = await run('npm', ['run', 'build', '-w', '@teamim/web']);
  if (code === 0) writeFileSync(join(root, STAMP), `${stamp}\n`);
  return code;
}

// `node scripts/web-build.mjs`: the same step on its own (used by `npm run test:e2e`).
if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exit(await ensureWebBuild());
}
