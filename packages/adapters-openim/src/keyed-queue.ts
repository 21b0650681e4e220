/**
 * Runs tasks one after another per key, tasks of different keys side by side. The SDK inserts each
 * history page it pulls from the server; two reads of one conversation at once (the open chat and the
 * call history's scan after a sync) insert the same rows, and the second insert fails in its worker.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
