/**
 * How every browser test starts Chromium: the system browser (no downloads), nothing that phones home or
 * updates itself, and calls on Chromium's generated camera pattern and microphone tone, granted silently.
 */

/**
 * The features Playwright turns off when it launches Chromium. Chromium reads only the last
 * `--disable-features` on its command line, so ours has to repeat them; `chromium-launch.e2e.ts` fails when
 * Playwright's own list holds one this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium builds its address bar's suggestion popups as web pages, two renderers for every browser window,
 * whether or not anyone types there; every browser context of a test opens a window. A headless test never
 * shows an address bar, and those pages cost about 1.3 s of CPU per context (docs/test-quality.md).
 */
export const UNUSED_BROWSER_UI_FEATURES: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(',')}`,
  ],
};
