import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createReadStream, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type * as Domain from '@teamim/domain';
import type * as UiPrerender from '@teamim/ui-react/prerender';
import griffel from '@griffel/vite-plugin';
import { createServer, defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const OPENIM_ASSETS = ['openIM.wasm', 'sql-wasm.wasm', 'wasm_exec.js'] as const;

/**
 * Copies the SDK's wasm assets from node_modules into public/openim/ (git-ignored), so both the dev
 * server and the build serve them at /openim/. They are never committed.
 */
function openimAssets(): Plugin {
  return {
    name: 'teamim-openim-assets',
    buildStart() {
      const require = createRequire(import.meta.url);
      // The package exports only its entry; its assets folder sits next to lib/.
      const sdkRoot = join(dirname(require.resolve('@openim/wasm-client-sdk')), '..');
      const target = join(here, 'public', 'openim');
      mkdirSync(target, { recursive: true });
      for (const name of OPENIM_ASSETS) {
        const source = join(sdkRoot, 'assets', name);
        if (!existsSync(source)) throw new Error(`missing SDK asset ${source}`);
        const destination = join(target, name);
        if (existsSync(destination) && statSync(destination).size === statSync(source).size) continue;
        copyFileSync(source, destination);
      }
    },
  };
}

interface Prerendered {
  readonly pages: Readonly<Record<string, string>>;
  readonly styles: string;
  readonly localeKey: string;
  readonly defaultLocale: string;
}

/** Renders the sign-in page with React's server renderer, through Vite (the packages are TS source). */
async function renderSignIn(): Promise<Prerendered> {
  const server = await createServer({
    configFile: false,
    root: here,
    logLevel: 'error',
    esbuild: { jsx: 'automatic' },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
  });
  try {
    const { prerenderSignIn } = (await server.ssrLoadModule(
      '@teamim/ui-react/prerender',
    )) as typeof UiPrerender;
    const { STORAGE_KEYS, DEFAULT_LOCALE } = (await server.ssrLoadModule('@teamim/domain')) as typeof Domain;
    const { pages, styles } = await prerenderSignIn();
    return { pages, styles, localeKey: STORAGE_KEYS.local.locale, defaultLocale: DEFAULT_LOCALE };
  } finally {
    await server.close();
  }
}

/**
 * Puts the sign-in page, rendered at build time in every locale, into index.html, hidden; a small
 * classic script shows the stored locale's copy when the path is /login, so the browser paints the
 * real page before the app's JS has loaded. The copy is inert and hidden from assistive technology
 * (it cannot be used yet); React replaces it when the app renders into #root.
 */
function prerenderSignInPage(): Plugin {
  let base = '/';
  let result: Prerendered | undefined;
  return {
    name: 'teamim-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      result = await renderSignIn();
    },
    transformIndexHtml(html) {
      if (result === undefined) throw new Error('the sign-in page was not pre-rendered');
      const pages = Object.entries(result.pages)
        .map(
          ([locale, page]) =>
            `<div data-prerendered="${locale}" hidden inert aria-hidden="true">${page}</div>`,
        )
        .join('');
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html has no ${root}`);
      return html
        .replace('</head>', `${result.styles}</head>`)
        .replace(root, `<div id="root">${pages}</div><script src="${base}prerendered.js"></script>`);
    },
    generateBundle() {
      if (result === undefined) return;
      const locales = JSON.stringify(Object.keys(result.pages));
      this.emitFile({
        type: 'asset',
        fileName: 'prerendered.js',
        source: `// Shows the build-time sign-in page in the stored locale until the app renders (see vite.config.ts).
(function () {
  if (location.pathname !== ${JSON.stringify(`${base}login`)}) return;
  var locale = ${JSON.stringify(result.defaultLocale)};
  try {
    var stored = localStorage.getItem(${JSON.stringify(result.localeKey)});
    if (${locales}.indexOf(stored) >= 0) locale = stored;
  } catch (error) {}
  var page = document.querySelector('[data-prerendered="' + locale + '"]');
  if (page) page.hidden = false;
})();
`,
      });
    },
  };
}

/**
 * Griffel's build-time transform: every `makeStyles` of the views becomes the atomic CSS it computes, as
 * Fluent's own components ship. The page then carries no style resolver (Griffel's, its shorthands,
 * rtl-css-js) and computes no styles while it renders: less code to load, compile and keep. (stylis stays:
 * Griffel's renderer reads the build-time sign-in page's styles back with it.)
 * Builds only; the dev server and the tests compute the same classes at run time. Only the views' sources
 * are transformed; the transform evaluates what their styles import (tokens, layout constants), and reads
 * TypeScript for that.
 */
function stylesAheadOfTime(): Plugin {
  // Typed against the workspace root's Vite (Vitest's, a major ahead), not this build's; the hooks it
  // uses (resolveId, load, transform, configResolved) are the same in both.
  const transform = griffel({
    include: [/\/packages\/ui-react\/src\/.*\.tsx?$/],
    exclude: [/\.test\.tsx?$/],
    babelOptions: { presets: ['@babel/preset-typescript'] },
  }) as unknown as Plugin;
  transform.apply = 'build';
  return transform;
}

/** Text-like outputs worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt']);

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible output (the SDK's 36 MB openIM.wasm
 * included), so the server sends them with Content-Encoding and never compresses per request
 * (apps/server/src/http/static.ts). Brotli at its best setting where that is quick, a step lower for
 * the multi-megabyte files, where the best setting would take minutes.
 */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    );
  return {
    name: 'teamim-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = files(outDir).filter((f) => COMPRESSIBLE.has(extname(f)) && statSync(f).size >= 1024);
      await Promise.all(
        targets.map(async (file) => {
          const big = statSync(file).size > 4 * 1024 * 1024;
          // Written aside and renamed: an interrupted build leaves no truncated variant to be served.
          const write = async (ext: string, stream: NodeJS.ReadWriteStream) => {
            await pipeline(createReadStream(file), stream, createWriteStream(`${file}${ext}.tmp`));
            renameSync(`${file}${ext}.tmp`, `${file}${ext}`);
          };
          await write('.gz', createGzip({ level: 9 }));
          const brotli = createBrotliCompress({
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: big ? 9 : 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
            },
          });
          await write('.br', brotli);
        }),
      );
    },
  };
}

export default defineConfig({
  // React 17+ automatic runtime without the React plugin: no fast refresh needed for builds and tests.
  esbuild: { jsx: 'automatic' },
  plugins: [openimAssets(), prerenderSignInPage(), stylesAheadOfTime(), precompress()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each module starts and imports, read by the size budgets
    // (scripts/bundle-budgets.mjs, run by `npm test` after the build).
    manifest: true,
    // The SDK's wasm is a separate 36 MB asset loaded after sign-in; no JS chunk comes close.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Icons are used only by the signed-in views; in a chunk of their own they stay off the sign-in
        // page instead of being hoisted into the entry chunk as a module shared by several lazy chunks.
        manualChunks(id) {
          return id.includes('/node_modules/@fluentui/react-icons/') ? 'icons' : undefined;
        },
      },
      onwarn(warning, warn) {
        // Fluent UI marks its modules "use client" for React Server Components; meaningless in a client
        // bundle, and Rollup reports every one of them (and fails to map the location of each report).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  preview: { strictPort: true },
});
