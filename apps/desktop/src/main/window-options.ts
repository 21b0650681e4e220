import { secureWebPreferences, type SecureWebPreferences } from './web-preferences';

export type DesktopOs = 'linux' | 'windows' | 'macos';

export function osName(platform: NodeJS.Platform): DesktopOs {
  if (platform === 'win32') return 'windows';
  if (platform === 'darwin') return 'macos';
  return 'linux';
}

/** OpenIM's platform ids (spec §3: "taken from the desktop shell", 5 on the web). */
export function platformId(platform: NodeJS.Platform): number {
  return { windows: 3, macos: 4, linux: 7 }[osName(platform)];
}

export interface MainWindowOptions {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
  readonly show: false;
  readonly frame: boolean;
  readonly titleBarStyle?: 'hiddenInset';
  readonly backgroundColor: string;
  readonly webPreferences: SecureWebPreferences;
}

/**
 * Frameless everywhere except macOS, where the native traffic lights stay (spec §2: own controls "not
 * on macOS") over a hidden title bar.
 */
export function createMainWindowOptions(platform: NodeJS.Platform, preloadPath: string): MainWindowOptions {
  const mac = osName(platform) === 'macos';
  return {
    width: 1200,
    height: 800,
    minWidth: 960,
    minHeight: 640,
    show: false,
    frame: mac,
    ...(mac ? { titleBarStyle: 'hiddenInset' as const } : {}),
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preloadPath),
  };
}
