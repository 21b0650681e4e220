import { STORAGE_KEYS, pinnedMessagesStorageKey } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { StorageWriteError, WebLocalStore, WebSessionStore, createLocalStore } from './web-storage';

describe('web storage adapters (spec §3 local and session storage)', () => {
  it('writes the spec keys straight into the underlying Storage', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    new WebLocalStore(local).set(STORAGE_KEYS.local.areaCode, '+86');
    new WebSessionStore(session).set(STORAGE_KEYS.session.imToken, 'tok');
    expect(local.getItem('IM_AREA_CODE')).toBe('+86');
    expect(session.getItem('IM_TOKEN')).toBe('tok');
    expect(local.getItem('IM_TOKEN')).toBeNull();
  });

  it('reads values another writer put there, and reports a missing key as undefined', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.local.locale, 'en-US');
    const store = new WebLocalStore(storage);
    expect(store.get(STORAGE_KEYS.local.locale)).toBe('en-US');
    expect(store.get(STORAGE_KEYS.local.email)).toBeUndefined();
  });

  it('keeps the pinned-message list under pinned_message_<conversationID>', () => {
    const storage = new MemoryStorage();
    const store = new WebLocalStore(storage);
    store.set(pinnedMessagesStorageKey('si_a_b'), '[]');
    expect(storage.getItem('pinned_message_si_a_b')).toBe('[]');
  });

  it('turns a full storage into a typed error naming the key', () => {
    const store = createLocalStore(new MemoryStorage(10));
    expect(() => store.set('k', 'x'.repeat(20))).toThrow(StorageWriteError);
    expect(() => store.set('k', 'x'.repeat(20))).toThrow(/could not store "k"/);
    expect(store.get('k')).toBeUndefined();
  });
});
