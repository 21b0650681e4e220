import { describe, expect, it } from 'vitest';
import { isThemePreference, resolveColorScheme, THEME_PREFERENCES } from './appearance';

describe('Account settings (beyond the spec): the theme, the system one or a fixed light or dark one', () => {
  it('the three theme choices are system, light and dark', () => {
    expect(THEME_PREFERENCES).toEqual(['system', 'light', 'dark']);
  });

  it('accepts every theme choice as stored', () => {
    for (const value of ['system', 'light', 'dark']) expect(isThemePreference(value), value).toBe(true);
  });

  it('rejects other strings, other cases and non-strings', () => {
    for (const value of ['', 'Dark', 'LIGHT', 'auto', 'dark ', 'system-dark'])
      expect(isThemePreference(value), JSON.stringify(value)).toBe(false);
    for (const value of [undefined, null, 0, 1, true, ['dark'], { theme: 'dark' }])
      expect(isThemePreference(value), JSON.stringify(value)).toBe(false);
  });

  it('the system choice follows the system colour scheme', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
  });

  it('a fixed choice ignores the system colour scheme', () => {
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('light', false)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('dark', true)).toBe('dark');
  });
});
