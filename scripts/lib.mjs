// Shared helpers for the README's two commands. Only Node built-ins here: these scripts run before
// `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Environment for every child process: no binary downloads (impossible here), no telemetry. */
export const childEnv = {
  ...process.env,
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
};

export function log(message) {
  console.log(`\n\u25b6 ${message}`);
}

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: childEnv, ...options });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function workspaceManifests() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return [join(root, 'package.json'), ...manifest.workspaces.map((w) => join(root, w, 'package.json'))];
}

/** Installs dependencies when node_modules is missing or older than the lockfile or any manifest. */
export async function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const newest = Math.max(mtime(lock), ...workspaceManifests().map(mtime));
  if (existsSync(installed) && mtime(installed) >= newest) return ensureNativeModules();
  // `npm install` rather than `npm ci`: it honours the lockfile just the same, while npm ci rejects a
  // lockfile that lacks other platforms' optional packages (turbo's), which npm itself sometimes writes.
  log('Installing dependencies (npm install); this takes a few minutes');
  const code = await run('npm', ['install', '--no-audit', '--no-fund']);
  if (code !== 0) {
    console.error('Dependency installation failed; see the npm output above.');
    process.exit(code);
  }
  return ensureNativeModules();
}

/**
 * Native modules are built for one Node ABI: a node_modules installed under another Node (an older
 * checkout, or a switch of runtime) is rebuilt for this one. Loading the module is the check.
 */
export async function ensureNativeModules() {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: root,
    stdio: 'ignore',
  });
  if (probe.status === 0) return;
  log(`Rebuilding better-sqlite3 for Node ${process.versions.node} (it was built for another Node)`);
  const code = await run('npm', ['rebuild', 'better-sqlite3']);
  if (code !== 0) {
    console.error('Rebuilding better-sqlite3 failed; see the npm output above.');
    process.exit(code);
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Makes sure the system Chromium exists (browser downloads are impossible here, so Playwright drives
 * Debian's package). Returns an error message when it cannot be installed.
 */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return undefined;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    return (
      `Chromium was not found at ${chromiumPath}. Install it with 'sudo apt-get install -y chromium' ` +
      '(Debian/Ubuntu) or set CHROMIUM_PATH to an existing Chromium binary.'
    );
  }
  log("Installing Debian's chromium (needed by the browser tests)");
  const env = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) return `apt-get ${args.join(' ')} failed with exit code ${result.status}.`;
  }
  return existsSync(chromiumPath) ? undefined : `apt-get installed chromium but ${chromiumPath} is missing.`;
}

// Screenshots the e2e suite takes show boxes instead of Chinese or emoji without these fonts.
const fontPackages = [
  { name: 'fonts-noto-cjk', file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc' },
  { name: 'fonts-noto-color-emoji', file: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf' },
];

/**
 * Installs Debian's CJK and colour-emoji fonts once, as Chromium is installed (a check of one file each
 * on later runs). Returns a warning, never a failure: only the pictures suffer without them.
 */
export function ensureCjkFonts() {
  const missing = fontPackages.filter((font) => !existsSync(font.file)).map((font) => font.name);
  if (missing.length === 0) return undefined;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    return `screenshots will show boxes: install Debian's ${missing.join(' and ')} (sudo apt-get install -y ${missing.join(' ')}).`;
  }
  log(`Installing Debian's ${missing.join(' and ')} (Chinese and emoji in the screenshots)`);
  const env = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env,
    });
  let result = install();
  // Stale package lists: refresh once and try again.
  if (result.status !== 0 && spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0) {
    result = install();
  }
  if (result.status === 0 && fontPackages.every((font) => existsSync(font.file))) return undefined;
  return `apt-get install ${missing.join(' ')} failed (exit code ${result.status}); screenshots will show boxes.`;
}
