import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('KeyedQueue', () => {
  it('runs tasks of one key one after another, even after a failure, and other keys side by side', async () => {
    const queue = new KeyedQueue();
    const started: string[] = [];
    const first = deferred();
    const a1 = queue.run('a', async () => {
      started.push('a1');
      await first.promise;
    });
    const a2 = queue.run('a', () => {
      started.push('a2');
      return Promise.resolve(2);
    });
    const b1 = queue.run('b', () => {
      started.push('b1');
      return Promise.resolve(1);
    });
    await b1;
    expect(started).toEqual(['a1', 'b1']);
    first.reject(new Error('a1 failed'));
    await expect(a1).rejects.toThrow('a1 failed');
    expect(await a2).toBe(2);
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });
});
