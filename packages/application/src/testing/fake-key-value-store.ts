import { LocalStore, SessionStore } from '../ports/key-value-store.port';

export class InMemoryLocalStore extends LocalStore {
  readonly data = new Map<string, string>();
  get(key: string): string | undefined {
    return this.data.get(key);
  }
  set(key: string, value: string): void {
    this.data.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
}

export class InMemorySessionStore extends SessionStore {
  readonly data = new Map<string, string>();
  get(key: string): string | undefined {
    return this.data.get(key);
  }
  set(key: string, value: string): void {
    this.data.set(key, value);
  }
  remove(key: string): void {
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
}
