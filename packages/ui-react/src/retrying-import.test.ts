import { describe, expect, it } from 'vitest';
import { retryingImport, type NetworkSignals } from './retrying-import';

class Network implements NetworkSignals {
  online = true;
  private waiting: (() => void)[] = [];
  isOnline(): boolean {
    return this.online;
  }
  onceOnline(listener: () => void): () => void {
    this.waiting.push(listener);
    return () => {
      this.waiting = this.waiting.filter((l) => l !== listener);
    };
  }
  comeBack(): void {
    this.online = true;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((listener) => listener());
  }
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('retryingImport', () => {
  it('waits for the network when a load fails as it is lost, then loads once it is back', async () => {
    const network = new Network();
    let calls = 0;
    const load = retryingImport(
      () => {
        calls += 1;
        if (calls > 1) return Promise.resolve('chunk');
        network.online = false;
        return Promise.reject(new Error('Failed to fetch'));
      },
      // One attempt only: a load the lost network explains does not count.
      { network, delayMs: 1, attempts: 1 },
    );
    let result: string | undefined;
    void load().then((value) => (result = value));
    await flush();
    expect(calls).toBe(1);
    expect(result).toBeUndefined();
    network.comeBack();
    await flush();
    expect(result).toBe('chunk');
    expect(calls).toBe(2);
    // One shared load: later callers get the loaded module without a new request.
    await expect(load()).resolves.toBe('chunk');
    expect(calls).toBe(2);
  });

  it('does not try while the browser is offline', async () => {
    const network = new Network();
    network.online = false;
    let calls = 0;
    const load = retryingImport(
      () => {
        calls += 1;
        return Promise.resolve('chunk');
      },
      { network },
    );
    const loaded = load();
    await flush();
    expect(calls).toBe(0);
    network.comeBack();
    await expect(loaded).resolves.toBe('chunk');
    expect(calls).toBe(1);
  });

  it('tries a failing load a few times while online, then fails, and the next call starts again', async () => {
    const network = new Network();
    let calls = 0;
    let broken = true;
    const load = retryingImport(
      () => {
        calls += 1;
        return broken ? Promise.reject(new Error('404')) : Promise.resolve('chunk');
      },
      { network, delayMs: 1, attempts: 3 },
    );
    await expect(load()).rejects.toThrow('404');
    expect(calls).toBe(3);
    broken = false;
    await expect(load()).resolves.toBe('chunk');
    expect(calls).toBe(4);
  });
});
