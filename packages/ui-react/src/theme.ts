import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The system's colour scheme, following changes while the app runs. */
export function useSystemColorScheme(): ColorScheme {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'),
    () => 'light',
  );
}

export function themeFor(scheme: ColorScheme): Theme {
  return scheme === 'dark' ? webDarkTheme : webLightTheme;
}
