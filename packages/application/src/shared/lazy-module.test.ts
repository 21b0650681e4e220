import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once for every caller and then answers from what it loaded', async () => {
    let loads = 0;
    const lazy = lazyModule(() => Promise.resolve({ n: ++loads }));
    expect(lazy.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([lazy(), lazy()]);
    expect(a).toBe(b);
    expect(await lazy()).toBe(a);
    expect(lazy.loaded()).toBe(a);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next use loads again', async () => {
    let fail = true;
    let loads = 0;
    const lazy = lazyModule(() => {
      loads += 1;
      return fail ? Promise.reject(new Error('chunk could not be fetched')) : Promise.resolve('module');
    });
    await expect(lazy()).rejects.toThrow('chunk could not be fetched');
    expect(lazy.loaded()).toBeUndefined();
    fail = false;
    await expect(lazy()).resolves.toBe('module');
    expect(loads).toBe(2);
  });

  it('a failed prefetch is silent and leaves the load to the next use', async () => {
    let fail = true;
    const lazy = lazyModule(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(42)));
    lazy.prefetch();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = false;
    await expect(lazy()).resolves.toBe(42);
  });
});
