import type { InvokeResult } from '../shared/ipc-contract';
import type { CallState } from './guards';
import { isExternalWebUrl } from './guards';
import type { IpcHandlers } from './ipc';
import type { DesktopSettings } from './settings';
import type { MessageNotifications, TrayController } from './tray-controller';
import type { UpdateController } from './updater';
import type { WindowController } from './window-controller';

/** What the IPC handlers act on: the tested controllers plus the few Electron calls main adapts. */
export interface IpcHandlerDeps {
  readonly info: () => InvokeResult<'app:info'>;
  readonly windows: WindowController;
  readonly isMaximized: () => boolean;
  readonly settings: DesktopSettings;
  readonly tray: TrayController;
  readonly notifications: MessageNotifications;
  readonly calls: CallState;
  readonly writeRendererLog: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  readonly tailLogs: (lines: number) => InvokeResult<'logs:tail'> | Promise<InvokeResult<'logs:tail'>>;
  readonly updates: UpdateController;
  readonly openExternal: (url: string) => void;
}

/**
 * The one table from contract channel to behaviour. The main process and the in-process test shell
 * both register it, so what the tests reach through the contract is what Electron runs.
 */
export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  const { windows, settings, updates } = deps;
  return {
    'app:info': () => deps.info(),
    'window:minimize': () => windows.minimize(),
    'window:toggle-maximize': () => windows.toggleMaximize(),
    'window:close': () => windows.closeButton(),
    'window:is-maximized': () => deps.isMaximized(),
    'settings:get-close-action': () => settings.closeAction,
    'settings:set-close-action': (action) => {
      settings.closeAction = action;
    },
    'settings:get-language': () => settings.language,
    'settings:set-language': (language) => {
      settings.language = language;
    },
    'tray:set-unread': (count) => deps.tray.setUnread(count),
    'notify:message': (notice) => deps.notifications.notify(notice),
    'call:set-active': (active) => {
      deps.calls.active = active;
    },
    'logs:write': (level, message) => deps.writeRendererLog(level, message),
    'logs:tail': (lines) => deps.tailLogs(lines),
    'update:check': () => updates.check(),
    'update:install': () => {
      updates.install();
    },
    'update:get-state': () => updates.state,
    // Only web links leave the app, and only to the system browser.
    'shell:open-external': (url) => {
      if (isExternalWebUrl(url)) deps.openExternal(url);
    },
  };
}
