import { lazyModule } from './lazy-module';

/**
 * A session service whose code loads on first use (a chunk of its own, off the conversation list's first
 * load), declared in `SESSION_BINDINGS` with `lazyService`. It is built once per session, from the same
 * kind of dependency tokens as any service, and disposed when the session closes if it was built.
 */
export interface LazyService<T> {
  /** The service: the first call loads its module and builds it; every later call gets the same one. */
  (): Promise<T>;
  /** The service if it has been built, else undefined (for code that can do without it for now). */
  loaded(this: void): T | undefined;
  /** Starts the load and the build without waiting (a head start when its first use is near). */
  prefetch(this: void): void;
}

/** What the scope gives each lazy service: how to build it once loaded, and whether the session ended. */
export interface LazyServiceHost<T> {
  readonly build: (create: (args: readonly unknown[]) => T) => T;
  readonly closed: () => boolean;
}

/**
 * A {@link LazyService} over `load` (which resolves to the service's constructor call). A failed load is
 * not kept (the next call loads again); a load that finishes after the session closed builds nothing.
 */
export function buildOnFirstUse<T>(
  load: () => Promise<(args: readonly unknown[]) => T>,
  host: LazyServiceHost<T>,
): LazyService<T> {
  const module = lazyModule(load);
  let instance: { readonly service: T } | undefined;
  const get = async (): Promise<T> => {
    if (instance !== undefined) return instance.service;
    const create = await module();
    if (host.closed()) throw new Error('the session closed before the service was built');
    // Calls that waited for the same load get the service the first of them built.
    instance ??= { service: host.build(create) };
    return instance.service;
  };
  return Object.assign(get, {
    loaded: (): T | undefined => instance?.service,
    prefetch: (): void => {
      // A failed head start is only a missed head start: the first real use loads again.
      get().catch(() => undefined);
    },
  });
}
