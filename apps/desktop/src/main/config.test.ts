import { isUserPlatformID } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL, loadConfig, rendererConfig } from './config';
import { createMainWindowOptions, osName, platformId } from './window-options';

describe('loadConfig', () => {
  it('reads config.json and lets the environment win', () => {
    const file = JSON.stringify({
      serverUrl: 'https://chat.example/',
      updateUrl: 'https://dl.example/teamim/',
    });
    expect(loadConfig({}, file)).toEqual({
      serverUrl: 'https://chat.example/',
      loadFromServer: false,
      updateUrl: 'https://dl.example/teamim/',
    });
    const env = { TEAMIM_UPDATE_URL: 'https://other.example/u/', TEAMIM_LOAD_FROM_SERVER: '1' };
    expect(loadConfig(env, file)).toMatchObject({
      updateUrl: 'https://other.example/u/',
      loadFromServer: true,
    });
  });

  it('defaults to the local server, the bundled web app and no updates', () => {
    expect(loadConfig({}, undefined)).toEqual({ serverUrl: DEFAULT_SERVER_URL, loadFromServer: false });
  });

  it('tells the bundled web app where the server is and which platform it runs on', () => {
    expect(rendererConfig('http://127.0.0.1:10002', 7)).toEqual({
      apiAddr: 'http://127.0.0.1:10002/api',
      wsAddr: 'ws://127.0.0.1:10002/ws',
      chatAddr: 'http://127.0.0.1:10002/chat',
      platformID: 7,
    });
    expect(rendererConfig('https://im.example/team/', 3)).toMatchObject({
      apiAddr: 'https://im.example/team/api',
      wsAddr: 'wss://im.example/team/ws',
    });
  });

  it('rejects URLs that are not http(s) and unknown keys', () => {
    expect(() => loadConfig({ TEAMIM_SERVER_URL: 'file:///tmp/x' }, undefined)).toThrow();
    expect(() => loadConfig({}, JSON.stringify({ updateURL: 'https://typo.example/' }))).toThrow();
  });
});

describe('window options', () => {
  it('is frameless with our own controls except on macOS', () => {
    expect(createMainWindowOptions('linux', '/app/preload.cjs')).toMatchObject({ frame: false });
    expect(createMainWindowOptions('win32', '/app/preload.cjs')).toMatchObject({ frame: false });
    expect(createMainWindowOptions('darwin', '/app/preload.cjs')).toMatchObject({
      frame: true,
      titleBarStyle: 'hiddenInset',
    });
  });

  it('maps the OS to the OpenIM platform id', () => {
    expect([osName('win32'), platformId('win32')]).toEqual(['windows', 3]);
    expect([osName('darwin'), platformId('darwin')]).toEqual(['macos', 4]);
    expect([osName('linux'), platformId('linux')]).toEqual(['linux', 7]);
    // Each is one a real OpenIM 3.8 + chat 1.8 deployment signs users in on (the web app's config refuses others).
    for (const os of ['win32', 'darwin', 'linux', 'freebsd'] as const)
      expect(isUserPlatformID(platformId(os))).toBe(true);
  });
});
