/** How a code chunk's load is tried again; the defaults suit a network that comes and goes. */
export interface RetryOptions {
  /** Loads tried while the browser says it is online, the first included. */
  readonly attempts?: number;
  /** The pause before the second load; it doubles for each further one. */
  readonly delayMs?: number;
  /** The browser's view of the network (tests give their own). */
  readonly network?: NetworkSignals;
}

/** The part of `window` and `navigator` the retry reads. */
export interface NetworkSignals {
  isOnline(): boolean;
  /** Calls `listener` once when the browser is online again; returns a function that stops waiting. */
  onceOnline(listener: () => void): () => void;
}

const browserNetwork: NetworkSignals = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  onceOnline(listener) {
    window.addEventListener('online', listener, { once: true });
    return () => window.removeEventListener('online', listener);
  },
};

/**
 * Wraps a dynamic import (a lazily loaded chunk) so that a network loss does not make it fail for good:
 * while the browser is offline the load waits for it to be online again, and a load that fails while
 * online is tried again after a pause, a few times. The returned function shares one load between its
 * callers; after a final failure the next call starts again, so nothing stays broken until a reload.
 */
export function retryingImport<T>(load: () => Promise<T>, options: RetryOptions = {}): () => Promise<T> {
  const attempts = options.attempts ?? 4;
  const delayMs = options.delayMs ?? 1_000;
  const network = options.network ?? browserNetwork;
  let pending: Promise<T> | undefined;
  const run = async (): Promise<T> => {
    for (let tried = 1; ; tried += 1) {
      if (!network.isOnline()) await new Promise<void>((resolve) => network.onceOnline(resolve));
      try {
        return await load();
      } catch (error) {
        // Offline now: the loss explains the failure, and the wait above does not count as a try.
        if (network.isOnline() && tried >= attempts) throw error;
        if (network.isOnline()) await pause(delayMs * 2 ** (tried - 1));
        else tried -= 1;
      }
    }
  };
  return () =>
    (pending ??= run().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
