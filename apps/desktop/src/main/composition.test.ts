import { beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS } from '../shared/ipc-contract';
import type { FakeBrowserWindow, Recorded } from './test-support/fake-electron';
import { startBundledMain } from './test-support/run-bundled-main';

describe('the bundled main process (against a fake Electron)', { timeout: 120_000 }, () => {
  let recorded: Recorded;
  let window: FakeBrowserWindow;

  beforeAll(async () => {
    recorded = await startBundledMain();
    expect(recorded.windows).toHaveLength(1);
    window = recorded.windows[0] as FakeBrowserWindow;
  }, 120_000);

  it('opens one window, isolated and sandboxed, on the bundled app', () => {
    expect(window.options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(window.loadedUrl).toBe('app://teamim/');
  });

  it('registers the app:// scheme as standard and secure, and its handler', () => {
    expect(recorded.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) as unknown },
    ]);
    expect(recorded.protocolHandlers).toEqual(['app']);
  });

  it('handles every IPC channel of the contract and no other', () => {
    expect([...recorded.ipcChannels].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(recorded.ipcListeners).toEqual([]);
  });

  it('installs the permission handlers and the navigation, window-open and webview guards', () => {
    expect(recorded.permissionRequestHandler).toBeTypeOf('function');
    expect(recorded.permissionCheckHandler).toBeTypeOf('function');
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(window.contentsListeners.get(event), event).toHaveLength(1);
    }
    // Esc is the renderer's (its title bar), so an Esc that closes a dialog does not also minimize.
    expect(window.contentsListeners.get('before-input-event')).toBeUndefined();
    expect(window.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('grants camera and microphone to the app frame only during a call', async () => {
    const ask = (requestingUrl: string): boolean | undefined => {
      let granted: boolean | undefined;
      const contents = { getURL: () => 'app://teamim/chat' };
      recorded.permissionRequestHandler?.(contents, 'media', (ok: boolean) => (granted = ok), {
        mediaTypes: ['audio', 'video'],
        requestingUrl,
      });
      return granted;
    };
    const setCall = recorded.ipcHandlers.get('call:set-active');
    const fromApp = { senderFrame: { url: 'app://teamim/chat' } };
    expect(ask('app://teamim/chat')).toBe(false);
    await setCall?.(fromApp, true);
    expect(ask('app://teamim/chat')).toBe(true);
    expect(ask('https://ads.example/frame')).toBe(false);
    await setCall?.(fromApp, false);
    expect(ask('app://teamim/chat')).toBe(false);
  });

  it('uses the stored language from the start and takes the single-instance lock', () => {
    expect(recorded.commandLineSwitches).toContainEqual(['lang', 'zh-CN']);
    expect(recorded.appListeners.get('second-instance')).toHaveLength(1);
    expect(window.listeners.get('close')).toHaveLength(1);
  });
});
