import type { Observable } from 'rxjs';
import type { CloseAction } from '@teamim/domain';

/*
 * Ports of the desktop shell (spec §2 "Desktop only", §5 About, §9). Only the desktop composition root
 * binds them (to the Electron preload bridge); the web build never sees them.
 */

export type DesktopOs = 'linux' | 'windows' | 'macos';

export interface DesktopInfo {
  readonly os: DesktopOs;
  readonly version: string;
  /** OpenIM platform id of this desktop (3 Windows, 4 macOS, 7 Linux). */
  readonly platformId: number;
}

/** The frameless window's own controls; `maximized$` replays the current state. */
export abstract class WindowControls {
  abstract info(): Promise<DesktopInfo>;
  abstract readonly maximized$: Observable<boolean>;
  abstract minimize(): Promise<void>;
  abstract toggleMaximize(): Promise<boolean>;
  /** The title bar's close button; the shell applies the close-action setting. */
  abstract close(): Promise<void>;
}

/** The close-button setting, persisted by the desktop shell in its user data directory. */
export abstract class CloseActionSettings {
  abstract get(): Promise<CloseAction>;
  abstract set(action: CloseAction): Promise<void>;
}

export interface LogTail {
  readonly text: string;
  readonly lines: number;
}

/** The shell's rotating log files; the renderer never reads files itself. */
export abstract class DesktopLogs {
  /** The last `lines` lines (1 to 10,000) of the main and renderer log. */
  abstract tail(lines: number): Promise<LogTail>;
}

/** A log excerpt to upload, as text; the adapter turns it into a platform file. */
export interface LogFile {
  readonly name: string;
  readonly text: string;
}

/**
 * Upload to the server's object storage with progress (`fraction` from 0 to 1); resolves with the
 * object's URL, rejects with RemoteError.
 */
export abstract class LogUploader {
  abstract upload(log: LogFile, onProgress: (fraction: number) => void): Promise<string>;
}

export type UpdateStatus =
  | { readonly status: 'idle' | 'disabled' | 'checking' | 'not-available' }
  | { readonly status: 'available' | 'ready'; readonly version: string }
  | { readonly status: 'downloading'; readonly version: string; readonly percent: number }
  | { readonly status: 'error'; readonly message: string };

/** Auto-update: `state$` replays the current state; `install` restarts into a downloaded update. */
export abstract class Updater {
  abstract readonly state$: Observable<UpdateStatus>;
  abstract check(): Promise<void>;
  abstract install(): Promise<void>;
}
