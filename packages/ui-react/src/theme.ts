import { makeStaticStyles, webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
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

/** The page itself: the app fills the window exactly, so no page scrollbar ever appears. */
export const useDocumentStyles = makeStaticStyles({
  'html, body, #root': { height: '100%', margin: 0, padding: 0 },
  // Only the app's own provider fills the window. A class on the provider would also be copied to the
  // portal nodes (dialogs, menus, toasts) after #root: full-height and in the flow, they pushed the page
  // down, and focusing a toast or a dialog scrolled the whole app out of view.
  '#root > .fui-FluentProvider': { height: '100%' },
  body: { overflow: 'hidden' },
});
