import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  protocol,
  session,
  shell,
  Tray,
} from 'electron';
import log from 'electron-log/main';
import electronUpdater from 'electron-updater';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol';
import { loadConfig, rendererConfig } from './config';
import { CallState, decidePermission, guardNavigation, isAppUrl } from './guards';
import { registerIpc } from './ipc';
import { createIpcHandlers } from './ipc-handlers';
import { LOG_FILE_MAX_BYTES, readLogTail, rendererLogLine } from './logs';
import { DesktopSettings } from './settings';
import type { AppLike, FileSystemLike, WindowLike } from './shell-ports';
import { MessageNotifications, PRODUCT_NAME, TrayController } from './tray-controller';
import { UpdateController } from './updater';
import { createMainWindowOptions, osName, platformId } from './window-options';
import { enforceSingleInstance, WindowController } from './window-controller';

/*
 * The desktop composition root: adapts Electron's objects to the small interfaces the tested modules
 * use, and wires them. Nothing here decides a rule; this file is exercised only with a real Electron.
 */

const fileSystem: FileSystemLike = {
  readText(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  writeText(path, text) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, 'utf8');
  },
};

const appLike: AppLike = {
  requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
  onSecondInstance: (listener) => app.on('second-instance', listener),
  quit: () => app.quit(),
  setBadgeCount: (count) => app.setBadgeCount(count),
};

const resources = app.isPackaged ? process.resourcesPath : join(__dirname, '..', 'resources');
const config = loadConfig(process.env, fileSystem.readText(join(resources, 'config.json')));
const appOrigin = config.loadFromServer ? new URL(config.serverUrl).origin : APP_ORIGIN;
const startUrl = config.loadFromServer ? config.serverUrl : `${APP_ORIGIN}/`;

// No electron-log preload: renderer logs arrive through the contract's logs:write, and the renderer's
// world holds only our bridge.
log.initialize({ preload: false });
log.transports.file.maxSize = LOG_FILE_MAX_BYTES;
// electron-log answers its own IPC channel on import; only the contract's channels may answer.
ipcMain.removeHandler('__ELECTRON_LOG__');
ipcMain.removeAllListeners('__ELECTRON_LOG__');
Object.assign(console, log.functions);

// Every renderer sandboxed, whatever a window's own options say (security checklist: sandboxing).
app.enableSandbox();

// Must happen before 'ready': a standard, secure scheme gets an origin, storage and fetch like https.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

// Windows shows notifications only for an app with an AppUserModelID (the installer's app id).
if (process.platform === 'win32') app.setAppUserModelId('com.teamim.desktop');

if (enforceSingleInstance(appLike, () => controller?.reveal())) {
  const settings = new DesktopSettings(fileSystem, app.getPath('userData'));
  const language = settings.language ?? 'zh-CN';
  // The stored desktop language is the UI language from the first frame (spec §9).
  app.commandLine.appendSwitch('lang', language);
  app.whenReady().then(() => start(settings, language), fail);
}

let controller: WindowController | undefined;

function fail(error: unknown): void {
  log.error('could not start', error);
  app.exit(1);
}

function start(settings: DesktopSettings, language: 'zh-CN' | 'en-US'): void {
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler(
      join(__dirname, 'renderer'),
      (path) => readFile(path),
      rendererConfig(config.serverUrl, platformId(process.platform)),
    ),
  );
  const calls = new CallState();
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    // The requesting frame's URL, not the top page's: a subframe must not borrow the app's origin.
    const requestingUrl =
      typeof details.requestingUrl === 'string' ? details.requestingUrl : contents.getURL();
    const query = { permission, requestingUrl, ...(mediaTypes ? { mediaTypes } : {}) };
    callback(decidePermission(query, appOrigin, calls));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const mediaTypes = details.mediaType ? [details.mediaType] : undefined;
    const query = { permission, requestingUrl: requestingOrigin, ...(mediaTypes ? { mediaTypes } : {}) };
    return decidePermission(query, appOrigin, calls);
  });

  const icon = nativeImage.createFromPath(join(resources, 'icons', 'icon.png'));
  const window = new BrowserWindow({
    ...createMainWindowOptions(process.platform, join(__dirname, 'preload.cjs')),
    icon,
  });
  const windowLike: WindowLike = {
    show: () => window.show(),
    hide: () => window.hide(),
    focus: () => window.focus(),
    restore: () => window.restore(),
    minimize: () => window.minimize(),
    maximize: () => window.maximize(),
    unmaximize: () => window.unmaximize(),
    isMaximized: () => window.isMaximized(),
    isMinimized: () => window.isMinimized(),
    isVisible: () => window.isVisible(),
    send: (channel, payload) => window.webContents.send(channel, payload),
  };
  const windows = new WindowController(windowLike, appLike, settings);
  controller = windows;
  app.on('before-quit', () => windows.markQuitting());
  app.on('activate', () => windows.reveal());
  window.on('close', (event) => {
    if (windows.shouldPreventClose()) event.preventDefault();
  });
  window.on('maximize', () => windowLike.send('window:maximized-changed', true));
  window.on('unmaximize', () => windowLike.send('window:maximized-changed', false));
  window.once('ready-to-show', () => window.show());
  const openExternal = (url: string): void => void shell.openExternal(url);
  guardNavigation(window.webContents, appOrigin, openExternal);
  // No webview tags at all (security checklist: verify webview options / do not use webview).
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());

  const tray = new Tray(nativeImage.createFromPath(join(resources, 'icons', 'tray.png')));
  const dot = nativeImage.createFromPath(join(resources, 'icons', 'overlay.png'));
  const trayController = new TrayController(
    {
      setToolTip: (text) => tray.setToolTip(text),
      setContextMenu: (items) =>
        tray.setContextMenu(Menu.buildFromTemplate(items.map((item) => ({ ...item })))),
      onClick: (listener) => tray.on('click', listener),
    },
    appLike,
    process.platform === 'win32'
      ? {
          setOverlayCount: (count) =>
            window.setOverlayIcon(count > 0 ? dot : null, count > 0 ? `${count}` : ''),
        }
      : undefined,
    language,
    { show: () => windows.reveal(), quit: () => windows.quit() },
  );
  const notifications = new MessageNotifications(
    windowLike,
    {
      isSupported: () => Notification.isSupported(),
      show: (options, onClick) => {
        const notification = new Notification({ ...options, silent: false });
        notification.on('click', onClick);
        notification.show();
      },
    },
    () => windows.reveal(),
  );
  const updates = new UpdateController(electronUpdater.autoUpdater, config.updateUrl, (state) =>
    windowLike.send('update:state', state),
  );
  const logPath = log.transports.file.getFile().path;

  registerIpc(
    ipcMain,
    createIpcHandlers({
      info: () => ({
        version: app.getVersion(),
        os: osName(process.platform),
        platformId: platformId(process.platform),
      }),
      windows,
      isMaximized: () => window.isMaximized(),
      settings,
      tray: trayController,
      notifications,
      calls,
      writeRendererLog: (level, message) => log.scope('renderer')[level](rendererLogLine(message)),
      tailLogs: (lines) => readLogTail(fileSystem, logPath, lines),
      updates,
      openExternal,
    }),
    (frameUrl) => isAppUrl(frameUrl, appOrigin),
  );

  log.info(`${PRODUCT_NAME} ${app.getVersion()} starting at ${startUrl}`);
  window.loadURL(startUrl).then(() => updates.check(), fail);
}
