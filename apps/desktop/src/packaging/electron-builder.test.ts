import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as Configuration;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  devDependencies: Record<string, string>;
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it(
    "passes electron-builder's own validation against the JSON schema it ships",
    { timeout: 120_000 },
    async () => {
      await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    },
  );

  it('the validation is real: a misspelt option is refused', async () => {
    const broken = { ...config, linux: { ...config.linux, targets: ['AppImage'] } } as Configuration;
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(
      /Invalid configuration/,
    );
  });

  it('builds AppImage and deb, NSIS and dmg with the app id and the pinned Electron', () => {
    expect(config.appId).toBe('com.teamim.desktop');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.electronVersion).toBe(pkg.devDependencies['electron']);
  });

  it('packs the built main, preload and renderer (with the SDK wasm), and the entry package.json names', () => {
    expect(config.files).toEqual(
      expect.arrayContaining(['dist/main.cjs', 'dist/preload.cjs', 'dist/renderer/**/*']),
    );
    expect(`./${'dist/main.cjs'}`).toBe(pkg.main);
    // The wasm assets are copied by the web build into dist/renderer/openim/, never committed.
    const ignore = readFileSync(join(root, '..', '..', '.gitignore'), 'utf8');
    expect(ignore).toMatch(/^apps\/desktop\/release\/$/m);
  });

  it('has icons of usable sizes, all small', () => {
    const icons = join(root, 'resources', 'icons');
    expect(pngSize(join(icons, 'icon.png'))).toEqual({ width: 512, height: 512 });
    expect(pngSize(join(icons, 'tray.png'))).toEqual({ width: 32, height: 32 });
    expect(pngSize(join(icons, 'overlay.png'))).toEqual({ width: 16, height: 16 });
    for (const name of ['icon.png', 'tray.png', 'overlay.png']) {
      expect(statSync(join(icons, name)).size).toBeLessThan(1024 * 1024);
    }
  });
});
