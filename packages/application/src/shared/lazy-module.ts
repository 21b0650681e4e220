/**
 * A module loaded on first use (a dynamic import: a chunk of its own) that every caller shares. A
 * failed load is not kept: the next call loads again, so a chunk that could not be fetched (offline, a
 * deployment in between) is retried on next use instead of staying broken until a reload.
 */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let value: { readonly module: T } | undefined;
  const get = (): Promise<T> =>
    (pending ??= load().then(
      (module) => {
        value = { module };
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return Object.assign(get, {
    loaded: (): T | undefined => value?.module,
    prefetch: (): void => {
      // A failed prefetch is only a missed head start: the first real use loads again.
      get().catch(() => undefined);
    },
  });
}

export interface LazyModule<T> {
  /** The module, loading it on the first call (and again after a failed load). */
  (): Promise<T>;
  /** The module if a load has finished, else undefined (for code that can do without it for now). */
  loaded(this: void): T | undefined;
  /** Starts the load without waiting for it (an idle-time head start); failures are left to the next use. */
  prefetch(this: void): void;
}
