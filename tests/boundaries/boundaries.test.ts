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
 * The probes: small trees, each with exactly one forbidden import (or none), written side by side into one
 * throw-away tree that mirrors the repository layout and checked by one run of the real rule set, so that
 * a probe never touches the working tree. Every probe's files have paths of their own, and each test reads
 * only the violations that start in its probe's files.
 */
const probes: Record<string, string>[] = [];
let violations: Violation[] | undefined;

/** Declares a probe (at collection time); the returned function gives the violations that start in it. */
function probe(files: Record<string, string>): () => Violation[] {
  for (const path of Object.keys(files))
    if (probes.some((other) => path in other)) throw new Error(`two probes write ${path}`);
  probes.push(files);
  return () => {
    if (violations === undefined) throw new Error('the probes were not cruised');
    return violations.filter((v) => v.from in files);
  };
}

async function cruiseProbes(tree: string): Promise<Violation[]> {
  const all = Object.assign({}, ...probes) as Record<string, string>;
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), content);
  }
  const roots = [...new Set(Object.keys(all).map((f) => f.split('/')[0]!))];
  const result = await exec(
    depcruise,
    [...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: tree, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

describe('layer boundaries (dependency-cruiser)', () => {
  let tree: string;

  beforeAll(async () => {
    tree = mkdtempSync(join(tmpdir(), 'teamim-boundaries-'));
    cpSync(join(repo, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
    cpSync(join(repo, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
    // Real packages resolve exactly as in the repository.
    symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir');
    violations = await cruiseProbes(tree);
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  const ruleOf = (found: Violation[]) => found.map((v) => v.rule.name);

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

  const forbiddenModules = [
    [
      'domain-is-pure',
      'packages/domain/src/uses-rxjs.ts',
      "import { of } from 'rxjs';\nexport const a = of(1);\n",
    ],
    [
      'domain-is-pure',
      'packages/domain/src/uses-fs.ts',
      "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
    ],
    [
      'application-only-domain-and-rxjs',
      'packages/application/src/di/uses-react.ts',
      "import { useState } from 'react';\nexport const a = useState;\n",
    ],
    [
      'openim-sdk-only-in-its-adapter',
      'packages/application/src/uses-sdk.ts',
      "import type { MessageItem } from '@openim/wasm-client-sdk';\nexport type A = MessageItem;\n",
    ],
    [
      'axios-only-in-http-adapter',
      'packages/adapters-openim/src/uses-axios.ts',
      "import axios from 'axios';\nexport const a = axios;\n",
    ],
    [
      'livekit-client-only-in-livekit-adapter',
      'packages/ui-react/src/uses-livekit.ts',
      "import { Room } from 'livekit-client';\nexport const a = Room;\n",
    ],
    [
      'electron-only-in-desktop',
      'apps/web/src/uses-electron.ts',
      "import { app } from 'electron';\nexport const a = app;\n",
    ],
  ] as const;
  for (const [rule, file, content] of forbiddenModules) {
    const found = probe({ [file]: content });
    it(`${rule} fires on ${file} importing a forbidden module`, () => {
      expect(ruleOf(found())).toContain(rule);
    });
  }

  const eagerViewModel = probe({
    'packages/application/src/presentation/wallet/balance.view-model.ts':
      'export class BalanceViewModel {}\n',
    'packages/application/src/presentation/session-view-models.ts':
      "import { BalanceViewModel } from './wallet/balance.view-model';\nexport const a = BalanceViewModel;\n",
  });
  it('session-view-models-load-with-the-list-only fires when the session builds a view model of a lazy view', () => {
    expect(ruleOf(eagerViewModel())).toContain('session-view-models-load-with-the-list-only');
  });

  const viewUsesAdapter = probe({
    'packages/adapters-http/src/index.ts': 'export const http = 1;\n',
    'packages/ui-react/src/uses-adapter.ts':
      "import { http } from '../../adapters-http/src/index';\nexport const a = http;\n",
  });
  it('ui-never-imports-adapters fires when a view imports an adapter package', () => {
    expect(ruleOf(viewUsesAdapter())).toContain('ui-never-imports-adapters');
  });

  const productionUsesFake = probe({
    'packages/application/src/testing/index.ts': 'export const fake = 1;\n',
    'apps/web/src/main.ts':
      "import { fake } from '../../../packages/application/src/testing/index';\nexport const a = fake;\n",
  });
  it('testing-entry-points-stay-out-of-production fires when production code imports a fake', () => {
    expect(ruleOf(productionUsesFake())).toContain('testing-entry-points-stay-out-of-production');
  });

  const gatewayReadsUsers = probe({
    'apps/server/src/im/users.ts': 'export const getUser = (id: string) => id;\n',
    'apps/server/src/wire/gateway/attach.ts':
      "import { getUser } from '../../im/users';\nexport const g = getUser;\n",
  });
  it('server-wire-knows-no-users fires when the gateway reads users', () => {
    expect(ruleOf(gatewayReadsUsers())).toContain('server-wire-knows-no-users');
  });

  const imUsesChat = probe({
    'apps/server/src/chat/users.ts':
      'export const allows = (id: string) => id.length > 0;\nexport interface Port { allows(id: string): boolean }\n',
    'apps/server/src/im/relations.ts': "import { allows } from '../chat/users';\nexport const r = allows;\n",
    'apps/server/src/im/facade.ts':
      "import type { Port } from '../chat/users';\nexport const f: Port = { allows: () => true };\n",
  });
  it('server-im-never-imports-chat fires on a value import, not on the port type the facade implements', () => {
    expect(
      imUsesChat()
        .filter((v) => v.rule.name === 'server-im-never-imports-chat')
        .map((v) => v.from),
    ).toEqual(['apps/server/src/im/relations.ts']);
  });

  const serverUsesSeed = probe({
    'apps/server/src/seed/demo.ts': 'export const seedDemo = () => 1;\n',
    'apps/server/src/app.ts': "import { seedDemo } from './seed/demo';\nexport const a = seedDemo;\n",
    'apps/server/src/main.ts': "import { seedDemo } from './seed/demo';\nexport const m = seedDemo;\n",
    'apps/server/src/index.ts': "export { seedDemo } from './seed/demo';\n",
  });
  it('server-runs-without-seed-data fires when the running server imports the seed, not for the entry points', () => {
    expect(
      serverUsesSeed()
        .filter((v) => v.rule.name === 'server-runs-without-seed-data')
        .map((v) => v.from),
    ).toEqual(['apps/server/src/app.ts']);
  });

  const featureBorrows = probe({
    'packages/ui-react/src/chat/Y.tsx': 'export const Y = () => null;\n',
    'packages/ui-react/src/common/Frame.tsx': 'export const Frame = () => null;\n',
    'packages/ui-react/src/text.ts': 'export const t = (key: string) => key;\n',
    'packages/ui-react/src/wallet/X.tsx': "import { Y } from '../chat/Y';\nexport const X = Y;\n",
    'packages/ui-react/src/wallet/Z.tsx':
      "import { Frame } from '../common/Frame';\nimport { t } from '../text';\nexport const Z = [Frame, t];\n",
    'packages/ui-react/src/shell/Shell.tsx': "import { Y } from '../chat/Y';\nexport const S = Y;\n",
  });
  it('ui-features-never-borrow-from-each-other fires when a feature imports another, not for common/ or the shell', () => {
    expect(
      featureBorrows()
        .filter((v) => v.rule.name === 'ui-features-never-borrow-from-each-other')
        .map((v) => v.from),
    ).toEqual(['packages/ui-react/src/wallet/X.tsx']);
  });

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
  const hostFiles: Record<string, string> = {};
  for (const [host, part] of hosted) {
    const up = '../'.repeat(host.split('/').length - 1);
    hostFiles[`${src}/${part}.tsx`] = 'export const Part = () => null;\n';
    hostFiles[`${src}/${host}.tsx`] =
      `${hostFiles[`${src}/${host}.tsx`] ?? ''}export { Part as ${part.split('/')[1]} } from '${up}${part}';\n`;
  }
  hostFiles[`${src}/routing/chat-route.tsx`] = hosted
    .map(([, part]) => `export { Part as ${part.split('/')[1]} } from '../${part}';\n`)
    .join('');
  const hostsRenderParts = probe(hostFiles);
  it("ui-features-never-borrow-from-each-other fires when a host renders another feature's part, not when routing/ fills its slot", () => {
    expect(
      hostsRenderParts()
        .filter((v) => v.rule.name === 'ui-features-never-borrow-from-each-other')
        .map((v) => `${v.from} -> ${v.to}`)
        .sort(),
    ).toEqual(hosted.map(([host, part]) => `${src}/${host}.tsx -> ${src}/${part}.tsx`).sort());
  });

  const cycle = probe({
    'packages/domain/src/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
    'packages/domain/src/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  });
  it('no-circular fires on an import cycle', () => {
    expect(ruleOf(cycle())).toContain('no-circular');
  });

  const allowed = probe({
    'packages/domain/src/money.ts': 'export const cents = (n: number) => n;\n',
    'packages/application/src/uses-domain.ts':
      "import { of } from 'rxjs';\nimport { cents } from '../../domain/src/money';\nexport const a = of(cents(1));\n",
    'packages/adapters-http/src/uses-axios.ts': "import axios from 'axios';\nexport const a = axios;\n",
  });
  it('allows what the architecture allows', () => {
    expect(allowed()).toEqual([]);
  });
});
