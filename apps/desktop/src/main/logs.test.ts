import { describe, expect, it } from 'vitest';
import { archivedLogPath, readLogTail, rendererLogLine } from './logs';
import { FakeFileSystem } from './test-support/fakes';

const LOG = '/logs/main.log';
const numbered = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, index) => `line ${from + index}`).join('\n') + '\n';

describe('readLogTail', () => {
  it('returns the last N lines of the current log', () => {
    const fs = new FakeFileSystem();
    fs.files.set(LOG, numbered(1, 500));
    expect(readLogTail(fs, LOG, 100)).toEqual({ text: numbered(401, 500), lines: 100 });
  });

  it('reads into the rotated file when the current one is shorter', () => {
    const fs = new FakeFileSystem();
    fs.files.set(archivedLogPath(LOG), numbered(1, 50));
    fs.files.set(LOG, numbered(51, 60));
    expect(archivedLogPath(LOG)).toBe('/logs/main.old.log');
    expect(readLogTail(fs, LOG, 15)).toEqual({ text: numbered(46, 60), lines: 15 });
  });

  it('returns what exists when there are fewer lines, and nothing without logs', () => {
    const fs = new FakeFileSystem();
    expect(readLogTail(fs, LOG, 100)).toEqual({ text: '', lines: 0 });
    fs.files.set(LOG, 'only\r\n');
    expect(readLogTail(fs, LOG, 100)).toEqual({ text: 'only\n', lines: 1 });
  });

  it('never returns more than 10,000 lines', () => {
    const fs = new FakeFileSystem();
    fs.files.set(LOG, numbered(1, 12_000));
    expect(readLogTail(fs, LOG, 50_000).lines).toBe(10_000);
  });
});

describe('rendererLogLine', () => {
  it('keeps a renderer message on one line', () => {
    expect(rendererLogLine('first\r\n[2026-01-01] [info] forged\nthird')).toBe(
      'first \u23ce [2026-01-01] [info] forged \u23ce third',
    );
    expect(rendererLogLine('plain')).toBe('plain');
  });
});
