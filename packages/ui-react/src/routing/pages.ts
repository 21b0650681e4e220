import { retryingImport } from '../retrying-import';

/** The Contacts pages' code; the routes render it, the shell fetches it while idle once signed in. */
export const loadContactsPages = retryingImport(() => import('../contacts'));

/** Fetches the Contacts pages ahead of the first visit; a failure is left to that visit. */
export function preloadContactsPages(): void {
  loadContactsPages().catch(() => undefined);
}
