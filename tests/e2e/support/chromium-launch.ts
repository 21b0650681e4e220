/**
 * How every browser test starts Chromium: the system browser (no downloads), nothing that phones home or
 * updates itself, and calls on Chromium's generated camera pattern and microphone tone, granted silently.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};
