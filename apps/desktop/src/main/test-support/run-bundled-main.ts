import { join } from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { createFakeElectron, type Recorded } from './fake-electron';

const desktopRoot = join(import.meta.dirname, '..', '..', '..');

/** Bundles main.ts exactly as scripts/build.mjs does and runs it against the fake Electron. */
export async function startBundledMain(): Promise<Recorded> {
  const result = await build({
    entryPoints: [join(desktopRoot, 'src/main/main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const fake = createFakeElectron();
  const realRequire = createRequire(join(desktopRoot, 'dist', 'main.cjs'));
  const requireShim = (id: string): unknown => (id === 'electron' ? fake.module : realRequire(id));
  const module = { exports: {} };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs our own bundle, as Electron would
  const run = new Function('require', 'module', 'exports', '__dirname', '__filename', code) as (
    ...args: unknown[]
  ) => void;
  run(requireShim, module, module.exports, join(desktopRoot, 'dist'), join(desktopRoot, 'dist', 'main.cjs'));
  fake.ready();
  // Let whenReady's continuation and loadURL settle.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return fake.recorded;
}
