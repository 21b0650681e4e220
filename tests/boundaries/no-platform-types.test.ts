import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = join(repo, 'node_modules', '.bin', 'tsc');

/** Compiles one probe file with a package's own library settings and returns tsc's output. */
async function compileWith(packageDir: string, source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'teamim-types-'));
  try {
    writeFileSync(join(dir, 'probe.ts'), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(repo, packageDir, 'tsconfig.lib.json'),
        include: [],
        files: ['probe.ts'],
      }),
    );
    const result = await exec(tsc, ['-p', join(dir, 'tsconfig.json')]).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(['packages/domain', 'packages/application'])('%s compiles without DOM or Node types', (pkg) => {
  it('rejects DOM and Node globals', async () => {
    const output = await compileWith(
      pkg,
      'export const a = document.title;\nexport const b = process.env;\n',
    );
    expect(output).toMatch(/Cannot find name 'document'/);
    expect(output).toMatch(/Cannot find name 'process'/);
  });

  it('accepts ES2023 code', async () => {
    const output = await compileWith(pkg, 'export const last = [1, 2, 3].findLast((n) => n < 3);\n');
    expect(output).toBe('');
  });
});
