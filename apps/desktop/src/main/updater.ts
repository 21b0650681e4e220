import type { UpdateState } from '../shared/ipc-contract';

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'checking-for-update', listener: () => void): void;
  on(event: 'update-not-available', listener: () => void): void;
  on(event: 'update-available' | 'update-downloaded', listener: (info: { version: string }) => void): void;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/**
 * Auto-update over a generic provider (a plain HTTPS folder holding latest*.yml and the installers).
 * States for About and the update banner: available, downloading with a percentage, ready ("restart to
 * update"), and the quiet ones. Without a configured URL updates are disabled rather than failing.
 */
export class UpdateController {
  private current: UpdateState;
  private readonly enabled: boolean;

  constructor(
    private readonly updater: UpdaterLike | undefined,
    feedUrl: string | undefined,
    private readonly publish: (state: UpdateState) => void,
  ) {
    this.enabled = updater !== undefined && feedUrl !== undefined;
    if (updater === undefined || feedUrl === undefined) {
      this.current = { status: 'disabled' };
      return;
    }
    this.current = { status: 'idle' };
    updater.autoDownload = true;
    updater.setFeedURL({ provider: 'generic', url: feedUrl });
    updater.on('checking-for-update', () => this.set({ status: 'checking' }));
    updater.on('update-not-available', () => this.set({ status: 'not-available' }));
    updater.on('update-available', (info) => this.set({ status: 'available', version: info.version }));
    updater.on('download-progress', (progress) => {
      const version = 'version' in this.current ? this.current.version : '';
      const percent = Math.min(100, Math.max(0, Math.round(progress.percent)));
      this.set({ status: 'downloading', version, percent });
    });
    updater.on('update-downloaded', (info) => this.set({ status: 'ready', version: info.version }));
    updater.on('error', (error) => this.set({ status: 'error', message: error.message.slice(0, 500) }));
  }

  get state(): UpdateState {
    return this.current;
  }

  /** At start and from About. A check while one is under way or an update is ready does nothing. */
  async check(): Promise<void> {
    if (!this.enabled || this.updater === undefined) return;
    const busy = ['checking', 'downloading', 'ready'];
    if (busy.includes(this.current.status)) return;
    try {
      await this.updater.checkForUpdates();
    } catch (error) {
      this.set({ status: 'error', message: error instanceof Error ? error.message.slice(0, 500) : 'failed' });
    }
  }

  /** "Restart to update": only once the download is complete. */
  install(): boolean {
    if (!this.enabled || this.updater === undefined || this.current.status !== 'ready') return false;
    this.updater.quitAndInstall();
    return true;
  }

  private set(state: UpdateState): void {
    this.current = state;
    this.publish(state);
  }
}
