import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const guide = readFileSync(join(repo, 'docs/deploying-with-openim.md'), 'utf8');
const webPackage = JSON.parse(readFileSync(join(repo, 'apps/web/package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** The row of the guide's version table for a component. */
function versionRow(component: string): string {
  const row = guide.split('\n').find((line) => line.startsWith(`| ${component}`));
  if (row === undefined) throw new Error(`docs/deploying-with-openim.md has no version row for ${component}`);
  return row;
}

/**
 * The server versions the deployment guide promises, against what was seen with the bundled SDK: open-im-server
 * v3.8.3 to patch.4 send the friend-application notification without `request` (the SDK dereferences it),
 * and patch.13's gateway never sends the first frame the wasm SDK waits for (patch.14 restored it).
 */
describe('the deployment guide names the server versions the bundled SDK works with', () => {
  it('its SDK row is the SDK the web app bundles', () => {
    const sdk =
      { ...webPackage.dependencies, ...webPackage.devDependencies }['@openim/wasm-client-sdk'] ?? '';
    expect(sdk).not.toBe('');
    expect(versionRow('wasm SDK')).toContain(sdk);
  });

  it('open-im-server: v3.8.3-patch.12, or patch.14 and later; no open range takes in patch.13', () => {
    const row = versionRow('open-im-server');
    expect(row).toContain('v3.8.3-patch.12');
    expect(row).toContain('v3.8.3-patch.14 and later');
    const openFrom = [...guide.matchAll(/patch\.(\d+),? (?:or|and) later/g)].map((m) => Number(m[1]));
    expect(openFrom.filter((patch) => patch < 14)).toEqual([]);
    expect(guide).not.toMatch(/v3\.8\.3,? (?:or|and) later/);
  });
});
