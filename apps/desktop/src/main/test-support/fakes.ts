import type { IpcInvokeEventLike, IpcMainLike } from '../ipc';
import type {
  AppLike,
  FileSystemLike,
  MenuItemSpec,
  NotificationFactory,
  OverlayLike,
  TrayLike,
  WindowLike,
} from '../shell-ports';

/** In-memory stand-ins for the Electron objects the main process adapts (test-only). */

export class FakeWindow implements WindowLike {
  visible = true;
  minimized = false;
  maximized = false;
  focused = false;
  readonly sent: { channel: string; payload: unknown }[] = [];
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  minimize(): void {
    this.minimized = true;
  }
  maximize(): void {
    this.maximized = true;
  }
  unmaximize(): void {
    this.maximized = false;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
}

export class FakeApp implements AppLike {
  lockAvailable = true;
  quitCalls = 0;
  badge: number | undefined;
  private secondInstance: (() => void) | undefined;
  requestSingleInstanceLock(): boolean {
    return this.lockAvailable;
  }
  onSecondInstance(listener: () => void): void {
    this.secondInstance = listener;
  }
  /** What Electron does in the first instance when the app is launched again. */
  launchAgain(): void {
    this.secondInstance?.();
  }
  quit(): void {
    this.quitCalls += 1;
  }
  setBadgeCount(count: number): boolean {
    this.badge = count;
    return true;
  }
}

export class FakeTray implements TrayLike {
  toolTip = '';
  menu: readonly MenuItemSpec[] = [];
  private click: (() => void) | undefined;
  setToolTip(text: string): void {
    this.toolTip = text;
  }
  setContextMenu(items: readonly MenuItemSpec[]): void {
    this.menu = items;
  }
  onClick(listener: () => void): void {
    this.click = listener;
  }
  clickIcon(): void {
    this.click?.();
  }
  clickItem(label: string): void {
    const item = this.menu.find((entry) => entry.label === label);
    if (item === undefined) throw new Error(`no tray menu item ${label}`);
    item.click();
  }
}

export class FakeOverlay implements OverlayLike {
  count: number | undefined;
  setOverlayCount(count: number): void {
    this.count = count;
  }
}

export class FakeNotifications implements NotificationFactory {
  supported = true;
  readonly shown: { title: string; body: string; click: () => void }[] = [];
  isSupported(): boolean {
    return this.supported;
  }
  show(options: { title: string; body: string }, onClick: () => void): void {
    this.shown.push({ ...options, click: onClick });
  }
}

export class FakeFileSystem implements FileSystemLike {
  readonly files = new Map<string, string>();
  readText(path: string): string | undefined {
    return this.files.get(path);
  }
  writeText(path: string, text: string): void {
    this.files.set(path, text);
  }
}

type Listener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  /** Calls a channel the way ipcRenderer.invoke would, from a frame at `frameUrl`. */
  invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (handler === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return Promise.resolve(handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args));
  }
}
