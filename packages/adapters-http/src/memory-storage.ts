/**
 * An in-memory implementation of the Web Storage interface (`localStorage`), with the browser's
 * observable behaviour: string coercion, `null` for missing keys, insertion-ordered `key(i)`, and an
 * optional quota so tests can see the QuotaExceededError path. For tests and non-browser hosts.
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  constructor(private readonly quotaChars = Number.POSITIVE_INFINITY) {}

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }

  setItem(key: string, value: string): void {
    const k = String(key);
    const v = String(value);
    const used = [...this.items].reduce((n, [ik, iv]) => n + (ik === k ? 0 : ik.length + iv.length), 0);
    if (used + k.length + v.length > this.quotaChars) {
      throw new DOMException(`storage quota of ${this.quotaChars} characters exceeded`, 'QuotaExceededError');
    }
    this.items.set(k, v);
  }

  removeItem(key: string): void {
    this.items.delete(String(key));
  }

  clear(): void {
    this.items.clear();
  }

  // Web Storage also exposes items as properties; nothing in TeamIM uses that form.
  [name: string]: unknown;
}
