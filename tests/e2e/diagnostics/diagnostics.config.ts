import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/** The browser tests' own configuration, run over the test that fails on purpose into a folder of the caller's. */
const output = process.env['E2E_DIAGNOSTICS_OUTPUT'];
if (output === undefined) throw new Error('E2E_DIAGNOSTICS_OUTPUT names the folder the run writes to');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'fails-on-purpose.diagnose.ts',
  outputDir: `${output}/artifacts`,
  workers: 1,
  reporter: [['json', { outputFile: `${output}/report.json` }]],
  projects: [{ ...base.projects?.[0], testIgnore: [] }],
  webServer: [],
});
