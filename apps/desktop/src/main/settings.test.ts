import { describe, expect, it } from 'vitest';
import { DesktopSettings } from './settings';
import { FakeFileSystem } from './test-support/fakes';

const PATH = '/user-data/settings.json';

describe('DesktopSettings', () => {
  it('defaults to minimize and no stored language', () => {
    const settings = new DesktopSettings(new FakeFileSystem(), '/user-data');
    expect(settings.closeAction).toBe('miniSize');
    expect(settings.language).toBeNull();
  });

  it('persists both settings in the user data directory and reads them at the next start', () => {
    const fs = new FakeFileSystem();
    const first = new DesktopSettings(fs, '/user-data');
    first.closeAction = 'quit';
    first.language = 'en-US';
    expect(JSON.parse(fs.files.get(PATH) ?? '')).toEqual({ closeAction: 'quit', language: 'en-US' });
    const next = new DesktopSettings(fs, '/user-data');
    expect(next.closeAction).toBe('quit');
    expect(next.language).toBe('en-US');
  });

  it('falls back per field on a tampered or broken file', () => {
    const fs = new FakeFileSystem();
    fs.files.set(PATH, JSON.stringify({ closeAction: 'explode', language: 'en-US' }));
    const settings = new DesktopSettings(fs, '/user-data');
    expect(settings.closeAction).toBe('miniSize');
    expect(settings.language).toBe('en-US');
    fs.files.set(PATH, '{not json');
    expect(new DesktopSettings(fs, '/user-data').closeAction).toBe('miniSize');
  });

  it('refuses values outside the contract', () => {
    const settings = new DesktopSettings(new FakeFileSystem(), '/user-data');
    expect(() => {
      settings.closeAction = 'hide' as never;
    }).toThrow();
  });
});
