import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Marks of the work stream that wrote a line: an issue number, a stream label opening a comment
 * (`// 14m:`, `// 16: red packets`), a branch name (`j14f`). History belongs in git; code and docs say what
 * is, and why.
 */
const MARKERS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'an issue number', pattern: /\bissues? #?\d+\b/i },
  { name: 'a stream label opening a comment', pattern: /(\/\/|\/\*+|^\s*\*)\s*\d{2}[a-z]?:\s/ },
  { name: 'a branch name', pattern: /\bj\d{2}[a-z]\b/ },
];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

/** Folders that hold what tools wrote or installed, not what we wrote. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  'coverage',
  'test-results',
  'reports',
  'data',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function ourFiles(): string[] {
  // This file names the markers it looks for.
  const self = 'tests/boundaries/no-history-markers.test.ts';
  const roots = ['packages', 'apps', 'tests', 'scripts', 'bench', 'docs'].filter((dir) =>
    existsSync(join(repo, dir)),
  );
  return ['README.md', ...roots.flatMap(sourceFiles)].filter((path) => path !== self);
}

function markersIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const marker of MARKERS) {
      if (marker.pattern.test(line)) found.push(`${index + 1}: ${marker.name}: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

describe('history markers', () => {
  it('are recognised in the forms they took', () => {
    expect(markersIn('// 14m: media tools')).toHaveLength(1);
    expect(markersIn('  // 16: red packets')).toHaveLength(1);
    expect(markersIn(' * 14q: quotes')).toHaveLength(1);
    expect(markersIn('/** the guard (issue 17) */')).toHaveLength(1);
    expect(markersIn('// merged from j14f')).toHaveLength(1);
    // Times, sizes and ordinary numbers are not marks.
    expect(markersIn('// 12:00 UTC: an old message')).toEqual([]);
    expect(markersIn('const width = 14; // px')).toEqual([]);
    expect(markersIn('/** 4: the same, per platform class. */')).toEqual([]);
  });

  it('appear in none of our sources and documents', () => {
    const files = ourFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      markersIn(readFileSync(join(repo, path), 'utf8')).map((hit) => `${path}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
