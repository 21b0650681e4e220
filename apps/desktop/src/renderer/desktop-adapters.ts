import { BehaviorSubject, distinctUntilChanged, map, Observable, share, skip, type Subscription } from 'rxjs';
import {
  CloseActionSettings,
  DesktopLogs,
  Logger,
  LogUploader,
  MessageNotices,
  Updater,
  WindowControls,
  type DesktopInfo,
  type FileUploader,
  type LogFile,
  type LogTail,
  type MessageNotice,
  type NoticePermission,
  type SettingsStore,
  type UpdateStatus,
} from '@teamim/application';
import type { CloseAction } from '@teamim/domain';
import { DESKTOP_API_KEY, type DesktopApi } from '../shared/desktop-api';

/*
 * The renderer's desktop adapters: the application's desktop ports over the preload bridge. The web
 * build never loads this module; the desktop composition root binds these when the bridge exists.
 */

/** The bridge the preload exposed, or undefined in a browser (and in the web build's tests). */
export function findDesktopApi(scope: object = globalThis): DesktopApi | undefined {
  const api = (scope as Record<string, unknown>)[DESKTOP_API_KEY];
  return typeof api === 'object' && api !== null ? (api as DesktopApi) : undefined;
}

export class BridgeWindowControls extends WindowControls {
  private readonly maximized = new BehaviorSubject(false);
  readonly maximized$: Observable<boolean> = this.maximized.asObservable();

  constructor(private readonly api: DesktopApi) {
    super();
    api.window.onMaximizedChanged((maximized) => this.maximized.next(maximized));
    void api.window.isMaximized().then((maximized) => this.maximized.next(maximized));
  }

  info(): Promise<DesktopInfo> {
    return this.api.app.info();
  }
  minimize(): Promise<void> {
    return this.api.window.minimize();
  }
  toggleMaximize(): Promise<boolean> {
    return this.api.window.toggleMaximize();
  }
  close(): Promise<void> {
    return this.api.window.close();
  }
}

export class BridgeCloseActionSettings extends CloseActionSettings {
  constructor(private readonly api: DesktopApi) {
    super();
  }
  get(): Promise<CloseAction> {
    return this.api.settings.getCloseAction();
  }
  set(action: CloseAction): Promise<void> {
    return this.api.settings.setCloseAction(action);
  }
}

export class BridgeDesktopLogs extends DesktopLogs {
  constructor(private readonly api: DesktopApi) {
    super();
  }
  tail(lines: number): Promise<LogTail> {
    return this.api.logs.tail(lines);
  }
}

export class BridgeUpdater extends Updater {
  private readonly state = new BehaviorSubject<UpdateStatus>({ status: 'idle' });
  readonly state$: Observable<UpdateStatus> = this.state.asObservable();

  constructor(private readonly api: DesktopApi) {
    super();
    api.updates.onState((state) => this.state.next(state));
    void api.updates.getState().then((state) => this.state.next(state));
  }
  check(): Promise<void> {
    return this.api.updates.check();
  }
  install(): Promise<void> {
    return this.api.updates.install();
  }
}

/** Renderer logs go to the shell's rotating log files, next to the main process's. */
export class BridgeLogger extends Logger {
  constructor(private readonly api: DesktopApi) {
    super();
  }
  private write(level: 'debug' | 'info' | 'warn' | 'error', message: string, context?: object): void {
    const line = context === undefined ? message : `${message} ${safeJson(context)}`;
    void this.api.logs.write(level, line.slice(0, 10_000)).catch(() => undefined);
  }
  debug(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('debug', message, context);
  }
  info(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('info', message, context);
  }
  warn(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('warn', message, context);
  }
  error(message: string, context?: Readonly<Record<string, unknown>>): void {
    this.write('error', message, context);
  }
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '[unserialisable context]';
  }
}

/**
 * Log upload over the application's FileUploader (the SDK's object-storage flow), with its progress.
 * The uploader comes with the signed-in session (the SDK loads after sign-in), hence the getter.
 */
