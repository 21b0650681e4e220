import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { DeferredSessionStart, RemoteError } from '@teamim/application';
import { hasStoredCredentials } from './credentials';
import { failureText } from './errors';
import { MemoryStore } from './test-store';

describe('route guard credentials (spec §2)', () => {
  it('needs both a user id and an IM token, and blank counts as missing', () => {
    const store = new MemoryStore();
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

describe('server error texts (spec §8)', () => {
  it('known codes show the spec text, others the server message, codeless failures the generic text', () => {
    expect(failureText(new RemoteError(20001, 'PasswordError'))).toEqual({
      kind: 'i18n',
      i18nKey: 'error.wrongPassword',
    });
    expect(failureText(new RemoteError(20002, 'x'))).toEqual({
      kind: 'i18n',
      i18nKey: 'error.accountNotFound',
    });
    expect(failureText(new RemoteError(20005, 'x'))).toEqual({ kind: 'i18n', i18nKey: 'error.tooFrequent' });
    expect(failureText(new RemoteError(1234, 'server says no'))).toEqual({
      kind: 'raw',
      text: 'server says no',
    });
    expect(failureText(new Error('boom'))).toEqual({ kind: 'i18n', i18nKey: 'toast.accessFailed' });
  });
});
