import { describe, expect, it } from 'vitest';
import { buildOnFirstUse } from './lazy-service';

class Counter {
  constructor(readonly start: number) {}
}

describe('buildOnFirstUse', () => {
  const setup = (fails = 0) => {
    const calls = { loads: 0, builds: 0 };
    let closed = false;
    const lazy = buildOnFirstUse<Counter>(
      () => {
        calls.loads += 1;
        if (calls.loads <= fails) return Promise.reject(new Error('offline'));
        return Promise.resolve((args: readonly unknown[]) => new Counter(args.length));
      },
      {
        build: (create) => {
          calls.builds += 1;
          return create([1, 2]);
        },
        closed: () => closed,
      },
    );
    return { lazy, calls, close: () => (closed = true) };
  };

  it('loads and builds nothing until first used, then builds once for every caller', async () => {
    const { lazy, calls } = setup();
    expect(calls).toEqual({ loads: 0, builds: 0 });
    expect(lazy.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([lazy(), lazy()]);
    expect(a).toBe(b);
    expect(a.start).toBe(2);
    expect(await lazy()).toBe(a);
    expect(lazy.loaded()).toBe(a);
    expect(calls).toEqual({ loads: 1, builds: 1 });
  });

  it('a failed load is tried again on the next use, and a failed prefetch only misses its head start', async () => {
    const { lazy, calls } = setup(2);
    lazy.prefetch();
    await Promise.resolve();
    await expect(lazy()).rejects.toThrow('offline');
    const service = await lazy();
    expect(service).toBeInstanceOf(Counter);
    expect(calls).toEqual({ loads: 3, builds: 1 });
  });

  it('builds nothing once the session has closed', async () => {
    const { lazy, calls, close } = setup();
    const pending = lazy();
    close();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(lazy()).rejects.toThrow(/closed/);
    expect(calls.builds).toBe(0);
    expect(lazy.loaded()).toBeUndefined();
  });
});