export class FileUploaderLogUploader extends LogUploader {
  constructor(private readonly uploader: () => Promise<FileUploader>) {
    super();
  }
  async upload(log: LogFile, onProgress: (fraction: number) => void): Promise<string> {
    const blob = new Blob([log.text], { type: 'text/plain' });
    onProgress(0);
    const uploader = await this.uploader();
    const url = await uploader.upload(
      {
        name: log.name,
        mimeType: 'text/plain',
        size: blob.size,
        handle: new File([blob], log.name, { type: 'text/plain' }),
      },
      onProgress,
    );
    onProgress(1);
    return url;
  }
}

/**
 * The session's new-message notices through the shell: its notifications need no permission
 * prompt, and main shows one only while the window is hidden or minimized (`showMessage` resolves
 * false otherwise). A click reveals the window in main and comes back here as its conversation.
 */
export class BridgeMessageNotices extends MessageNotices {
  readonly enabledByDefault = true;
  readonly clicks$: Observable<string>;

  constructor(private readonly api: DesktopApi) {
    super();
    this.clicks$ = new Observable<string>((subscriber) =>
      api.notifications.onClicked((conversationId) => subscriber.next(conversationId)),
    ).pipe(share());
  }
  permission(): NoticePermission {
    return 'granted';
  }
  requestPermission(): Promise<NoticePermission> {
    return Promise.resolve('granted');
  }
  show(notice: MessageNotice): Promise<boolean> {
    return this.api.notifications
      .showMessage({
        conversationId: notice.conversationID,
        // The contract's bounds; a long message is cut, not refused.
        title: notice.title.slice(0, 200),
        body: notice.body.slice(0, 1_000),
      })
      .catch(() => false);
  }
}

/**
 * Keeps the tray's unread count (tooltip, badge, Windows overlay) in step with the session's total;
 * when the session ends the count goes back to none.
 */
export function connectDesktopShell(
  api: DesktopApi,
  sources: { readonly unreadCount$: Observable<number> },
): Subscription {
  const setUnread = (count: number) =>
    void api.tray.setUnread(Math.min(1_000_000, Math.max(0, Math.trunc(count)))).catch(() => undefined);
  const subscription = sources.unreadCount$.pipe(distinctUntilChanged()).subscribe(setUnread);
  subscription.add(() => setUnread(0));
  return subscription;
}

/**
 * The shell grants the microphone and camera only while a call rings or runs (its permission handler):
 * this tells it when, and takes the grant back when the session ends.
 */
export function connectDesktopCalls(api: DesktopApi, callActive$: Observable<boolean>): Subscription {
  const setActive = (active: boolean) => void api.calls.setActive(active).catch(() => undefined);
  const subscription = callActive$.pipe(distinctUntilChanged()).subscribe(setActive);
  subscription.add(() => setActive(false));
  return subscription;
}

/**
 * Spec §9: the language stored by the desktop app is used at start (it wins over the browser-stored
 * one), and a language chosen in the app is stored by the desktop app for the next start and its tray.
 */
export async function connectDesktopLanguage(
  api: DesktopApi,
  settings: SettingsStore,
): Promise<Subscription> {
  const stored = await api.settings.getLanguage().catch(() => null);
  settings.applyDesktopLanguage(stored ?? undefined);
  return settings.settings$
    .pipe(
      map((current) => current.locale),
      distinctUntilChanged(),
      skip(1),
    )
    .subscribe((locale) => {
      void api.settings.setLanguage(locale).catch(() => undefined);
    });
}

/** Every desktop port, for the desktop composition root to bind. */
export function createDesktopAdapters(
  api: DesktopApi,
  fileUploader: FileUploader | (() => Promise<FileUploader>),
) {
  return {
    windowControls: new BridgeWindowControls(api),
    closeActionSettings: new BridgeCloseActionSettings(api),
    desktopLogs: new BridgeDesktopLogs(api),
    logUploader: new FileUploaderLogUploader(
      typeof fileUploader === 'function' ? fileUploader : () => Promise.resolve(fileUploader),
    ),
    updater: new BridgeUpdater(api),
    logger: new BridgeLogger(api),
    messageNotices: new BridgeMessageNotices(api),
  };
}
