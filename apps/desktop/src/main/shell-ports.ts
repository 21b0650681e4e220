/*
 * The small slices of Electron the main-process logic uses. main.ts adapts the real objects to these;
 * tests pass in-memory fakes, so every rule below is tested without an Electron binary.
 */

export interface WindowLike {
  show(): void;
  hide(): void;
  focus(): void;
  restore(): void;
  minimize(): void;
  maximize(): void;
  unmaximize(): void;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  /** Sends an event to the renderer (webContents.send). */
  send(channel: string, payload: unknown): void;
}

export interface AppLike {
  requestSingleInstanceLock(): boolean;
  onSecondInstance(listener: () => void): void;
  quit(): void;
  /** Dock/launcher badge (macOS, Linux Unity); returns false where the platform has none. */
  setBadgeCount(count: number): boolean;
}

export interface MenuItemSpec {
  readonly label: string;
  readonly click: () => void;
}

export interface TrayLike {
  setToolTip(text: string): void;
  setContextMenu(items: readonly MenuItemSpec[]): void;
  onClick(listener: () => void): void;
}

/** Windows shows the unread count as an overlay on the taskbar button instead of a badge. */
export interface OverlayLike {
  setOverlayCount(count: number): void;
}

export interface NotificationFactory {
  isSupported(): boolean;
  show(options: { readonly title: string; readonly body: string }, onClick: () => void): void;
}

/** Synchronous because the settings file is tiny and read once at start, before the window exists. */
export interface FileSystemLike {
  readText(path: string): string | undefined;
  writeText(path: string, text: string): void;
}
