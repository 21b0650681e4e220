import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script (built-ins only, run by npm test after the build), without types
import { BUDGETS, checkBudgets, excludedModules, report } from '../../scripts/bundle-budgets.mjs';

interface Result {
  readonly name: string;
  readonly gzipBytes: number;
  readonly ok: boolean;
  readonly files: readonly { file: string; gzipBytes: number }[];
}
const check = checkBudgets as (distDir: string) => Result[];
const describeResults = report as (results: Result[]) => string;
const excluded = excludedModules as (distDir: string) => { chunk: string; module: string }[];
const budgets = BUDGETS as { name: string; maxGzipBytes: number }[];
const budgetNames = budgets.map((b) => b.name);
const LIST = 'JS to an interactive conversation list';
/** Just over a budget, in KB. */
const overKb = (name: string) =>
  Math.ceil((budgets.find((b) => b.name === name)?.maxGzipBytes ?? 0) / 1024) + 10;

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** Random bytes as JS text: gzip cannot shrink it much, like a real library's minified code. */
const incompressible = (kb: number) => `export const data = "${randomBytes(kb * 1024).toString('base64')}";`;

/**
 * A build shaped like the web app's: the entry, the locale, the signed-in root, the SDK, the shell and
 * the chat pages, each a small chunk; `signedInImports` are chunks the signed-in root imports statically.
 */
