import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

describe('md5Hex (spec §7: passwords and pay passwords are MD5-hashed by the client)', () => {
  // The test suite of RFC 1321 appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('md5(%j) = %s', (input, digest) => {
    expect(md5Hex(input)).toBe(digest);
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // md5 of the UTF-8 bytes e4 b8 ad e6 96 87 ("中文").
    expect(md5Hex('中文')).toBe('a7bac2239fcdcb3a067903d8077c4a07');
  });

  // Reference digests from Node's crypto, at the lengths where padding spills into a second block.
  it.each([
    [55, '04364420e25c512fd958a70738aa8f72'],
    [56, '668a72d5ba17f08e62dabcafad6db14b'],
    [63, '7dc2ca208106a2f703567bdff99d8981'],
    [64, 'c1bb4f81d892b2d57947682aeb252456'],
    [65, '1bc932052302d074bdec39795fe00cf6'],
  ])('pads correctly at %i bytes', (length, digest) => {
    expect(md5Hex('x'.repeat(length))).toBe(digest);
  });
});
