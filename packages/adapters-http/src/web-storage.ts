import { KeyValueStore, type LocalStore, type SessionStore } from '@teamim/application';

/** Thrown when the browser refuses to store a value (quota exceeded, storage disabled). */
export class StorageWriteError extends Error {
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(`could not store "${key}": ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageWriteError';
  }
}

/**
 * A key-value port over a Web Storage object: the one implementation of both ports below, which add
 * nothing to it (a port is a DI token with the four operations of {@link KeyValueStore}).
 */
abstract class WebStorageStore extends KeyValueStore {
  constructor(private readonly storage: Storage) {
    super();
  }

  get(key: string): string | undefined {
    return this.storage.getItem(key) ?? undefined;
  }

  set(key: string, value: string): void {
    try {
      this.storage.setItem(key, value);
    } catch (cause: unknown) {
      throw new StorageWriteError(key, cause);
    }
  }

  remove(key: string): void {
    this.storage.removeItem(key);
  }

  clear(): void {
    this.storage.clear();
  }
}

/**
 * {@link LocalStore} over `window.localStorage`: area code, phone, e-mail, login method, locale and
 * the pinned messages (`pinned_message_<conversationID>`), under the spec's keys (STORAGE_KEYS).
 */
export class WebLocalStore extends WebStorageStore implements LocalStore {}

/** {@link SessionStore} over `window.sessionStorage`: IM token, chat token, user id. */
export class WebSessionStore extends WebStorageStore implements SessionStore {}

/** The browser's local storage as a {@link LocalStore}; pass another Storage in tests. */
export function createLocalStore(storage: Storage = globalThis.localStorage): WebLocalStore {
  return new WebLocalStore(storage);
}

/** The browser's session storage as a {@link SessionStore}; pass another Storage in tests. */
export function createSessionStore(storage: Storage = globalThis.sessionStorage): WebSessionStore {
  return new WebSessionStore(storage);
}
