/**
 * Sign-in by QR code, as device linking works in WhatsApp or Discord: the new device shows a code, a
 * signed-in device scans it and confirms. These are its rules: the link the code encodes, reading a
 * scanned text back, when the waiting page renews its code, and how a device is described.
 */

import { pathAfterSignIn, QR_SIGN_IN_ROUTE } from './qr-sign-in-route';

export { pathAfterSignIn, QR_SIGN_IN_ROUTE };

export const QR_SIGN_IN = {
  /** The waiting page renews its code this long before the server's expiry, so a late scan still works. */
  refreshLeadMs: 15_000,
  /**
   * Codes renewed without anyone looking; then the page shows "expired" and a button, as WhatsApp Web
   * does, so a forgotten tab does not ask the server for codes all day.
   */
  maxAutoRefreshes: 4,
} as const;

/** A code as the server issues it: 24 random bytes, URL-safe base64. */
const CODE = /^[A-Za-z0-9_-]{32}$/;

export function isQrSignInCode(text: string): boolean {
  return CODE.test(text);
}

/**
 * The link a code is shown as: the app's address, the route, and the code in the fragment, which a
 * browser never sends to a server, so it reaches no access log on the way.
 */
export function qrSignInLink(appBaseUrl: string, code: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}${QR_SIGN_IN_ROUTE}#code=${code}`;
}

/** The code in a fragment (`#code=…`, other parameters beside it allowed), or undefined. */
export function qrCodeFromFragment(fragment: string): string | undefined {
  // The domain has no DOM: the fragment is read by hand (a code is URL-safe, so nothing is escaped).
  const code = fragment
    .replace(/^#/, '')
    .split('&')
    .find((part) => part.startsWith('code='))
    ?.slice('code='.length);
  return code !== undefined && isQrSignInCode(code) ? code : undefined;
}

/** An absolute link's path and fragment: scheme, `//`, host, then path, query and fragment. */
const ABSOLUTE_LINK = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*(\/[^?#\s]*)?(?:\?[^#\s]*)?(#\S*)?$/i;

/**
 * The code in what a camera decoded: one of our links (whatever its host, since the desktop app and the
 * web app show the same codes) or a bare code. Anything else is not a sign-in code.
 */
export function qrCodeFromScan(text: string): string | undefined {
  const trimmed = text.trim();
  if (isQrSignInCode(trimmed)) return trimmed;
  const link = ABSOLUTE_LINK.exec(trimmed);
  if (link === null || !(link[1] ?? '/').endsWith(QR_SIGN_IN_ROUTE)) return undefined;
  return qrCodeFromFragment(link[2] ?? '');
}

/**
 * "Chrome · Windows" from a user agent, what the confirming device shows about the one asking to sign
 * in. Only the browser's and the system's names: versions say little to a person and much to a tracker.
 */
export function describeUserAgent(userAgent: string): string {
  const browsers: readonly (readonly [RegExp, string])[] = [
    [/Electron\//, 'TeamIM Desktop'],
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: readonly (readonly [RegExp, string])[] = [
    [/Windows/, 'Windows'],
    [/iPhone|iPad/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} · ${system}`;
  return (browser ?? system ?? '').slice(0, 64);
}

/**
 * When a sign-in was asked, "HH:mm" in the confirming device's time zone. A line of its own rather
 * than `formatClock`, so the lazily loaded QR views share no module with the chat's first load.
 */
export function qrRequestTime(timestampMs: number, utcOffsetMinutes: number): string {
  return new Date(timestampMs + utcOffsetMinutes * 60_000).toISOString().slice(11, 16);
}
