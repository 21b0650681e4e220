import { STORAGE_KEYS } from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';

/** Spec §2 guard: both a stored user id and a stored IM token must exist (blank counts as missing). */
export function hasStoredCredentials(store: Pick<KeyValueStore, 'get'>): boolean {
  const userID = store.get(STORAGE_KEYS.session.userID);
  const token = store.get(STORAGE_KEYS.session.imToken);
  return userID !== undefined && userID !== '' && token !== undefined && token !== '';
}
