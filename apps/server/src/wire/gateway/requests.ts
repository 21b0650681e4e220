import { WsErrCode, type WsError } from '../contract';

/**
 * The requests of one connection, processed one at a time in arrival order (the SDK serializes its requests
 * and waits for each answer). A plain array and one continuation per item instead of a promise chain: three
 * promises and closures per request were a visible share of the send path's garbage (bench/server-load).
 */
export class RequestQueue<T> {
  private readonly pending: T[] = [];
  private busy = false;

  constructor(
    private readonly process: (item: T) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly limit: number,
  ) {}

  /** Requests waiting or running. */
  get size(): number {
    return this.pending.length + (this.busy ? 1 : 0);
  }

  /** Queues an item, starting it when idle; false (nothing queued) when `limit` are already waiting or running. */
  push(item: T): boolean {
    if (this.size >= this.limit) return false;
    this.pending.push(item);
    if (!this.busy) this.next();
    return true;
  }

  private next(): void {
    const item = this.pending.shift();
    if (item === undefined) {
      this.busy = false;
      return;
    }
    this.busy = true;
    this.process(item).then(
      () => this.next(),
      (err: unknown) => {
        this.onError(err);
        this.next();
      },
    );
  }
}

export const TIMED_OUT: WsError = { errCode: WsErrCode.ServerInternalError, errMsg: 'request timed out' };

/**
 * Answers handlers that outlive their deadline with {@link TIMED_OUT}, so a stuck handler does not stall its
 * connection's queue past the SDK's own 10 s. One sweeper for all running handlers instead of a timer and a
 * Promise.race per request (a visible share of the send path's garbage); a late result is dropped.
 */
export class Deadlines {
  private readonly running = new Set<{ deadline: number; timedOut: (e: WsError) => void }>();
  private readonly sweepEveryMs: number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.sweepEveryMs = Math.max(5, Math.min(1_000, Math.floor(timeoutMs / 4)));
  }

  /** Handlers still running. */
  get size(): number {
    return this.running.size;
  }

  withTimeout<T>(p: Promise<T>): Promise<T | WsError> {
    return new Promise<T | WsError>((resolve, reject) => {
      const entry = { deadline: this.now() + this.timeoutMs, timedOut: resolve };
      this.running.add(entry);
      if (!this.sweeper) {
        this.sweeper = setInterval(() => this.sweep(), this.sweepEveryMs);
        this.sweeper.unref();
      }
      p.then(
        (v) => {
          if (this.running.delete(entry)) resolve(v);
        },
        (err: unknown) => {
          if (this.running.delete(entry)) reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /** Answers the late handlers; stops the timer once none is running. */
  sweep(): void {
    const now = this.now();
    for (const r of this.running) {
      if (r.deadline <= now) {
        this.running.delete(r);
        r.timedOut(TIMED_OUT);
      }
    }
    if (this.running.size === 0) this.stop();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
