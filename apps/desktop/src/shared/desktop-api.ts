import type {
  CloseAction,
  DesktopLanguage,
  EventChannel,
  EventPayload,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
  UpdateState,
} from './ipc-contract';

/** Name under which the preload exposes the API on `window`. */
export const DESKTOP_API_KEY = 'teamimDesktop';

type Unsubscribe = () => void;

/**
 * What the preload exposes to the renderer: one function per invoke channel, one subscription per event
 * channel, nothing else. Renderer adapters reach the desktop only through this.
 */
export interface DesktopApi {
  readonly app: { info(): Promise<InvokeResult<'app:info'>> };
  readonly window: {
    minimize(): Promise<void>;
    toggleMaximize(): Promise<boolean>;
    close(): Promise<void>;
    isMaximized(): Promise<boolean>;
    onMaximizedChanged(listener: (maximized: boolean) => void): Unsubscribe;
  };
  readonly settings: {
    getCloseAction(): Promise<CloseAction>;
    setCloseAction(action: CloseAction): Promise<void>;
    getLanguage(): Promise<DesktopLanguage | null>;
    setLanguage(language: DesktopLanguage): Promise<void>;
  };
  readonly tray: { setUnread(count: number): Promise<void> };
  readonly notifications: {
    showMessage(message: InvokeArgs<'notify:message'>[0]): Promise<boolean>;
    onClicked(listener: (conversationId: string) => void): Unsubscribe;
  };
  readonly calls: { setActive(active: boolean): Promise<void> };
  readonly logs: {
    write(level: InvokeArgs<'logs:write'>[0], message: string): Promise<void>;
    tail(lines: number): Promise<InvokeResult<'logs:tail'>>;
  };
  readonly updates: {
    check(): Promise<void>;
    install(): Promise<void>;
    getState(): Promise<UpdateState>;
    onState(listener: (state: UpdateState) => void): Unsubscribe;
  };
  readonly shell: { openExternal(url: string): Promise<void> };
}

export type Invoke = <C extends InvokeChannel>(
  channel: C,
  ...args: InvokeArgs<C>
) => Promise<InvokeResult<C>>;
export type Subscribe = <C extends EventChannel>(
  channel: C,
  listener: (payload: EventPayload<C>) => void,
) => Unsubscribe;

/** Builds the API over an invoke and a subscribe function (the preload passes ipcRenderer-backed ones). */
export function buildDesktopApi(invoke: Invoke, subscribe: Subscribe): DesktopApi {
  return {
    app: { info: () => invoke('app:info') },
    window: {
      minimize: () => invoke('window:minimize'),
      toggleMaximize: () => invoke('window:toggle-maximize'),
      close: () => invoke('window:close'),
      isMaximized: () => invoke('window:is-maximized'),
      onMaximizedChanged: (listener) => subscribe('window:maximized-changed', listener),
    },
    settings: {
      getCloseAction: () => invoke('settings:get-close-action'),
      setCloseAction: (action) => invoke('settings:set-close-action', action),
      getLanguage: () => invoke('settings:get-language'),
      setLanguage: (language) => invoke('settings:set-language', language),
    },
    tray: { setUnread: (count) => invoke('tray:set-unread', count) },
    notifications: {
      showMessage: (message) => invoke('notify:message', message),
      onClicked: (listener) => subscribe('notification:clicked', listener),
    },
    calls: { setActive: (active) => invoke('call:set-active', active) },
    logs: {
      write: (level, message) => invoke('logs:write', level, message),
      tail: (lines) => invoke('logs:tail', lines),
    },
    updates: {
      check: () => invoke('update:check'),
      install: () => invoke('update:install'),
      getState: () => invoke('update:get-state'),
      onState: (listener) => subscribe('update:state', listener),
    },
    shell: { openExternal: (url) => invoke('shell:open-external', url) },
  };
}
