/** A clock in ms (injectable in tests). */
export interface Clock {
  now(): number;
}

/**
 * Counts failures per key in a sliding window (login attempts per account and per IP, admin secrets
 * per IP). In memory: a restart forgets them, which only ever loosens the limit for one window.
 */
export class FailureWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  private live(key: string): number[] {
    const since = this.clock.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  isBlocked(key: string): boolean {
    return this.live(key).length >= this.max;
  }

  record(key: string): void {
    const list = this.live(key);
    list.push(this.clock.now());
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(): void {
    for (const key of [...this.hits.keys()]) this.live(key);
  }
}
