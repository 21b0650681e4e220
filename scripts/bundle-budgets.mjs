// Size budgets of the web build (gzip): what the sign-in page loads, and what the browser loads until the
// conversation list is interactive. Read from Vite's manifest (apps/web/dist/.vite/manifest.json): each
// budget names the modules that start its chunks, and counts those chunks with every chunk they import
// statically (what the browser has to fetch before it can run them). `npm test` runs this after the web
// build; `node scripts/bundle-budgets.mjs [distDir]` prints the figures. It also fails a build that
// carries a module the page must do without (EXCLUDED_MODULES). Node built-ins only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** The modules the sign-in page starts with: the entry and the default locale's strings (loaded at start). */
const SIGN_IN = ['index.html', /packages\/domain\/src\/i18n\/locales\/en-US\.ts$/];

/**
 * The budgets. `starts` are manifest keys (or patterns of them); `extra` are files outside the manifest
 * (paths in dist, or patterns of them). The interactive list adds what sign-in loads on the way to the
 * list: the signed-in root (SDK adapters, DI, services), the SDK's JS with its database worker and its Go
 * runtime glue, the shell and the chat list. Checked against `npm run bench:web`
 * (jsGzipBytesToInteractive, what the browser fetched), which it matches to within a few KB.
 */
export const BUDGETS = [
  { name: 'sign-in page', maxGzipBytes: 200 * KB, starts: SIGN_IN, extra: ['prerendered.js'] },
  {
    name: 'JS to an interactive conversation list',
    // Half of what OpenIM's demo client loads to its list (861 KB); the build is at 412 KB
    // (docs/benchmarks.md). Lower it with every cut, never raise it.
    maxGzipBytes: 430 * KB,
    starts: [
      ...SIGN_IN,
      // apps/web/src/signed-in.ts: its own entry, or a chunk of that name when the desktop chunk shares it.
      /^(src\/signed-in\.ts|_signed-in-[\w-]+\.js)$/,
      // The SDK's JS and the database worker it starts (not the legacy one, for older browsers).
      /@openim\/wasm-client-sdk\/lib\/(index\.es|worker)\.js$/,
      // The shell: its own entry, or a chunk of that name when its lazily loaded menus share some of it.
      /(packages\/ui-react\/src\/shell\/Shell\.tsx|^_Shell-[\w-]+\.js)$/,
      /packages\/ui-react\/src\/chat\/index\.ts$/,
    ],
    extra: ['prerendered.js', 'openim/wasm_exec.js'],
  },
];

/**
 * Modules no chunk may carry, read from the build's source maps. Griffel's run-time style resolver (with
 * its shorthands) and rtl-css-js: the build computes every makeStyles into its CSS (vite.config.ts,
 * stylesAheadOfTime), and a makeStyles outside what that transform reads would quietly bring them back, to
 * be loaded, compiled and run on every page.
 */
export const EXCLUDED_MODULES = [
  /\/node_modules\/@griffel\/core\/src\/runtime\/resolveStyleRules\.js$/,
  /\/node_modules\/rtl-css-js\//,
];

/** The excluded modules the build carries, with the chunk that has each (none for a clean build). */
export function excludedModules(distDir, excluded = EXCLUDED_MODULES) {
  const maps = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.js.map'));
  if (maps.length === 0) throw new Error(`no source maps in ${distDir}/assets: the check reads them`);
  return maps.flatMap((map) => {
    const { sources = [] } = JSON.parse(readFileSync(join(distDir, 'assets', map), 'utf8'));
    return sources
      .filter((source) => excluded.some((pattern) => pattern.test(source)))
      .map((source) => ({ chunk: `assets/${map.slice(0, -'.map'.length)}`, module: source }));
  });
}

const matches = (pattern, key) => (typeof pattern === 'string' ? pattern === key : pattern.test(key));

/** The JS files of `starts` and of every chunk they import statically, once each. */
export function chunkFiles(manifest, starts) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const pattern of starts) {
    const keys = Object.keys(manifest).filter((key) => matches(pattern, key));
    if (keys.length === 0) throw new Error(`no chunk in the build starts with ${String(pattern)}`);
    keys.forEach(visit);
  }
  return [...files];
}

const gzipSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The files of `extra`: a path as it is, a pattern matched against every file of dist (and it must match). */
function extraFiles(distDir, extra) {
  const all = readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath ?? e.path, e.name)
        .slice(distDir.length + 1)
        .replaceAll('\\', '/'),
    );
  return extra.flatMap((pattern) => {
    if (typeof pattern === 'string') return [pattern];
    const found = [...all].filter((file) => pattern.test(file));
    if (found.length === 0) throw new Error(`no file in the build matches ${String(pattern)}`);
    return found;
  });
}

/** Each budget with its files and their gzip sizes, and whether it is kept. */
export function checkBudgets(distDir, budgets = BUDGETS) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return budgets.map((budget) => {
    const files = [...chunkFiles(manifest, budget.starts), ...extraFiles(distDir, budget.extra ?? [])].map(
      (file) => ({
        file,
        gzipBytes: gzipSize(join(distDir, file)),
      }),
    );
    const gzipBytes = files.reduce((n, f) => n + f.gzipBytes, 0);
    return {
      name: budget.name,
      maxGzipBytes: budget.maxGzipBytes,
      gzipBytes,
      ok: gzipBytes <= budget.maxGzipBytes,
      files,
    };
  });
}

/** One line per budget, and for a budget that is exceeded its files, largest first. */
export function report(results) {
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  return results
    .flatMap((r) => [
      `${r.ok ? 'ok  ' : 'OVER'} ${r.name}: ${kb(r.gzipBytes)} gzip (budget ${kb(r.maxGzipBytes)})`,
      ...(r.ok
        ? []
        : [...r.files]
            .sort((a, b) => b.gzipBytes - a.gzipBytes)
            .map((f) => `       ${kb(f.gzipBytes)} ${f.file}`)),
    ])
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? join(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/dist');
  const results = checkBudgets(distDir);
  console.log(report(results));
  const carried = excludedModules(distDir);
  for (const { chunk, module } of carried) console.log(`EXCLUDED module ${module} in ${chunk}`);
  process.exit(results.every((r) => r.ok) && carried.length === 0 ? 0 : 1);
}
