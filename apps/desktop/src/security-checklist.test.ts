import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './main/app-protocol';
import type { FakeBrowserWindow, Recorded } from './main/test-support/fake-electron';
import { startBundledMain } from './main/test-support/run-bundled-main';
import { createMainWindowOptions } from './main/window-options';

/*
 * Electron's security checklist (electronjs.org/docs/latest/tutorial/security), item by item, as far as
 * code and configuration show it. Runtime-only items are covered by the guard and IPC tests named here.
 */

const desktop = join(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
const production = sourceFiles(join(desktop, 'src')).map((path) => ({
  path: relative(desktop, path),
  text: readFileSync(path, 'utf8'),
}));
const builder = JSON.parse(readFileSync(join(desktop, 'electron-builder.json'), 'utf8')) as {
  electronFuses: Record<string, boolean>;
};
const pkg = JSON.parse(readFileSync(join(desktop, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

function filesMatching(pattern: RegExp): string[] {
  return production.filter((file) => pattern.test(file.text)).map((file) => file.path);
}

describe('Electron security checklist', { timeout: 120_000 }, () => {
  let recorded: Recorded;
  let window: FakeBrowserWindow;
  const options = createMainWindowOptions('linux', '/app/preload.cjs');

  beforeAll(async () => {
    recorded = await startBundledMain();
    window = recorded.windows[0] as FakeBrowserWindow;
  }, 120_000);

  it('1. only secure content: the bundled app comes from app://, never http or file', () => {
    expect(window.loadedUrl).toBe('app://teamim/');
  });

  it('2-4. no Node integration, context isolation, sandbox (per window and app-wide)', () => {
    expect(window.options['webPreferences']).toEqual({
      ...options.webPreferences,
      preload: expect.stringMatching(/dist\/preload\.cjs$/) as unknown,
    });
    expect(options.webPreferences).toMatchObject({
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      contextIsolation: true,
      sandbox: true,
    });
    expect(recorded.sandboxEnabled).toBe(true);
    expect(
      filesMatching(
        /nodeIntegration(InWorker|InSubFrames)?:\s*true|contextIsolation:\s*false|sandbox:\s*false/,
      ),
    ).toEqual([]);
  });

  it('4. the preload bundle works sandboxed: it requires nothing but electron', async () => {
    // Same options as scripts/build.mjs; a sandboxed preload cannot load any other module.
    const result = await build({
      entryPoints: [join(desktop, 'src/preload/preload.ts')],
      bundle: true,
      platform: 'browser',
      target: 'chrome140',
      format: 'cjs',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect([...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]))]).toEqual([
      'electron',
    ]);
  });

  it('5. session permission requests are handled (guards.test.ts: media only, only in a call)', () => {
    expect(recorded.permissionRequestHandler).toBeTypeOf('function');
    expect(recorded.permissionCheckHandler).toBeTypeOf('function');
  });

  it('6, 8. webSecurity stays on and insecure content is not allowed', () => {
    expect(options.webPreferences).toMatchObject({ webSecurity: true, allowRunningInsecureContent: false });
    expect(filesMatching(/webSecurity:\s*false|allowRunningInsecureContent:\s*true/)).toEqual([]);
  });

  it('7. a Content Security Policy without unsafe-eval or unsafe-inline scripts', () => {
    const scriptSrc = /script-src ([^;]+)/.exec(CONTENT_SECURITY_POLICY)?.[1] ?? '';
    expect(scriptSrc).not.toMatch(/'unsafe-eval'|'unsafe-inline'|\*/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'self'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/object-src 'none'/);
  });

  it('9-10. no experimental features and no Blink features', () => {
    expect(options.webPreferences).toMatchObject({ experimentalFeatures: false });
    expect(filesMatching(/experimentalFeatures:\s*true|enableBlinkFeatures/)).toEqual([]);
  });

  it('11-12. no <webview>: the tag is off and any attach is refused', () => {
    expect(options.webPreferences).toMatchObject({ webviewTag: false });
    expect(window.contentsListeners.get('will-attach-webview')).toHaveLength(1);
    let prevented = false;
    window.contentsListeners.get('will-attach-webview')?.[0]?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('13-14. navigation and new windows are limited (guards.test.ts covers the rules)', () => {
    expect(window.contentsListeners.get('will-navigate')).toHaveLength(1);
    expect(window.windowOpenHandler?.({ url: 'app://teamim/x' })).toEqual({ action: 'deny' });
  });

  it('15. shell.openExternal is reached only through the http(s) filter', () => {
    const calls = production.flatMap((file) =>
      [...file.text.matchAll(/shell\.openExternal\(([^)]*)\)/g)].map((match) => `${file.path}: ${match[1]}`),
    );
    expect(calls).toEqual(['src/main/main.ts: url']);
    const main = production.find((file) => file.path === 'src/main/main.ts')?.text ?? '';
    expect(main).toMatch(/const openExternal = \(url: string\): void => void shell\.openExternal\(url\)/);
    const handlers = production.find((file) => file.path === 'src/main/ipc-handlers.ts')?.text ?? '';
    expect(main).toMatch(/createIpcHandlers\(\{[^]*\bopenExternal,/);
    expect(handlers).toMatch(/if \(isExternalWebUrl\(url\)\) deps\.openExternal\(url\)/);
    recorded.opened.length = 0;
    window.windowOpenHandler?.({ url: 'file:///etc/passwd' });
    expect(recorded.opened).toEqual([]);
  });

  it('16. a current Electron, pinned', () => {
    const version = pkg.devDependencies['electron'] ?? '';
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(45);
  });

  it('17. every IPC sender is validated (ipc.test.ts) and only contract channels answer', () => {
    expect(filesMatching(/ipcMain\.(on|handle)\(/)).toEqual([]);
    expect(recorded.ipcListeners).toEqual([]);
  });

  it('18. a custom protocol instead of file://', () => {
    expect(recorded.privilegedSchemes.map((scheme) => scheme.scheme)).toEqual(['app']);
    expect(filesMatching(/loadFile\(|file:\/\/\$\{/)).toEqual([]);
    expect(builder.electronFuses['grantFileProtocolExtraPrivileges']).toBe(false);
  });

  it('19. fuses: no run-as-node, no NODE_OPTIONS or inspect flags, asar only and checked', () => {
    expect(builder.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('20. no Electron API reaches the page: the preload exposes only the typed bridge', () => {
    const preload = production.find((file) => file.path === 'src/preload/preload.ts')?.text ?? '';
    expect([...preload.matchAll(/exposeInMainWorld\(/g)]).toHaveLength(1);
    expect(preload).toMatch(/exposeInMainWorld\(DESKTOP_API_KEY, buildDesktopApi\(invoke, subscribe\)\)/);
    expect(filesMatching(/import\s*\{[^}]*\bipcRenderer\b[^}]*\}\s*from 'electron'/)).toEqual([
      'src/preload/preload.ts',
    ]);
  });
});
