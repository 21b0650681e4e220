import type { AppLike, WindowLike } from './shell-ports';
import type { DesktopSettings } from './settings';

/**
 * Window behaviour of spec §2 "Desktop only" and §9: title-bar controls (Esc is the renderer's title bar's), and closing
 * follows the close-action setting (hide to the tray, or quit). Once the app is quitting (tray Quit,
 * the quit setting, or the OS shutting down) a close is let through.
 */
export class WindowController {
  private quitting = false;

  constructor(
    private readonly window: WindowLike,
    private readonly app: AppLike,
    private readonly settings: DesktopSettings,
  ) {}

  get isQuitting(): boolean {
    return this.quitting;
  }

  /** Called from the app's before-quit: from now on closes are real. */
  markQuitting(): void {
    this.quitting = true;
  }

  minimize(): void {
    this.window.minimize();
  }

  toggleMaximize(): boolean {
    if (this.window.isMaximized()) this.window.unmaximize();
    else this.window.maximize();
    return this.window.isMaximized();
  }

  /** Brings the window back from the tray, the taskbar or behind other windows. */
  reveal(): void {
    if (this.window.isMinimized()) this.window.restore();
    this.window.show();
    this.window.focus();
  }

  /** The title bar's close button. */
  closeButton(): void {
    if (this.settings.closeAction === 'quit') this.quit();
    else this.window.hide();
  }

  /**
   * The window's 'close' event (OS close, Alt+F4, Cmd+W). Returns whether the close must be prevented:
   * with "minimize" the window only hides unless the app is quitting.
   */
  shouldPreventClose(): boolean {
    if (this.quitting) return false;
    if (this.settings.closeAction === 'quit') {
      this.quitting = true;
      this.app.quit();
      return false;
    }
    this.window.hide();
    return true;
  }

  quit(): void {
    this.quitting = true;
    this.app.quit();
  }
}

/** The single-instance lock: a second launch hands over to the first and exits. */
export function enforceSingleInstance(app: AppLike, focusExisting: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.onSecondInstance(focusExisting);
  return true;
}
