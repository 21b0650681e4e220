import { describe, expect, it } from 'vitest';
import { charLength, isBlank, takeChars } from './text';

describe('text helpers', () => {
  it('§5 lengths count characters as code points', () => {
    expect(charLength('abc')).toBe(3);
    expect(charLength('😀😀')).toBe(2);
    expect(charLength('群聊')).toBe(2);
  });

  it('§9 previews cut at whole characters', () => {
    expect(takeChars('😀abc', 2)).toBe('😀a');
    expect(takeChars('abc', 10)).toBe('abc');
    expect(takeChars('abc', 0)).toBe('');
    expect(takeChars('abc', -1)).toBe('');
    expect(takeChars('abc', 3)).toBe('abc');
    expect(takeChars('😀😀😀', 2)).toBe('😀😀');
    expect(takeChars('a😀b', 3)).toBe('a😀b');
    expect(takeChars('a😀😀', 2)).toBe('a😀');
  });

  it('§5 blank text counts as empty', () => {
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(' \n')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
