import { describe, expect, it } from 'vitest';
import { secureWebPreferences } from './web-preferences';

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the renderer without Node', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(prefs.preload).toBe('/app/preload.cjs');
  });

  it('refuses a preload that is not a built script', () => {
    expect(() => secureWebPreferences('/app/preload.ts')).toThrow(/built script/);
  });
});
