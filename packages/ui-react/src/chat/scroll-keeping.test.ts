import { describe, expect, it } from 'vitest';
import { captureAnchor, isNearBottom, listChange, restoreAnchor, shouldLoadOlder } from './scroll-keeping';

const rows = (keys: readonly string[], height = 50) =>
  keys.map((key, index) => ({ key, start: index * height, end: (index + 1) * height }));

describe('history paging keeps the scroll position', () => {
  it('remembers the first visible message and how far into it the viewport starts', () => {
    expect(captureAnchor(rows(['a', 'b', 'c']), 70)).toEqual({ key: 'b', offset: 20 });
    expect(captureAnchor(rows(['a', 'b']), 500)).toBeUndefined();
  });

  it('after 20 older messages come in above, the same message is back at the same place', () => {
    const before = rows(['m1', 'm2', 'm3']);
    const anchor = captureAnchor(before, 10);
    const older = Array.from({ length: 20 }, (_, i) => `old${i}`);
    const after = rows([...older, 'm1', 'm2', 'm3']);
    // 20 rows of 50 px now sit above m1, so the viewport moves down by 1000 px.
    expect(anchor && restoreAnchor(anchor, after)).toBe(1010);
  });

  it('uses the measured positions, not a fixed row height', () => {
    const after = [
      { key: 'old', start: 0, end: 137 },
      { key: 'm1', start: 137, end: 180 },
    ];
    expect(restoreAnchor({ key: 'm1', offset: 5 }, after)).toBe(142);
  });

  it('gives nothing when the anchor message is gone', () => {
    expect(restoreAnchor({ key: 'gone', offset: 0 }, rows(['a']))).toBeUndefined();
  });

  it('loads older messages only at the top, when there are more and none are loading', () => {
    expect(shouldLoadOlder({ scrollTop: 10, hasMore: true, loading: false })).toBe(true);
    expect(shouldLoadOlder({ scrollTop: 400, hasMore: true, loading: false })).toBe(false);
    expect(shouldLoadOlder({ scrollTop: 0, hasMore: false, loading: false })).toBe(false);
    expect(shouldLoadOlder({ scrollTop: 0, hasMore: true, loading: true })).toBe(false);
  });
});

describe('following new messages', () => {
  it('is at the bottom within the slack', () => {
    expect(isNearBottom(560, 400, 1000)).toBe(true);
    expect(isNearBottom(400, 400, 1000)).toBe(false);
  });

  it('tells a prepended page from an appended message', () => {
    const shape = (keys: readonly string[]) => ({
      firstKey: keys[0],
      lastKey: keys.at(-1),
      count: keys.length,
    });
    expect(listChange(shape(['b', 'c']), shape(['a', 'b', 'c']))).toBe('prepended');
    expect(listChange(shape(['b', 'c']), shape(['b', 'c', 'd']))).toBe('appended');
    expect(listChange(shape(['b', 'c']), shape(['b', 'c']))).toBe('other');
    expect(listChange(shape([]), shape(['a']))).toBe('appended');
  });
});
