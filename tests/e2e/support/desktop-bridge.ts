import type { Page } from '@playwright/test';

/**
 * A stand-in for the Electron preload's `window.teamimDesktop`, for running the desktop renderer in
 * Chromium under Playwright: same shape as apps/desktop/src/shared/desktop-api.ts (a Vitest test in
 * apps/desktop keeps the two equal), every call recorded, main-process events pushed by the test.
 */

export interface DesktopBridgeOptions {
  readonly os?: 'linux' | 'windows' | 'macos';
  readonly closeAction?: 'miniSize' | 'quit';
  readonly language?: 'zh-CN' | 'en-US' | null;
  /** What `logs.tail` returns (its last N lines). */
  readonly logLines?: readonly string[];
}

export interface RecordedCall {
  readonly method: string;
  readonly args: readonly unknown[];
}

/**
 * Installs the fake bridge on `target` (the page's window). Self-contained: Playwright serialises it
 * into the page, so it may use nothing from outside its own body.
 */
export function fakeDesktopBridge(
  options: DesktopBridgeOptions = {},
  target: Record<string, unknown> = window as unknown as Record<string, unknown>,
): void {
  const calls: RecordedCall[] = [];
  // Methods the test made fail (as the shell would on a broken disk or a dead main process).
  const failing = new Set<string>();
  const listeners: Record<string, ((payload: unknown) => void)[]> = {};
  const state = {
    maximized: false,
    closeAction: options.closeAction ?? 'miniSize',
    language: options.language ?? null,
    update: { status: 'idle' } as unknown,
  };
  const logLines = options.logLines ?? ['bridge log line'];
  const call =
    <R>(method: string, result: (...args: unknown[]) => R) =>
    (...args: unknown[]): Promise<R> => {
      calls.push({ method, args });
      if (failing.has(method)) return Promise.reject(new Error(`${method} failed`));
      return Promise.resolve(result(...args));
    };
  const on =
    (channel: string) =>
    (listener: (payload: unknown) => void): (() => void) => {
      calls.push({ method: `on:${channel}`, args: [] });
      (listeners[channel] ??= []).push(listener);
      return () => {
        listeners[channel] = (listeners[channel] ?? []).filter((entry) => entry !== listener);
      };
    };
  const emit = (channel: string, payload: unknown): void => {
    if (channel === 'window:maximized-changed') state.maximized = payload === true;
    if (channel === 'update:state') state.update = payload;
    for (const listener of listeners[channel] ?? []) listener(payload);
  };
  target['teamimDesktop'] = {
    app: { info: call('app.info', () => ({ version: '0.1.0', os: options.os ?? 'windows', platformId: 3 })) },
    window: {
      minimize: call('window.minimize', () => undefined),
      toggleMaximize: call('window.toggleMaximize', () => {
        emit('window:maximized-changed', !state.maximized);
        return state.maximized;
      }),
      close: call('window.close', () => undefined),
      isMaximized: call('window.isMaximized', () => state.maximized),
      onMaximizedChanged: on('window:maximized-changed'),
    },
    settings: {
      getCloseAction: call('settings.getCloseAction', () => state.closeAction),
      setCloseAction: call('settings.setCloseAction', (action) => {
        state.closeAction = action as typeof state.closeAction;
      }),
      getLanguage: call('settings.getLanguage', () => state.language),
      setLanguage: call('settings.setLanguage', (language) => {
        state.language = language as typeof state.language;
      }),
    },
    tray: { setUnread: call('tray.setUnread', () => undefined) },
    notifications: {
      showMessage: call('notifications.showMessage', () => true),
      onClicked: on('notification:clicked'),
    },
    calls: { setActive: call('calls.setActive', () => undefined) },
    logs: {
      write: call('logs.write', () => undefined),
      tail: call('logs.tail', (lines) => {
        const tail = logLines.slice(-Number(lines));
        return { text: tail.map((line) => `${line}\n`).join(''), lines: tail.length };
      }),
    },
    updates: {
      check: call('updates.check', () => undefined),
      install: call('updates.install', () => undefined),
      getState: call('updates.getState', () => state.update),
      onState: on('update:state'),
    },
    shell: { openExternal: call('shell.openExternal', () => undefined) },
  };
  target['__teamimDesktopCalls'] = calls;
  target['__teamimDesktopEmit'] = emit;
  target['__teamimDesktopFail'] = (method: string, fail: boolean): void => {
    if (fail) failing.add(method);
    else failing.delete(method);
  };
}

/** The test's handle on the bridge inside a page. */
export interface DesktopBridge {
  calls(): Promise<RecordedCall[]>;
  /** Pushes a main-process event (update:state, notification:clicked, window:maximized-changed). */
  emit(channel: string, payload: unknown): Promise<void>;
  /** Makes a bridge method (e.g. `logs.tail`) reject from now on, or answer again. */
  fail(method: string, fail?: boolean): Promise<void>;
}

export async function installDesktopBridge(
  page: Page,
  options: DesktopBridgeOptions = {},
): Promise<DesktopBridge> {
  // Injected as source (through CDP, so the app's CSP does not apply). Transpilers that keep function
  // names (esbuild's keepNames, as tsx uses) call a `__name` helper the page lacks; a no-op stands in.
  const source = `var __name = globalThis.__name || ((fn) => fn);
(${fakeDesktopBridge.toString()})(${JSON.stringify(options)}, window);`;
  await page.addInitScript({ content: source });
  return {
    calls: () =>
      page.evaluate(
        () => (window as unknown as { __teamimDesktopCalls: RecordedCall[] }).__teamimDesktopCalls,
      ),
    emit: (channel, payload) =>
      page.evaluate(
        ([name, value]) =>
          (window as unknown as { __teamimDesktopEmit: (c: string, p: unknown) => void }).__teamimDesktopEmit(
            name,
            value,
          ),
        [channel, payload] as const,
      ),
    fail: (method, fail = true) =>
      page.evaluate(
        ([name, value]) =>
          (window as unknown as { __teamimDesktopFail: (m: string, f: boolean) => void }).__teamimDesktopFail(
            name,
            value,
          ),
        [method, fail] as const,
      ),
  };
}
