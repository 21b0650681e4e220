import { describe, expect, it } from 'vitest';
import { formatBytes, resolveObjectLimits } from './limits';
import { nameRefusal, objectUrl } from './names';
import { parseRange } from './range';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=5-', { kind: 'partial', start: 5, end: 9 }],
    ['bytes=-3', { kind: 'partial', start: 7, end: 9 }],
    ['bytes=-30', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=8-100', { kind: 'partial', start: 8, end: 9 }],
    ['bytes=10-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'full' }],
    ['bytes=1-2,4-5', { kind: 'full' }],
    ['lines=1-2', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%s on 10 bytes', (header, expected) => {
    expect(parseRange(header, 10)).toEqual(expected);
  });
});

describe('names', () => {
  it('admins may use any well-formed name, users only their own prefix', () => {
    expect(nameRefusal('shared/logo.png', 'imAdmin', true)).toBeUndefined();
    expect(nameRefusal('logo.png', 'imAdmin', true)).toBeUndefined();
    expect(nameRefusal('../logo.png', 'imAdmin', true)).toContain('..');
    expect(nameRefusal('u1/a/b/c.txt', 'u1', false)).toBeUndefined();
    expect(nameRefusal('u10/c.txt', 'u1', false)).toContain('must start with "u1/"');
  });
  it('encodes every segment of the URL', () => {
    expect(objectUrl('http://h/api/object', 'u1/msg_file_1/a b#?.pdf')).toBe(
      'http://h/api/object/u1/msg_file_1/a%20b%23%3F.pdf',
    );
  });
});

describe('limits', () => {
  it('formats sizes for messages', () => {
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MiB');
    expect(formatBytes(64 * 1024)).toBe('64 KiB');
    expect(formatBytes(65537)).toBe('65537 bytes');
  });
  it('normalises patterns and the base URL', () => {
    const l = resolveObjectLimits({ allowedTypes: [' Image/* '], publicBaseUrl: 'https://x.test/api///' });
    expect(l.allowedTypes).toEqual(['image/*']);
    expect(l.publicBaseUrl).toBe('https://x.test/api');
    expect(() => resolveObjectLimits({ publicBaseUrl: 'ftp://x' })).toThrow(/http/);
    expect(() => resolveObjectLimits({ maxObjectBytes: 0 })).toThrow(/max bytes/);
  });
});
