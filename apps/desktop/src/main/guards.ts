/**
 * Navigation and permission rules (Electron security checklist items 5, 13, 14): the window only ever
 * shows the app's own origin, everything else opens in the system browser, and the only permission
 * ever granted is microphone/camera while a call is in progress.
 */

/** Whether `url` belongs to the app's origin (the `app://` bundle or the configured server). */
export function isAppUrl(url: string, appOrigin: string): boolean {
  const origin = originOf(url);
  return origin !== undefined && origin === originOf(appOrigin);
}

/**
 * scheme://host[:port]. WHATWG URL gives custom schemes such as app:// the opaque origin "null", which
 * would make every app:// URL equal, so the origin is built from the parts.
 */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.host === '') return undefined;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** Only web links leave the app; file:, javascript:, custom schemes and the like are dropped. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export interface NavigationTarget {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export function guardNavigation(
  contents: NavigationTarget,
  appOrigin: string,
  openExternal: (url: string) => void,
): void {
  const onNavigate = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url, appOrigin)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) openExternal(url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  // No second window ever: links with target=_blank and window.open go to the system browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}

export interface PermissionQuery {
  readonly permission: string;
  /** Electron's details.mediaTypes for 'media' requests ('audio' | 'video'). */
  readonly mediaTypes?: readonly string[];
  readonly requestingUrl: string;
}

/** Whether a call is in progress; the renderer reports it through `call:set-active`. */
export class CallState {
  active = false;
}

/** Grants microphone and camera to the app's own origin during a call; refuses everything else. */
export function decidePermission(query: PermissionQuery, appOrigin: string, calls: CallState): boolean {
  if (query.permission !== 'media') return false;
  if (!calls.active || !isAppUrl(query.requestingUrl, appOrigin)) return false;
  const types = query.mediaTypes ?? [];
  return types.every((type) => type === 'audio' || type === 'video');
}
