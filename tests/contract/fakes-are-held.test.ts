import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MUTANTS } from './mutants/mutants';

interface JsonReport {
  readonly testResults: readonly {
    readonly name: string;
    readonly assertionResults: readonly { readonly title: string; readonly status: string }[];
  }[];
}

const here = dirname(fileURLToPath(import.meta.url));
const vitestCli = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** Runs the mutant suites in a separate Vitest process (their failures are the expected outcome). */
async function runMutants(): Promise<JsonReport> {
  const dir = await mkdtemp(join(tmpdir(), 'teamim-mutants-'));
  const out = join(dir, 'report.json');
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          vitestCli,
          'run',
          '--config',
          join(here, 'mutants', 'vitest.config.ts'),
          '--reporter=json',
          '--outputFile',
          out,
        ],
        { cwd: join(here, 'mutants'), maxBuffer: 64 * 1024 * 1024 },
        // A non-zero exit is what failing mutants give; only a missing report is an error.
        () => resolve(),
      ).on('error', reject);
    });
    return JSON.parse(await readFile(out, 'utf8')) as JsonReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it('a deliberate behaviour change in a fake makes its contract suite fail, in the cases that guard it', async () => {
  const report = await runMutants();
  const failedByMutant = new Map(
    report.testResults.map((file) => [
      basename(file.name, '.mutant.ts'),
      file.assertionResults.filter((r) => r.status === 'failed').map((r) => r.title),
    ]),
  );
  expect([...failedByMutant.keys()].sort()).toEqual(Object.keys(MUTANTS).sort());
  for (const [name, mutant] of Object.entries(MUTANTS)) {
    const failed = failedByMutant.get(name) ?? [];
    for (const title of mutant.mustFail) {
      expect(failed, `mutant "${name}" (${mutant.change}) must fail "${title}"`).toContain(title);
    }
  }
}, 300_000);
