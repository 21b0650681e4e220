// `npm run build -w @teamim/desktop`: bundles the main process and the preload with esbuild, and builds
// the renderer with the web app's own Vite configuration (the same bundle, SDK wasm assets included)
// into dist/renderer, which the app:// protocol serves. `--skip-renderer` rebuilds only main/preload.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const dist = join(root, 'dist');
const skipRenderer = process.argv.includes('--skip-renderer');

rmSync(join(dist, 'main.cjs'), { force: true });
rmSync(join(dist, 'preload.cjs'), { force: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  // Only Electron itself is provided at run time; everything else is bundled, so the packaged app
  // needs no node_modules at all.
  external: ['electron'],
  sourcemap: true,
  logLevel: 'warning',
};

await esbuild({ ...common, entryPoints: [join(root, 'src/main/main.ts')], outfile: join(dist, 'main.cjs') });
// A sandboxed preload can require only 'electron' and a few Node built-ins: it must be one file.
await esbuild({
  ...common,
  platform: 'browser',
  target: 'chrome140',
  entryPoints: [join(root, 'src/preload/preload.ts')],
  outfile: join(dist, 'preload.cjs'),
});

if (!skipRenderer) {
  const { build: vite } = await import('vite');
  const web = join(root, '..', 'web');
  await vite({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(dist, 'renderer'), emptyOutDir: true },
  });
}
console.log(`desktop built into ${dist}${skipRenderer ? ' (renderer skipped)' : ''}`);
