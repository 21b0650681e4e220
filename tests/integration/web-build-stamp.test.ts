import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script (built-ins only, runs before npm install), without types
import { webBuildIsCurrent, webInputsStamp } from '../../scripts/web-build.mjs';

const isCurrent = webBuildIsCurrent as (base: string) => boolean;
const stampOf = webInputsStamp as (base: string) => string;

let base = '';
afterEach(() => rmSync(base, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(base, path, '..'), { recursive: true });
  writeFileSync(join(base, path), text);
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

    const later = new Date(Date.now() + 5_000);
    utimesSync(join(base, 'packages/ui-react/src/App.tsx'), later, later);
    expect(isCurrent(base)).toBe(false);
    write('apps/web/dist/.inputs-stamp', `${stampOf(base)}\n`);
    write('packages/domain/src/new.ts', 'export {};');
    expect(isCurrent(base)).toBe(false);
  });
});
