import { describe, expect, it } from 'vitest';
import { Deadlines, RequestQueue, TIMED_OUT } from './requests';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('RequestQueue', () => {
  it('runs one item at a time, in arrival order', async () => {
    const log: string[] = [];
    const gates: (() => void)[] = [];
    const queue = new RequestQueue<string>(
      (item) => {
        log.push(`start ${item}`);
        return new Promise<void>((resolve) =>
          gates.push(() => {
            log.push(`end ${item}`);
            resolve();
          }),
        );
      },
      () => undefined,
      10,
    );
    queue.push('a');
    queue.push('b');
    queue.push('c');
    expect(log).toEqual(['start a']);
    expect(queue.size).toBe(3);
    gates.shift()?.();
    await tick();
    gates.shift()?.();
    await tick();
    gates.shift()?.();
    await tick();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.size).toBe(0);
  });

  it('reports a failing item and goes on with the next', async () => {
    const errors: unknown[] = [];
    const done: string[] = [];
    const queue = new RequestQueue<string>(
      (item) => (item === 'bad' ? Promise.reject(new Error('boom')) : (done.push(item), Promise.resolve())),
      (err) => errors.push(err),
      10,
    );
    queue.push('bad');
    queue.push('good');
    await tick();
    await tick();
    expect(errors).toHaveLength(1);
    expect(done).toEqual(['good']);
  });

  it('refuses an item beyond the limit of waiting and running ones', () => {
    const queue = new RequestQueue<number>(
      () => new Promise<void>(() => undefined),
      () => undefined,
      2,
    );
    expect(queue.push(1)).toBe(true);
    expect(queue.push(2)).toBe(true);
    expect(queue.push(3)).toBe(false);
    expect(queue.size).toBe(2);
  });
});

describe('Deadlines', () => {
  it('answers a handler past its deadline with the timeout error and drops its late result', async () => {
    let now = 1_000;
    const deadlines = new Deadlines(100, () => now);
    let finish: (v: string) => void = () => undefined;
    const answer = deadlines.withTimeout(new Promise<string>((resolve) => (finish = resolve)));
    now += 99;
    deadlines.sweep();
    expect(deadlines.size).toBe(1);
    now += 1;
    deadlines.sweep();
    expect(await answer).toBe(TIMED_OUT);
    finish('late');
    expect(deadlines.size).toBe(0);
    deadlines.stop();
  });

  it('passes results and failures of handlers within the deadline through', async () => {
    const deadlines = new Deadlines(10_000);
    expect(await deadlines.withTimeout(Promise.resolve('ok'))).toBe('ok');
    await expect(deadlines.withTimeout(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(deadlines.size).toBe(0);
    deadlines.stop();
  });
});
