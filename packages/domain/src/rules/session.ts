import { DEFAULT_LOCALE, isLocale, LoadState } from '../entities/settings';
import type { Locale } from '../entities/settings';

/** §2/§4 Session rules. */

/** The route guard: both a stored user id and a stored token must exist. */
export function hasStoredSession(stored: {
  readonly userID?: string | null;
  readonly token?: string | null;
}): boolean {
  return (
    typeof stored.userID === 'string' &&
    stored.userID !== '' &&
    typeof stored.token === 'string' &&
    stored.token !== ''
  );
}

/** §4 Sync progress shows over the shell only while reinstalling and syncing. */
export function shouldShowSyncProgress(state: {
  readonly reinstalling: boolean;
  readonly syncState: LoadState;
}): boolean {
  return state.reinstalling && state.syncState === LoadState.Loading;
}

/**
 * §9 Locale: the desktop app's stored language, else the stored locale, else zh-CN. Unknown
 * values are ignored.
 */
export function resolveLocale(sources: {
  readonly desktopLanguage?: string | null;
  readonly storedLocale?: string | null;
}): Locale {
  if (isLocale(sources.desktopLanguage)) return sources.desktopLanguage;
  if (isLocale(sources.storedLocale)) return sources.storedLocale;
  return DEFAULT_LOCALE;
}
