import { describe, expect, it } from 'vitest';
import { err, isOk, mapResult, ok } from './result';

describe('Result', () => {
  it('maps a success and keeps a failure untouched', () => {
    expect(mapResult(ok(2), (n) => n * 3)).toEqual({ ok: true, value: 6 });
    const failure = err('nope');
    expect(mapResult(failure, (n: number) => n * 3)).toBe(failure);
  });

  it('narrows with isOk', () => {
    expect(isOk(ok(1))).toBe(true);
    expect(isOk(err(new Error('x')))).toBe(false);
  });
});
