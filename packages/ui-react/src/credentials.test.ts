import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { DeferredSessionStart } from '@teamim/application';
import { InMemoryLocalStore } from '@teamim/application/testing';
import { hasStoredCredentials } from './credentials';

describe('route guard credentials (spec §2)', () => {
  it('needs both a user id and an IM token, and blank counts as missing', () => {
    const store = new InMemoryLocalStore();
    expect(hasStoredCredentials(store)).toBe(false);
    new DeferredSessionStart(store).storeCredentials('u1', 'im', 'chat');
    expect(hasStoredCredentials(store)).toBe(true);
    expect(store.get(STORAGE_KEYS.session.chatToken)).toBe('chat');
    store.set(STORAGE_KEYS.session.imToken, '');
    expect(hasStoredCredentials(store)).toBe(false);
    store.set(STORAGE_KEYS.session.imToken, 'im');
    store.remove(STORAGE_KEYS.session.userID);
    expect(hasStoredCredentials(store)).toBe(false);
  });
});
