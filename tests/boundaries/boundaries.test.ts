import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = join(repo, 'node_modules', '.bin', 'depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * Runs the real rule set over a throw-away tree that mirrors the repository layout, so a probe can
 * contain exactly one forbidden import without touching the working tree.
 */
async function cruise(tree: string, files: Record<string, string>): Promise<Violation[]> {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), content);
  }
  const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0]!))];
  const result = await exec(
    depcruise,
    [...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      cwd: tree,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

describe('layer boundaries (dependency-cruiser)', () => {
  let base: string;
  let probe = 0;

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'teamim-boundaries-'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  function newTree(): string {
    const tree = join(base, `tree-${probe++}`);
    mkdirSync(tree, { recursive: true });
    cpSync(join(repo, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
    cpSync(join(repo, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
    // Real packages resolve exactly as in the repository.
    symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir');
    return tree;
  }

  const ruleOf = (violations: Violation[]) => violations.map((v) => v.rule.name);

  it('passes on the real tree', async () => {
    const { stdout } = await exec(
      depcruise,
      ['packages', 'apps', 'tests', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
    expect(report.summary.violations).toEqual([]);
    expect(report.summary.totalCruised).toBeGreaterThan(10);
  });

  it.each([
    ['domain-is-pure', 'packages/domain/src/a.ts', "import { of } from 'rxjs';\nexport const a = of(1);\n"],
    [
      'domain-is-pure',
      'packages/domain/src/a.ts',
      "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
    ],
    [
      'application-only-domain-and-rxjs',
      'packages/application/src/a.ts',
      "import { Container } from 'inversify';\nexport const a = Container;\n",
    ],
    [
      'openim-sdk-only-in-its-adapter',
      'packages/application/src/a.ts',
      "import type { MessageItem } from '@openim/wasm-client-sdk';\nexport type A = MessageItem;\n",
    ],
    [
      'axios-only-in-http-adapter',
      'packages/adapters-openim/src/a.ts',
      "import axios from 'axios';\nexport const a = axios;\n",
    ],
    [
      'livekit-client-only-in-livekit-adapter',
      'packages/ui-react/src/a.ts',
      "import { Room } from 'livekit-client';\nexport const a = Room;\n",
    ],
    [
      'electron-only-in-desktop',
      'apps/web/src/a.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    ],
  ])('%s fires on %s importing a forbidden module', async (rule, file, content) => {
    const violations = await cruise(newTree(), { [file]: content });
    expect(ruleOf(violations)).toContain(rule);
  });

  it('ui-never-imports-adapters fires when a view imports an adapter package', async () => {
    const violations = await cruise(newTree(), {
      'packages/adapters-http/src/index.ts': 'export const http = 1;\n',
      'packages/ui-react/src/a.ts':
        "import { http } from '../../adapters-http/src/index';\nexport const a = http;\n",
    });
    expect(ruleOf(violations)).toContain('ui-never-imports-adapters');
  });

  it('testing-entry-points-stay-out-of-production fires when production code imports a fake', async () => {
    const violations = await cruise(newTree(), {
      'packages/application/src/testing/index.ts': 'export const fake = 1;\n',
      'apps/web/src/main.ts':
        "import { fake } from '../../../packages/application/src/testing/index';\nexport const a = fake;\n",
    });
    expect(ruleOf(violations)).toContain('testing-entry-points-stay-out-of-production');
  });

  it('server-wire-knows-no-users fires when the gateway reads users', async () => {
    const violations = await cruise(newTree(), {
      'apps/server/src/im/users.ts': 'export const getUser = (id: string) => id;\n',
      'apps/server/src/wire/gateway.ts':
        "import { getUser } from '../im/users';\nexport const g = getUser;\n",
    });
    expect(ruleOf(violations)).toContain('server-wire-knows-no-users');
  });

  it('server-im-never-imports-chat fires on a value import, not on the port type the facade implements', async () => {
    const violations = await cruise(newTree(), {
      'apps/server/src/chat/users.ts':
        'export const allows = (id: string) => id.length > 0;\nexport interface Port { allows(id: string): boolean }\n',
      'apps/server/src/im/relations.ts':
        "import { allows } from '../chat/users';\nexport const r = allows;\n",
      'apps/server/src/im/facade.ts':
        "import type { Port } from '../chat/users';\nexport const f: Port = { allows: () => true };\n",
    });
    expect(
      violations.filter((v) => v.rule.name === 'server-im-never-imports-chat').map((v) => v.from),
    ).toEqual(['apps/server/src/im/relations.ts']);
  });

  it('server-runs-without-seed-data fires when the running server imports the seed, not for the entry points', async () => {
    const violations = await cruise(newTree(), {
      'apps/server/src/seed/demo.ts': 'export const seedDemo = () => 1;\n',
      'apps/server/src/app.ts': "import { seedDemo } from './seed/demo';\nexport const a = seedDemo;\n",
      'apps/server/src/main.ts': "import { seedDemo } from './seed/demo';\nexport const m = seedDemo;\n",
      'apps/server/src/index.ts': "export { seedDemo } from './seed/demo';\n",
    });
    expect(
      violations.filter((v) => v.rule.name === 'server-runs-without-seed-data').map((v) => v.from),
    ).toEqual(['apps/server/src/app.ts']);
  });

  it('ui-features-never-borrow-from-each-other fires when a feature imports another, not for common/ or the shell', async () => {
    const violations = await cruise(newTree(), {
      'packages/ui-react/src/chat/Y.tsx': 'export const Y = () => null;\n',
      'packages/ui-react/src/common/Frame.tsx': 'export const Frame = () => null;\n',
      'packages/ui-react/src/text.ts': 'export const t = (key: string) => key;\n',
      'packages/ui-react/src/wallet/X.tsx': "import { Y } from '../chat/Y';\nexport const X = Y;\n",
      'packages/ui-react/src/wallet/Z.tsx':
        "import { Frame } from '../common/Frame';\nimport { t } from '../text';\nexport const Z = [Frame, t];\n",
      'packages/ui-react/src/shell/Shell.tsx': "import { Y } from '../chat/Y';\nexport const S = Y;\n",
    });
    expect(
      violations.filter((v) => v.rule.name === 'ui-features-never-borrow-from-each-other').map((v) => v.from),
    ).toEqual(['packages/ui-react/src/wallet/X.tsx']);
  });

  it("ui-features-never-borrow-from-each-other fires when a host renders another feature's part, not when routing/ fills its slot", async () => {
    // Each host and the part of another feature it shows; the parts reach the hosts through slots.
    const hosted = [
      ['chat/ChatHeader', 'calls/ChatCallButtons'],
      ['chat/ChatHeader', 'groups/GroupHeaderButtons'],
      ['chat/ConversationDrawer', 'groups/GroupDrawer'],
      ['chat/ComposerToolbar', 'wallet/RedPacketEntry'],
      ['chat/bodies/RedPacketBody', 'wallet/RedPacketOpenDialog'],
      ['wallet/AccountSettingsDialog', 'notifications/NotificationSetting'],
    ] as const;
    const src = 'packages/ui-react/src';
    const files: Record<string, string> = {};
    for (const [host, part] of hosted) {
      const up = '../'.repeat(host.split('/').length - 1);
      files[`${src}/${part}.tsx`] = 'export const Part = () => null;\n';
      files[`${src}/${host}.tsx`] =
        `${files[`${src}/${host}.tsx`] ?? ''}export { Part as ${part.split('/')[1]} } from '${up}${part}';\n`;
    }
    files[`${src}/routing/chat-route.tsx`] = hosted
      .map(([, part]) => `export { Part as ${part.split('/')[1]} } from '../${part}';\n`)
      .join('');
    const violations = await cruise(newTree(), files);
    expect(
      violations
        .filter((v) => v.rule.name === 'ui-features-never-borrow-from-each-other')
        .map((v) => `${v.from} -> ${v.to}`)
        .sort(),
    ).toEqual(hosted.map(([host, part]) => `${src}/${host}.tsx -> ${src}/${part}.tsx`).sort());
  });

  it('no-circular fires on an import cycle', async () => {
    const violations = await cruise(newTree(), {
      'packages/domain/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'packages/domain/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(ruleOf(violations)).toContain('no-circular');
  });

  it('allows what the architecture allows', async () => {
    const violations = await cruise(newTree(), {
      'packages/domain/src/money.ts': 'export const cents = (n: number) => n;\n',
      'packages/application/src/a.ts':
        "import { of } from 'rxjs';\nimport { cents } from '../../domain/src/money';\nexport const a = of(cents(1));\n",
      'packages/adapters-http/src/a.ts': "import axios from 'axios';\nexport const a = axios;\n",
    });
    expect(violations).toEqual([]);
  });
});
