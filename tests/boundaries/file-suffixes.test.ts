import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const application = 'packages/application/src';

/**
 * The application layer's suffix scheme (docs/conventions.md): a view model's, store's or service's kind is
 * in its class name and its file name, so either finds the other. A use case is named by what it does
 * (`ForwardMessages`), so only its file says what it is; ports are abstract classes in `*.port.ts`.
 */
const KINDS: readonly { readonly kind: string; readonly suffix: string }[] = [
  { kind: 'ViewModel', suffix: '.view-model.ts' },
  { kind: 'Store', suffix: '.store.ts' },
  { kind: 'Service', suffix: '.service.ts' },
];
const USE_CASE = '.use-case.ts';

/** The base every view model extends, in the file that defines what a view model is. */
const BASES = new Set(['presentation/view-model.ts StateViewModel']);

function productionFiles(dir: string): string[] {
  return readdirSync(join(repo, application, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Where the suffix scheme is broken: a class whose kind and file disagree, or a file without its kind. */
function suffixProblems(files: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith('.port.ts')) continue;
    const classes = [...text.matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1] ?? '');
    for (const name of classes) {
      const kind = KINDS.find((k) => name.endsWith(k.kind));
      if (kind && !path.endsWith(kind.suffix) && !BASES.has(`${path} ${name}`))
        problems.push(`${path}: class ${name} belongs in a *${kind.suffix} file`);
    }
    const fileKind = KINDS.find((k) => path.endsWith(k.suffix));
    if (fileKind && !classes.some((name) => name.endsWith(fileKind.kind)))
      problems.push(`${path}: a *${fileKind.suffix} file exports a …${fileKind.kind} class`);
    if (path.endsWith(USE_CASE) && classes.length !== 1)
      problems.push(`${path}: a *${USE_CASE} file exports its one use case class`);
  }
  return problems;
}

describe('file suffixes in the application layer', () => {
  it('name each class by its kind, in a file of the same kind', () => {
    const files = Object.fromEntries(
      productionFiles('').map((path) => [path, readFileSync(join(repo, application, path), 'utf8')]),
    );
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(suffixProblems(files)).toEqual([]);
  });

  it('catch a view model outside a view-model file, a store file without a store, a use case without its class', () => {
    expect(
      suffixProblems({
        'presentation/chat/helpers.ts': 'export class ComposerHintViewModel {}',
        'messages/drafts.store.ts': 'export function keepDraft() {}',
        'messages/pin.use-case.ts': 'export function pin() {}',
        'messages/forward.use-case.ts': 'export class ForwardMessages {}',
        'ports/clock.port.ts': 'export abstract class Clock {}',
      }),
    ).toEqual([
      'presentation/chat/helpers.ts: class ComposerHintViewModel belongs in a *.view-model.ts file',
      'messages/drafts.store.ts: a *.store.ts file exports a …Store class',
      'messages/pin.use-case.ts: a *.use-case.ts file exports its one use case class',
    ]);
  });
});
