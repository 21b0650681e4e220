import { buildDesktopApi, type DesktopApi } from '../../shared/desktop-api';
import type { EventChannel } from '../../shared/ipc-contract';
import { CallState } from '../guards';
import { registerIpc } from '../ipc';
import { createIpcHandlers } from '../ipc-handlers';
import { readLogTail } from '../logs';
import { DesktopSettings } from '../settings';
import { MessageNotifications, TrayController } from '../tray-controller';
import { UpdateController, type UpdaterLike } from '../updater';
import { WindowController } from '../window-controller';
import { FakeApp, FakeFileSystem, FakeIpcMain, FakeNotifications, FakeTray, FakeWindow } from './fakes';

/**
 * The main process's controllers over fakes, reached through the real contract validation and the
 * preload's API builder: what the renderer sees in Electron, without Electron.
 */
export function createInProcessShell(updater?: UpdaterLike) {
  const window = new FakeWindow();
  const app = new FakeApp();
  const fs = new FakeFileSystem();
  const tray = new FakeTray();
  const factory = new FakeNotifications();
  const ipc = new FakeIpcMain();
  const settings = new DesktopSettings(fs, '/user-data');
  const windows = new WindowController(window, app, settings);
  const trayController = new TrayController(tray, app, undefined, 'en-US', {
    show: () => windows.reveal(),
    quit: () => windows.quit(),
  });
  const notifications = new MessageNotifications(window, factory, () => windows.reveal());
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const emit = (channel: EventChannel, payload: unknown): void => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  window.send = (channel, payload) => {
    window.sent.push({ channel, payload });
    emit(channel as EventChannel, payload);
  };
  const updates = new UpdateController(updater, updater ? 'https://updates.example/' : undefined, (state) =>
    window.send('update:state', state),
  );
  const calls = new CallState();
  const openedExternally: string[] = [];
  registerIpc(
    ipc,
    createIpcHandlers({
      info: () => ({ version: '0.1.0', os: 'linux', platformId: 7 }),
      windows,
      isMaximized: () => window.isMaximized(),
      settings,
      tray: trayController,
      notifications,
      calls,
      writeRendererLog: (level, message) => {
        const path = '/logs/main.log';
        fs.writeText(path, `${fs.readText(path) ?? ''}[${level}] (renderer) ${message}\n`);
      },
      tailLogs: (lines) => readLogTail(fs, '/logs/main.log', lines),
      updates,
      openExternal: (url) => openedExternally.push(url),
    }),
    (url) => url.startsWith('app://teamim/'),
  );
  const api: DesktopApi = buildDesktopApi(
    (channel, ...args) => ipc.invoke(channel, 'app://teamim/', ...args) as Promise<never>,
    (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  );
  return {
    api,
    window,
    app,
    fs,
    tray,
    factory,
    settings,
    isCallActive: () => calls.active,
    openedExternally,
  };
}
