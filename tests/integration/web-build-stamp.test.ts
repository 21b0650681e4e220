import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script (built-ins only, runs before npm install), without types
import * as webBuild from '../../scripts/web-build.mjs';

const {
  keepWebBuild: keep,
  restoreWebBuild: restore,
  webBuildIsCurrent: isCurrent,
  webInputsStamp: stampOf,
} = webBuild as {
  keepWebBuild: (base: string, cache: string, stamp: string) => void;
  restoreWebBuild: (base: string, cache: string, stamp: string) => boolean;
  webBuildIsCurrent: (base: string) => boolean;
  webInputsStamp: (base: string, env?: Record<string, string>) => string;
};

let base = '';
const folders: string[] = [];
afterEach(() => {
  for (const folder of [base, ...folders.splice(0)]) rmSync(folder, { recursive: true, force: true });
});

function write(path: string, text: string, at = base): void {
  mkdirSync(join(at, path, '..'), { recursive: true });
  writeFileSync(join(at, path), text);
}

function sources(at: string): void {
  write('apps/web/src/main.tsx', 'export {};', at);
  write('packages/ui-react/src/App.tsx', 'export {};', at);
  write('package-lock.json', '{}', at);
}

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'web-build-'));
  folders.push(made);
  return made;
}

describe('npm start builds the web app only when its sources changed', () => {
  it('a build stamped with the current inputs is current; an edit, a new file or a missing build is not', () => {
    base = mkdtempSync(join(tmpdir(), 'web-build-'));
    write('apps/web/src/main.tsx', 'export {};');
    write('packages/ui-react/src/App.tsx', 'export {};');
    write('package-lock.json', '{}');
    expect(isCurrent(base)).toBe(false);

    write('apps/web/dist/index.html', '<html></html>');
    write('apps/web/dist/.inputs-stamp', `${stampOf(base)}\n`);
    expect(isCurrent(base)).toBe(true);
    // Tests and build output are not inputs.
    write('packages/ui-react/src/App.test.tsx', 'export {};');
    write('apps/web/dist/assets/x.js', '');
    expect(isCurrent(base)).toBe(true);

    // The SDK's assets the build copies from node_modules into public/ are not inputs either.
    write('apps/web/public/openim/openIM.wasm', 'wasm');
    expect(isCurrent(base)).toBe(true);
    // What counts is the contents: a touched file is the same input, an edited one is not.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(base, 'packages/ui-react/src/App.tsx'), later, later);
    expect(isCurrent(base)).toBe(true);
    write('packages/ui-react/src/App.tsx', 'export const edited = 1;');
    expect(isCurrent(base)).toBe(false);
    write('apps/web/dist/.inputs-stamp', `${stampOf(base)}\n`);
    write('packages/domain/src/new.ts', 'export {};');
    expect(isCurrent(base)).toBe(false);
  });

  it('another clone of the same sources copies the build this machine keeps, instead of building again', () => {
    base = folder();
    const other = folder();
    const cache = join(folder(), 'web-builds');
    sources(base);
    sources(other);
    const stamp = stampOf(base);
    // The same sources anywhere give the same hash; a VITE_ variable the build reads gives another.
    expect(stampOf(other)).toBe(stamp);
    expect(stampOf(base, { VITE_CHAT_URL: 'https://chat.example' })).not.toBe(stamp);

    expect(restore(other, cache, stamp)).toBe(false);
    write('apps/web/dist/index.html', '<html>built</html>');
    write('apps/web/dist/assets/app.js', 'app();');
    keep(base, cache, stamp);
    expect(restore(other, cache, stamp)).toBe(true);
    expect(readFileSync(join(other, 'apps/web/dist/assets/app.js'), 'utf8')).toBe('app();');
    expect(isCurrent(other)).toBe(true);
    // Another clone's sources differ: nothing kept for them.
    write('apps/web/src/main.tsx', 'export const other = 1;', other);
    expect(restore(other, cache, stampOf(other))).toBe(false);

    // The machine keeps the newest three builds.
    for (const n of [1, 2, 3]) {
      write('apps/web/src/main.tsx', `export const n = ${n};`);
      keep(base, cache, stampOf(base));
    }
    expect(readdirSync(cache)).toHaveLength(3);
    expect(existsSync(join(cache, stamp))).toBe(false);
  });
});
