/** The subset of Electron's WebPreferences that our windows set; kept free of electron for unit tests. */
export interface SecureWebPreferences {
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly webviewTag: false;
  readonly experimentalFeatures: false;
  readonly preload: string;
}

/**
 * Every renderer runs isolated and sandboxed without Node: the renderer shows untrusted user content, so
 * it must never reach Node or Electron except through the typed preload bridge.
 */
export function secureWebPreferences(preloadPath: string): SecureWebPreferences {
  if (!preloadPath.endsWith('.js') && !preloadPath.endsWith('.cjs')) {
    throw new Error(`preload must be a built script, got ${preloadPath}`);
  }
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    preload: preloadPath,
  };
}
