import { describe, expect, it } from 'vitest';
import { BrowserNetworkStatus, type NetworkWindow } from './browser-network';

class FakeWindow implements NetworkWindow {
  readonly navigator = { onLine: true };
  private readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  go(online: boolean): void {
    this.navigator.onLine = online;
    this.listeners.get(online ? 'online' : 'offline')?.forEach((listener) => listener());
  }
  get listening(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

describe('BrowserNetworkStatus', () => {
  it('starts with navigator.onLine and follows the online and offline events', () => {
    const win = new FakeWindow();
    win.navigator.onLine = false;
    const seen: boolean[] = [];
    const subscription = new BrowserNetworkStatus(win).online$.subscribe((online) => seen.push(online));
    win.go(true);
    win.go(false);
    win.go(false);
    expect(seen).toEqual([false, true, false]);
    subscription.unsubscribe();
    expect(win.listening).toBe(0);
  });
});
