import { describe, expect, it, vi } from 'vitest';
import { nestByDots } from './nest';

describe('translate before any locale table is loaded', () => {
  it('gives the key itself, with or without parameters, until the locale is provided', async () => {
    vi.resetModules();
    // A fresh copy of the module: the test setup's loaded tables belong to the other copy.
    const fresh = await import('./translate');
    expect(fresh.template('en-US', 'message.you')).toBe('message.you');
    expect(fresh.translate('zh-CN', 'validation.groupName.tooLong', { max: 16 })).toBe(
      'validation.groupName.tooLong',
    );
    fresh.provideLocaleMessages('zh-CN', { 'message.you': '你' } as Parameters<
      typeof fresh.provideLocaleMessages
    >[1]);
    expect(fresh.template('zh-CN', 'message.you')).toBe('你');
    expect(fresh.template('en-US', 'message.you')).toBe('message.you');
  });
});

describe('§1 nesting refuses a key below another key’s text, and names where', () => {
  it('names the text the longer key runs into, at any depth', () => {
    expect(() => nestByDots({ 'a.b': 'x', 'a.b.c.d': 'y' })).toThrow(
      new Error('i18n key a.b.c.d collides with the text at a.b'),
    );
    expect(() => nestByDots({ a: 'x', 'a.b': 'y' })).toThrow(
      new Error('i18n key a.b collides with the text at a'),
    );
    expect(() => nestByDots({ 'p.q.r': 'x', 'p.q.r.s.t': 'y' })).toThrow(
      new Error('i18n key p.q.r.s.t collides with the text at p.q.r'),
    );
  });

  it('a shorter key after a longer one collides with the group, not a text', () => {
    expect(() => nestByDots({ 'a.b.c': 'y', 'a.b': 'x' })).toThrow(
      new Error('i18n key a.b collides with another key'),
    );
  });

  it('keys that share a prefix nest side by side', () => {
    expect(nestByDots({ 'a.b.c': 'x', 'a.b.d': 'y', 'a.e': 'z', f: 'w' })).toEqual({
      a: { b: { c: 'x', d: 'y' }, e: 'z' },
      f: 'w',
    });
  });
});
