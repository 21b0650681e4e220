import { describe, expect, it } from 'vitest';
import { isLocale, LOCALES } from './settings';

describe('§1 Two locales: zh-CN (default) and en-US', () => {
  it('accepts exactly the two supported locales', () => {
    expect(LOCALES).toEqual(['zh-CN', 'en-US']);
    expect(isLocale('zh-CN')).toBe(true);
    expect(isLocale('en-US')).toBe(true);
  });

  it('rejects other tags, other spellings and non-strings', () => {
    for (const value of ['', 'zh', 'zh-cn', 'en_US', 'zh-TW', ' en-US'])
      expect(isLocale(value), JSON.stringify(value)).toBe(false);
    for (const value of [undefined, null, 0, ['zh-CN'], { locale: 'en-US' }])
      expect(isLocale(value), JSON.stringify(value)).toBe(false);
  });
});
