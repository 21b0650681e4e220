/** Spec §2 account settings (beyond the spec): which theme the user chose: a fixed one or the system's. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ColorScheme = 'light' | 'dark';

export function isThemePreference(value: unknown): value is ThemePreference {
  // includes() compares with SameValueZero, so no value but one of these strings passes.
  return (THEME_PREFERENCES as readonly unknown[]).includes(value);
}

export function resolveColorScheme(preference: ThemePreference, systemDark: boolean): ColorScheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}
