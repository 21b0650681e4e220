import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../shared/ipc-contract';
import { UpdateController, type UpdaterLike } from './updater';

type Listener = (value: never) => void;

class FakeUpdater implements UpdaterLike {
  autoDownload = false;
  feed: { provider: 'generic'; url: string } | undefined;
  checks = 0;
  installs = 0;
  failNextCheck: Error | undefined;
  private readonly listeners = new Map<string, Listener>();
  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feed = options;
  }
  async checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    if (this.failNextCheck) throw this.failNextCheck;
    this.emit('checking-for-update');
    return Promise.resolve(null);
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
  on(event: string, listener: Listener): void {
    this.listeners.set(event, listener);
  }
  emit(event: string, value?: unknown): void {
    (this.listeners.get(event) as ((value: unknown) => void) | undefined)?.(value);
  }
}

function setup(url: string | undefined) {
  const updater = new FakeUpdater();
  const published: UpdateState[] = [];
  const controller = new UpdateController(updater, url, (state) => published.push(state));
  return { updater, published, controller };
}

describe('UpdateController', () => {
  it('uses a generic provider with the configured URL and downloads automatically', () => {
    const { updater, controller } = setup('https://updates.example/teamim/');
    expect(updater.feed).toEqual({ provider: 'generic', url: 'https://updates.example/teamim/' });
    expect(updater.autoDownload).toBe(true);
    expect(controller.state).toEqual({ status: 'idle' });
  });

  it('goes through available, download progress and ready, then restarts to update', async () => {
    const { updater, published, controller } = setup('https://updates.example/teamim/');
    await controller.check();
    updater.emit('update-available', { version: '1.2.0' });
    updater.emit('download-progress', { percent: 41.6 });
    updater.emit('download-progress', { percent: 100 });
    expect(controller.install()).toBe(false);
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(published).toEqual([
      { status: 'checking' },
      { status: 'available', version: '1.2.0' },
      { status: 'downloading', version: '1.2.0', percent: 42 },
      { status: 'downloading', version: '1.2.0', percent: 100 },
      { status: 'ready', version: '1.2.0' },
    ]);
    expect(controller.install()).toBe(true);
    expect(updater.installs).toBe(1);
  });

  it('reports no update and errors, and checks again on demand afterwards', async () => {
    const { updater, published, controller } = setup('https://updates.example/teamim/');
    await controller.check();
    updater.emit('update-not-available');
    updater.failNextCheck = new Error('net::ERR_NAME_NOT_RESOLVED');
    await controller.check();
    expect(published.slice(-2)).toEqual([
      { status: 'not-available' },
      { status: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' },
    ]);
    updater.failNextCheck = undefined;
    await controller.check();
    expect(updater.checks).toBe(3);
  });

  it('does not start a second check while downloading or once ready', async () => {
    const { updater, controller } = setup('https://updates.example/teamim/');
    await controller.check();
    updater.emit('update-available', { version: '2.0.0' });
    updater.emit('download-progress', { percent: 5 });
    await controller.check();
    updater.emit('update-downloaded', { version: '2.0.0' });
    await controller.check();
    expect(updater.checks).toBe(1);
  });

  it('is disabled without a configured URL', async () => {
    const { updater, controller } = setup(undefined);
    expect(controller.state).toEqual({ status: 'disabled' });
    await controller.check();
    expect(updater.checks).toBe(0);
    expect(updater.feed).toBeUndefined();
  });
});
