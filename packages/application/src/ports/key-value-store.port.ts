/**
 * A synchronous string key-value store (browser local or session storage, or
 * the desktop equivalent). Values are strings; callers serialise JSON.
 */
export abstract class KeyValueStore {
  abstract get(key: string): string | undefined;
  abstract set(key: string, value: string): void;
  abstract remove(key: string): void;
  /** Removes every key this store holds. */
  abstract clear(): void;
}

/** Storage that survives restarts (spec §3: area code, phone, e-mail, login method, locale, pins). */
export abstract class LocalStore extends KeyValueStore {}

/** Storage for the running session only (spec §3: IM token, chat token, user id). */
export abstract class SessionStore extends KeyValueStore {}
