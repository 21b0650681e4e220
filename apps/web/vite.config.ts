import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  // React 17+ automatic runtime without the React plugin: no fast refresh needed for builds and tests.
  esbuild: { jsx: 'automatic' },
  plugins: [openimAssets()],
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
