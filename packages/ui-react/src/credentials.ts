import { hasStoredSession, STORAGE_KEYS } from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';

/** The route guard of spec §2 (the domain's rule) over the tab's session storage. */
export function hasStoredCredentials(store: Pick<KeyValueStore, 'get'>): boolean {
  return hasStoredSession({
    userID: store.get(STORAGE_KEYS.session.userID),
    token: store.get(STORAGE_KEYS.session.imToken),
  });
}
