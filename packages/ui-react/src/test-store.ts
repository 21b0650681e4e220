import { LocalStore } from '@teamim/application';

/** A plain in-memory key-value store for the UI's unit tests. */
export class MemoryStore extends LocalStore {
  private readonly values = new Map<string, string>();
  get(key: string): string | undefined {
    return this.values.get(key);
  }
  set(key: string, value: string): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
  clear(): void {
    this.values.clear();
  }
}
