import type { KeyValueStore } from '@teamim/application';
import { STORAGE_KEYS, pinnedMessagesStorageKey } from '@teamim/domain';
import { beforeEach, describe, expect, it } from 'vitest';

/**
 * The KeyValueStore contract (LocalStore and SessionStore, spec §3 storage keys), run against the
 * in-memory stores and the Web Storage adapters alike. `reopen` gives a second store over the same
 * storage, as a page reload would.
 */
export function keyValueStoreContract(
  side: string,
  make: () => { readonly store: KeyValueStore; readonly reopen: () => KeyValueStore },
): void {
  describe(`KeyValueStore contract: ${side}`, () => {
    let store: KeyValueStore;
    let reopen: () => KeyValueStore;
    beforeEach(() => {
      ({ store, reopen } = make());
    });

    it('reports a key never written as undefined', () => {
      expect(store.get(STORAGE_KEYS.session.imToken)).toBeUndefined();
    });

    it('returns what was written, exactly, and the last write wins', () => {
      store.set(STORAGE_KEYS.local.phoneNumber, ' 13800000001 ');
      expect(store.get(STORAGE_KEYS.local.phoneNumber)).toBe(' 13800000001 ');
      store.set(STORAGE_KEYS.local.phoneNumber, '13800000002');
      expect(store.get(STORAGE_KEYS.local.phoneNumber)).toBe('13800000002');
    });

    it('keeps an empty string apart from a missing key', () => {
      store.set(STORAGE_KEYS.local.email, '');
      expect(store.get(STORAGE_KEYS.local.email)).toBe('');
    });

    it('keeps keys apart, case included', () => {
      store.set('IM_LOCALE', 'en-US');
      expect(store.get('im_locale')).toBeUndefined();
      expect(store.get(STORAGE_KEYS.local.locale)).toBe('en-US');
    });

    it('removes one key and leaves the others', () => {
      store.set(STORAGE_KEYS.session.imToken, 'im');
      store.set(STORAGE_KEYS.session.chatToken, 'chat');
      store.remove(STORAGE_KEYS.session.imToken);
      store.remove('never-written');
      expect(store.get(STORAGE_KEYS.session.imToken)).toBeUndefined();
      expect(store.get(STORAGE_KEYS.session.chatToken)).toBe('chat');
    });

    it('clears every key it holds', () => {
      store.set(STORAGE_KEYS.session.userID, 'u1');
      store.set(pinnedMessagesStorageKey('si_u1_u2'), '[]');
      store.clear();
      expect(store.get(STORAGE_KEYS.session.userID)).toBeUndefined();
      expect(store.get(pinnedMessagesStorageKey('si_u1_u2'))).toBeUndefined();
    });

    it('round-trips JSON such as the pinned-message list, also through a reopened store', () => {
      const pinned = JSON.stringify([{ clientMsgID: 'm1', text: '你好 👋', sendTime: 1_700_000_000_000 }]);
      store.set(pinnedMessagesStorageKey('sg_g1'), pinned);
      expect(JSON.parse(reopen().get(pinnedMessagesStorageKey('sg_g1')) ?? 'null')).toEqual(
        JSON.parse(pinned),
      );
    });
  });
}
