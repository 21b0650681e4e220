import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the `electron` module, to run the bundled main process (dist/main.cjs as built) in
 * Node: it records what the composition root configures. Members this file does not name are inert
 * stubs, so electron-log and electron-updater can initialise against it.
 */

type AnyFunction = (...args: unknown[]) => unknown;

function inert(name: string): unknown {
  const target = function () {} as unknown as object;
  return new Proxy(target, {
    get: (_target, property) => (property === 'then' ? undefined : inert(`${name}.${String(property)}`)),
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`) as object,
  });
}

/** An object whose named members are real and whose other members are inert stubs. */
function partial<T extends object>(name: string, members: T): T {
  return new Proxy(members, {
    get: (target, property) =>
      property in target
        ? (target as Record<string | symbol, unknown>)[property]
        : inert(`${name}.${String(property)}`),
  });
}

function remove(list: string[], value: string): void {
  for (let index = list.indexOf(value); index >= 0; index = list.indexOf(value)) list.splice(index, 1);
}

export interface Recorded {
  readonly windows: FakeBrowserWindow[];
  readonly ipcChannels: string[];
  readonly ipcListeners: string[];
  readonly ipcHandlers: Map<string, AnyFunction>;
  readonly privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  readonly protocolHandlers: string[];
  permissionRequestHandler: AnyFunction | undefined;
  permissionCheckHandler: AnyFunction | undefined;
  readonly commandLineSwitches: string[][];
  readonly appListeners: Map<string, AnyFunction[]>;
  readonly opened: string[];
  singleInstanceLock: boolean;
  sandboxEnabled: boolean;
  quit: number;
}

export class FakeBrowserWindow {
  readonly listeners = new Map<string, AnyFunction[]>();
  readonly contentsListeners = new Map<string, AnyFunction[]>();
  windowOpenHandler: AnyFunction | undefined;
  loadedUrl: string | undefined;
  readonly webContents;
  constructor(readonly options: Record<string, unknown>) {
    const add = (map: Map<string, AnyFunction[]>, event: string, listener: AnyFunction): void => {
      map.set(event, [...(map.get(event) ?? []), listener]);
    };
    this.webContents = partial('webContents', {
      on: (event: string, listener: AnyFunction) => add(this.contentsListeners, event, listener),
      setWindowOpenHandler: (handler: AnyFunction) => (this.windowOpenHandler = handler),
      send: () => undefined,
      getURL: () => this.loadedUrl ?? '',
    });
    Object.assign(this, {
      on: (event: string, listener: AnyFunction) => add(this.listeners, event, listener),
      once: (event: string, listener: AnyFunction) => add(this.listeners, event, listener),
    });
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

export function createFakeElectron(): { module: unknown; recorded: Recorded; ready: () => void } {
  const userData = mkdtempSync(join(tmpdir(), 'teamim-user-data-'));
  const recorded: Recorded = {
    windows: [],
    ipcChannels: [],
    ipcListeners: [],
    ipcHandlers: new Map(),
    privilegedSchemes: [],
    protocolHandlers: [],
    permissionRequestHandler: undefined,
    permissionCheckHandler: undefined,
    commandLineSwitches: [],
    appListeners: new Map(),
    opened: [],
    singleInstanceLock: true,
    sandboxEnabled: false,
    quit: 0,
  };
  let resolveReady: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (resolveReady = resolve));
  const app = partial('app', {
    name: 'TeamIM',
    isPackaged: false,
    getName: () => 'TeamIM',
    getVersion: () => '0.1.0',
    getPath: () => userData,
    getAppPath: () => userData,
    requestSingleInstanceLock: () => recorded.singleInstanceLock,
    quit: () => (recorded.quit += 1),
    exit: () => (recorded.quit += 1),
    whenReady: () => whenReady,
    isReady: () => false,
    setBadgeCount: () => true,
    enableSandbox: () => (recorded.sandboxEnabled = true),
    commandLine: { appendSwitch: (...args: string[]) => recorded.commandLineSwitches.push(args) },
    on: (event: string, listener: AnyFunction) => {
      recorded.appListeners.set(event, [...(recorded.appListeners.get(event) ?? []), listener]);
    },
    once: () => undefined,
  });
  class BrowserWindow extends FakeBrowserWindow {
    constructor(options: Record<string, unknown>) {
      super(options);
      recorded.windows.push(this);
      return partial('BrowserWindow', this);
    }
  }
  const module = partial('electron', {
    // The main process has no ipcRenderer; electron-log checks for it to tell a preload from main.
    ipcRenderer: undefined,
    app,
    BrowserWindow,
    ipcMain: partial('ipcMain', {
      handle: (channel: string, listener: AnyFunction) => {
        recorded.ipcChannels.push(channel);
        recorded.ipcHandlers.set(channel, listener);
      },
      removeHandler: (channel: string) => remove(recorded.ipcChannels, channel),
      on: (channel: string) => recorded.ipcListeners.push(channel),
      removeAllListeners: (channel: string) => remove(recorded.ipcListeners, channel),
    }),
    protocol: partial('protocol', {
      registerSchemesAsPrivileged: (schemes: Recorded['privilegedSchemes']) =>
        recorded.privilegedSchemes.push(...schemes),
      handle: (scheme: string) => recorded.protocolHandlers.push(scheme),
    }),
    session: {
      defaultSession: partial('session', {
        setPermissionRequestHandler: (handler: AnyFunction) => (recorded.permissionRequestHandler = handler),
        setPermissionCheckHandler: (handler: AnyFunction) => (recorded.permissionCheckHandler = handler),
      }),
    },
    shell: { openExternal: (url: string) => Promise.resolve(void recorded.opened.push(url)) },
    Tray: class {
      constructor() {
        return partial('Tray', {});
      }
    },
    Menu: partial('Menu', { buildFromTemplate: (items: unknown) => items }),
    nativeImage: partial('nativeImage', { createFromPath: () => inert('image') }),
    Notification: Object.assign(class {}, { isSupported: () => true }),
  });
  return { module, recorded, ready: resolveReady };
}
