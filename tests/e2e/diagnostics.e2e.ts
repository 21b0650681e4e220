import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

/**
 * What a failing browser test leaves for whoever reads the run: one folder with the trace, the screenshot,
 * each page's accessibility tree and HTML, the console and the server's log of that test. Shown on a test
 * that fails on purpose, in a Playwright run of its own.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern even when empty
test('a failing test leaves its trace, screenshot, page states, console and server log in one folder', async ({}, testInfo) => {
  const output = testInfo.outputPath('child-run');
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        join(repo, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        'tests/e2e/diagnostics/diagnostics.config.ts',
      ],
      { cwd: repo, env: { ...process.env, E2E_DIAGNOSTICS_OUTPUT: output }, stdio: 'ignore' },
    );
    child.once('error', fail);
    child.once('exit', done);
  });
  expect(code).toBe(1);

  const report = JSON.parse(readFileSync(join(output, 'report.json'), 'utf8')) as {
    stats: { unexpected: number; expected: number };
  };
  expect(report.stats).toMatchObject({ unexpected: 1, expected: 0 });
  const [folder, ...others] = readdirSync(join(output, 'artifacts')).filter((name) => !name.startsWith('.'));
  expect(others).toEqual([]);
  const dir = join(output, 'artifacts', folder ?? '');
  const files = readdirSync(dir);
  expect(files).toEqual(
    expect.arrayContaining([
      'trace.zip',
      'test-failed-1.png',
      'page-1.aria.yml',
      'page-1.html',
      'console.txt',
      'server.log',
    ]),
  );
  expect(readFileSync(join(dir, 'console.txt'), 'utf8')).toContain('logged on purpose by the failing test');
  expect(readFileSync(join(dir, 'page-1.aria.yml'), 'utf8')).toMatch(
    /^# http:\/\/127\.0\.0\.1:\d+\/login[\s\S]*Welcome to TeamIM/,
  );
  expect(readFileSync(join(dir, 'page-1.html'), 'utf8')).toContain('Welcome to TeamIM');
  // The server's log of that test: the page's requests reached it.
  expect(readFileSync(join(dir, 'server.log'), 'utf8').trim()).not.toBe('');
});
