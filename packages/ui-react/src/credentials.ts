import { STORAGE_KEYS } from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';
import type { AccountCredentials } from './services';

/** Spec §2 guard: both a stored user id and a stored IM token must exist (blank counts as missing). */
export function hasStoredCredentials(store: Pick<KeyValueStore, 'get'>): boolean {
  const userID = store.get(STORAGE_KEYS.session.userID);
  const token = store.get(STORAGE_KEYS.session.imToken);
  return userID !== undefined && userID !== '' && token !== undefined && token !== '';
}

/** Stores a login's credentials under the spec's session keys; the shell's bootstrap reads them. */
export function storeCredentials(store: Pick<KeyValueStore, 'set'>, credentials: AccountCredentials): void {
  store.set(STORAGE_KEYS.session.userID, credentials.userID);
  store.set(STORAGE_KEYS.session.imToken, credentials.imToken);
  store.set(STORAGE_KEYS.session.chatToken, credentials.chatToken);
}
