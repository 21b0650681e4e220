import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createMainWindowOptions, osName, platformId } from './window-options';

describe('loadConfig', () => {
  it('reads config.json and lets the environment win', () => {
    const file = JSON.stringify({
      serverUrl: 'https://chat.example/',
      updateUrl: 'https://dl.example/teamim/',
    });
    expect(loadConfig({}, file)).toEqual({
      serverUrl: 'https://chat.example/',
      updateUrl: 'https://dl.example/teamim/',
    });
    expect(loadConfig({ TEAMIM_UPDATE_URL: 'https://other.example/u/' }, file).updateUrl).toBe(
      'https://other.example/u/',
    );
    expect(loadConfig({}, undefined)).toEqual({});
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
  });
});
