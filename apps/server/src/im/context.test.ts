import { describe, expect, it } from 'vitest';
import { mulberry32, randomString } from '../wire/testing/random';
import { byteCompare, newServerMsgID, singleConversationID } from './context';

describe('byteCompare (Go sort.Strings order)', () => {
  it('orders strings as their UTF-8 bytes compare', () => {
    const rnd = mulberry32(3);
    // U+E000..U+FFFF sort below astral characters in UTF-8 but above surrogates in UTF-16.
    const extra = ['\uE000', '\uFFFD', '\uFF5E', 'a', ''];
    for (let i = 0; i < 3_000; i++) {
      const pick = (): string =>
        rnd() < 0.3
          ? `${randomString(rnd, 3)}${extra[Math.floor(rnd() * extra.length)]}`
          : randomString(rnd, 6);
      const a = pick();
      const b = rnd() < 0.2 ? a : pick();
      expect(byteCompare(a, b)).toBe(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
    }
    expect(byteCompare('\uFFFD', '😀')).toBe(-1);
    expect(singleConversationID('😀', '\uE000')).toBe('si_\uE000_😀');
  });
});

describe('newServerMsgID', () => {
  it('gives distinct 32-hex IDs', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newServerMsgID('u1', 1)));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