function build(chunks: Record<string, { file: string; code: string; imports?: string[] }>): void {
  dist = mkdtempSync(join(tmpdir(), 'budgets-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'prerendered.js'), '(function(){})();');
  mkdirSync(join(dist, 'openim'), { recursive: true });
  writeFileSync(join(dist, 'openim', 'wasm_exec.js'), '(function(){})();');
  const manifest: Record<string, unknown> = {};
  for (const [key, chunk] of Object.entries(chunks)) {
    writeFileSync(join(dist, chunk.file), chunk.code);
    manifest[key] = { file: chunk.file, imports: chunk.imports ?? [] };
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

function app(options: {
  signedInImports?: string[];
  extra?: Record<string, { file: string; code: string }>;
}) {
  const small = (name: string) => ({ file: `assets/${name}.js`, code: `export const ${name} = 1;` });
  build({
    'index.html': small('index'),
    '../../packages/domain/src/i18n/locales/en-US.ts': small('enUS'),
    'src/signed-in.ts': { ...small('signedIn'), imports: options.signedInImports ?? [] },
    '../../node_modules/@openim/wasm-client-sdk/lib/index.es.js': small('sdk'),
    '../../node_modules/@openim/wasm-client-sdk/lib/worker.js': small('sdkWorker'),
    '../../node_modules/@openim/wasm-client-sdk/lib/worker-legacy.js': small('sdkLegacyWorker'),
    '../../packages/ui-react/src/shell/Shell.tsx': small('shell'),
    '../../packages/ui-react/src/chat/index.ts': small('chat'),
    ...options.extra,
  });
}

describe('bundle size budgets (npm test, after the web build)', () => {
  it('a small build keeps every budget', () => {
    app({});
    const results = check(dist);
    expect(results.map((r) => r.name)).toEqual(budgetNames);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('a deliberately oversized static import in the signed-in root fails the interactive-list budget and names the chunk', () => {
    app({
      signedInImports: ['../../node_modules/huge-library/index.js'],
      extra: {
        '../../node_modules/huge-library/index.js': {
          file: 'assets/huge.js',
          code: incompressible(overKb(LIST)),
        },
      },
    });
    const results = check(dist);
    const list = results.find((r) => r.name === 'JS to an interactive conversation list');
    expect(list?.ok).toBe(false);
    expect(list?.gzipBytes).toBeGreaterThan(overKb(LIST) * 1024 - 10 * 1024);
    expect(results.find((r) => r.name === 'sign-in page')?.ok).toBe(true);
    expect(describeResults(results)).toMatch(
      /OVER JS to an interactive conversation list[\s\S]*assets\/huge\.js/,
    );
  });

  it('the same library loaded lazily (a dynamic import) counts for neither budget', () => {
    app({
      extra: {
        '../../node_modules/huge-library/index.js': {
          file: 'assets/huge.js',
          code: incompressible(overKb(LIST)),
        },
      },
    });
    expect(check(dist).every((r) => r.ok)).toBe(true);
  });

  it("the SDK's database worker counts for the interactive list, its legacy twin for neither", () => {
    app({});
    writeFileSync(join(dist, 'assets', 'sdkLegacyWorker.js'), incompressible(overKb(LIST)));
    expect(check(dist).every((r) => r.ok)).toBe(true);
    writeFileSync(join(dist, 'assets', 'sdkWorker.js'), incompressible(overKb(LIST)));
    const results = check(dist);
    expect(results.find((r) => r.name === 'sign-in page')?.ok).toBe(true);
    expect(results.find((r) => r.name === 'JS to an interactive conversation list')?.ok).toBe(false);
  });

  it('a sign-in page over 200 KB gzip fails its budget', () => {
    app({});
    writeFileSync(join(dist, 'assets', 'index.js'), incompressible(overKb('sign-in page')));
    expect(check(dist).find((r) => r.name === 'sign-in page')?.ok).toBe(false);
  });

  it('the shell counts for the list when it is a shared chunk (the menus it loads lazily import from it)', () => {
    const small = (name: string) => ({ file: `assets/${name}.js`, code: `export const ${name} = 1;` });
    build({
      'index.html': small('index'),
      '../../packages/domain/src/i18n/locales/en-US.ts': small('enUS'),
      'src/signed-in.ts': small('signedIn'),
      '../../node_modules/@openim/wasm-client-sdk/lib/index.es.js': small('sdk'),
      '../../node_modules/@openim/wasm-client-sdk/lib/worker.js': small('sdkWorker'),
      '_Shell-AbC123.js': { file: 'assets/Shell-AbC123.js', code: incompressible(overKb(LIST)) },
      '../../packages/ui-react/src/shell/AccountMenu.tsx': {
        file: 'assets/AccountMenu.js',
        code: 'export const menu = 1;',
        imports: ['_Shell-AbC123.js'],
      },
      '../../packages/ui-react/src/chat/index.ts': small('chat'),
    });
    const list = check(dist).find((r) => r.name === LIST);
    expect(list?.ok).toBe(false);
    expect(list?.files.map((f) => f.file)).toContain('assets/Shell-AbC123.js');
  });

  it('a build whose chunks moved (a budget start not found) fails instead of counting nothing', () => {
    app({});
    rmSync(join(dist, '.vite', 'manifest.json'));
    expect(() => check(dist)).toThrow(/manifest\.json is missing/);
    build({ 'index.html': { file: 'assets/index.js', code: '' } });
    expect(() => check(dist)).toThrow(/no chunk in the build starts with/);
  });
});

describe('modules the build must not carry (npm test, after the web build)', () => {
  /** A chunk's source map listing `sources`, as Vite writes it beside the chunk. */
  const map = (file: string, sources: string[]) =>
    writeFileSync(join(dist, file), JSON.stringify({ version: 3, sources, mappings: '' }));

  it("a build with Griffel's run-time style resolver in a chunk is named, one without passes", () => {
    app({});
    map('assets/index.js.map', [
      '../../../../node_modules/@griffel/core/src/__styles.js',
      '../../src/main.tsx',
    ]);
    expect(excluded(dist)).toEqual([]);
    map('assets/chat.js.map', [
      '../../../../packages/ui-react/src/chat/ChatView.tsx',
      '../../../../node_modules/@griffel/core/src/runtime/resolveStyleRules.js',
      '../../../../node_modules/rtl-css-js/dist/esm/convert-9768a965.js',
    ]);
    expect(excluded(dist)).toEqual([
      {
        chunk: 'assets/chat.js',
        module: '../../../../node_modules/@griffel/core/src/runtime/resolveStyleRules.js',
      },
      { chunk: 'assets/chat.js', module: '../../../../node_modules/rtl-css-js/dist/esm/convert-9768a965.js' },
    ]);
  });

  it('a build without source maps fails instead of finding nothing', () => {
    app({});
    expect(() => excluded(dist)).toThrow(/no source maps/);
  });
});
