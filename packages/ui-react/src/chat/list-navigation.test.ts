import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from './list-navigation';

describe('conversation list keyboard navigation', () => {
  it('arrows move by one and stop at the ends', () => {
    expect(nextActiveIndex('ArrowDown', 0, 3, 5)).toBe(1);
    expect(nextActiveIndex('ArrowDown', 2, 3, 5)).toBe(2);
    expect(nextActiveIndex('ArrowUp', 1, 3, 5)).toBe(0);
    expect(nextActiveIndex('ArrowUp', 0, 3, 5)).toBe(0);
  });

  it('from no active row, ArrowDown and ArrowUp both start at the first row', () => {
    expect(nextActiveIndex('ArrowDown', -1, 3, 5)).toBe(0);
    expect(nextActiveIndex('ArrowUp', -1, 3, 5)).toBe(0);
  });

  it('Home, End and the page keys jump', () => {
    expect(nextActiveIndex('Home', 7, 10_000, 9)).toBe(0);
    expect(nextActiveIndex('End', 7, 10_000, 9)).toBe(9_999);
    expect(nextActiveIndex('PageDown', 7, 10_000, 9)).toBe(16);
    expect(nextActiveIndex('PageUp', 7, 10_000, 9)).toBe(0);
  });

  it('an active index beyond a shrunk list is brought back into it', () => {
    expect(nextActiveIndex('ArrowDown', 50, 3, 5)).toBe(2);
  });

  it('an empty list has no active row; other keys are not navigation', () => {
    expect(nextActiveIndex('ArrowDown', 0, 0, 5)).toBe(-1);
    expect(nextActiveIndex('Enter', 0, 3, 5)).toBeUndefined();
  });
});
