import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Domain from '@teamim/domain';
import type * as UiPrerender from '@teamim/ui-react/prerender';
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

export default defineConfig({
  // React 17+ automatic runtime without the React plugin: no fast refresh needed for builds and tests.
  esbuild: { jsx: 'automatic' },
  plugins: [openimAssets(), prerenderSignInPage()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
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
