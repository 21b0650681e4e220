import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { secureWebPreferences } from './web-preferences';

// The desktop shell is built by the desktop issue; this entry only proves the secure window setup.
async function createMainWindow(): Promise<void> {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    show: false,
    webPreferences: secureWebPreferences(join(import.meta.dirname, 'preload.cjs')),
  });
  window.once('ready-to-show', () => window.show());
  await window.loadURL(process.env['TEAMIM_WEB_URL'] ?? 'http://127.0.0.1:10002/');
}

app.whenReady().then(createMainWindow, (error: unknown) => {
  console.error('could not start', error);
  app.exit(1);
});
