import { LocalStore, SessionStore } from '@teamim/application';

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

/** The four operations every key-value port needs, over any Web Storage object. */
function webStorageOps(storage: Storage): {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
  clear(): void;
} {
  return {
    get: (key) => storage.getItem(key) ?? undefined,
    set: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch (cause: unknown) {
        throw new StorageWriteError(key, cause);
      }
    },
    remove: (key) => storage.removeItem(key),
    clear: () => storage.clear(),
  };
}

/**
 * {@link LocalStore} over `window.localStorage`: area code, phone, e-mail, login method, locale and
 * the pinned messages (`pinned_message_<conversationID>`), under the spec's keys (STORAGE_KEYS).
 */
export class WebLocalStore extends LocalStore {
  private readonly ops: ReturnType<typeof webStorageOps>;
  constructor(storage: Storage) {
    super();
    this.ops = webStorageOps(storage);
  }
  get(key: string): string | undefined {
    return this.ops.get(key);
  }
  set(key: string, value: string): void {
    this.ops.set(key, value);
  }
  remove(key: string): void {
    this.ops.remove(key);
  }
  clear(): void {
    this.ops.clear();
  }
}

/** {@link SessionStore} over `window.sessionStorage`: IM token, chat token, user id. */
export class WebSessionStore extends SessionStore {
  private readonly ops: ReturnType<typeof webStorageOps>;
  constructor(storage: Storage) {
    super();
    this.ops = webStorageOps(storage);
  }
  get(key: string): string | undefined {
    return this.ops.get(key);
  }
  set(key: string, value: string): void {
    this.ops.set(key, value);
  }
  remove(key: string): void {
    this.ops.remove(key);
  }
  clear(): void {
    this.ops.clear();
  }
}

/** The browser's local storage as a {@link LocalStore}; pass another Storage in tests. */
export function createLocalStore(storage: Storage = globalThis.localStorage): WebLocalStore {
  return new WebLocalStore(storage);
}

/** The browser's session storage as a {@link SessionStore}; pass another Storage in tests. */
export function createSessionStore(storage: Storage = globalThis.sessionStorage): WebSessionStore {
  return new WebSessionStore(storage);
}
