import { BehaviorSubject, type Observable } from 'rxjs';
import { DEFAULT_CLOSE_ACTION, type CloseAction } from '@teamim/domain';
import {
  CloseActionSettings,
  DesktopLogs,
  LogUploader,
  Updater,
  WindowControls,
  type DesktopInfo,
  type LogFile,
  type LogTail,
  type UpdateStatus,
} from '../ports/desktop.port';
import { RemoteError } from '../shared/remote-error';

/** In-memory desktop shell: the window, its settings file, its logs and its updater, recording calls. */
export class FakeWindowControls extends WindowControls {
  readonly calls: string[] = [];
  desktop: DesktopInfo = { os: 'windows', version: '0.1.0', platformId: 3 };
  private readonly maximized = new BehaviorSubject(false);
  readonly maximized$: Observable<boolean> = this.maximized.asObservable();

  info(): Promise<DesktopInfo> {
    return Promise.resolve(this.desktop);
  }
  minimize(): Promise<void> {
    this.calls.push('minimize');
    return Promise.resolve();
  }
  toggleMaximize(): Promise<boolean> {
    this.calls.push('toggleMaximize');
    this.maximized.next(!this.maximized.value);
    return Promise.resolve(this.maximized.value);
  }
  close(): Promise<void> {
    this.calls.push('close');
    return Promise.resolve();
  }
  /** The user maximized or restored the window by other means (double click, OS shortcut). */
  setMaximizedExternally(maximized: boolean): void {
    this.maximized.next(maximized);
  }
}

export class FakeCloseActionSettings extends CloseActionSettings {
  stored: CloseAction = DEFAULT_CLOSE_ACTION;
  failNextSet = false;
  get(): Promise<CloseAction> {
    return Promise.resolve(this.stored);
  }
  set(action: CloseAction): Promise<void> {
    if (this.failNextSet) {
      this.failNextSet = false;
      return Promise.reject(new Error('disk full'));
    }
    this.stored = action;
    return Promise.resolve();
  }
}

export class FakeDesktopLogs extends DesktopLogs {
  lines: string[] = [];
  readonly requests: number[] = [];
  tail(lines: number): Promise<LogTail> {
    this.requests.push(lines);
    const tail = this.lines.slice(-lines);
    return Promise.resolve({ text: tail.map((line) => `${line}\n`).join(''), lines: tail.length });
  }
}

/** Reports the progress steps it is given, then succeeds or fails with `failWith`. */
export class FakeLogUploader extends LogUploader {
  progressSteps: readonly number[] = [0.25, 0.5, 1];
  failWith: number | undefined;
  readonly uploaded: LogFile[] = [];
  async upload(log: LogFile, onProgress: (fraction: number) => void): Promise<string> {
    for (const step of this.progressSteps) {
      await Promise.resolve();
      onProgress(step);
    }
    if (this.failWith !== undefined) throw new RemoteError(this.failWith, 'upload failed');
    this.uploaded.push(log);
    return `https://files.fake/logs/${this.uploaded.length}/${log.name}`;
  }
}

export class FakeUpdater extends Updater {
  private readonly state = new BehaviorSubject<UpdateStatus>({ status: 'idle' });
  readonly state$: Observable<UpdateStatus> = this.state.asObservable();
  checks = 0;
  installs = 0;
  check(): Promise<void> {
    this.checks += 1;
    this.state.next({ status: 'checking' });
    return Promise.resolve();
  }
  install(): Promise<void> {
    this.installs += 1;
    return Promise.resolve();
  }
  /** What the shell reports (update found, download progress, downloaded…). */
  emit(status: UpdateStatus): void {
    this.state.next(status);
  }
}
