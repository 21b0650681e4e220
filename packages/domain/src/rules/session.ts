import { DEFAULT_LOCALE, isLocale, LoadState } from '../entities/settings';
import type { Locale } from '../entities/settings';
import { isForceLogoutCode, ServerErrorCode } from '../errors/server-errors';
import { TransportErrorCode } from '../errors/transport-errors';

/** §2/§4 Session rules. */

/** A stored user id and token, as the storage gives them (missing ones are undefined or null). */
export interface StoredSessionFields {
  readonly userID?: string | null | undefined;
  readonly token?: string | null | undefined;
}

/** The credentials a session starts from: both the user id and the token, neither blank. */
export function storedSession(
  stored: StoredSessionFields,
): { readonly userID: string; readonly token: string } | undefined {
  const { userID, token } = stored;
  if (typeof userID !== 'string' || userID === '' || typeof token !== 'string' || token === '')
    return undefined;
  return { userID, token };
}

/** The route guard (spec §2): the signed-in pages need both a stored user id and a stored token. */
export function hasStoredSession(stored: StoredSessionFields): boolean {
  return storedSession(stored) !== undefined;
}

/** §4 Sync progress shows over the shell only while reinstalling and syncing. */
export function shouldShowSyncProgress(state: {
  readonly reinstalling: boolean;
  readonly syncState: LoadState;
}): boolean {
  return state.reinstalling && state.syncState === LoadState.Loading;
}

/**
 * §9 Locale: the desktop app's stored language, else the stored locale, else zh-CN. Unknown
 * values are ignored.
 */
export function resolveLocale(sources: {
  readonly desktopLanguage?: string | null;
  readonly storedLocale?: string | null;
}): Locale {
  if (isLocale(sources.desktopLanguage)) return sources.desktopLanguage;
  if (isLocale(sources.storedLocale)) return sources.storedLocale;
  return DEFAULT_LOCALE;
}

/**
 * Codes of a session start that failed for a reason that says nothing about the stored credentials: the
 * SDK's network, timeout, deadline, not-ready, unknown and internal errors (openim-sdk-core's 10000-10006
 * except 10002, a bad argument), the server's 500, -1, which the adapter reports when the SDK rejected
 * without a code (its worker gave up on a call, as it does on a loaded machine), and a chat-API call (the
 * self info's business fields) that got no answer, timed out or got a proxy's error page.
 */
export const TRANSIENT_START_FAILURE_CODES: readonly number[] = [
  -1,
  500,
  10000,
  10001,
  10003,
  10004,
  10005,
  10006,
  TransportErrorCode.Network,
  TransportErrorCode.Timeout,
  TransportErrorCode.InvalidResponse,
];

/** True when a failed login or first self-info read should be tried again rather than end the session. */
export function isTransientStartFailure(code: number): boolean {
  return TRANSIENT_START_FAILURE_CODES.includes(code);
}

/**
 * Codes that end a session without being forced logouts of the chat API: an invalid or kicked IM token
 * (the SDK reports the kick as an event of its own) and the SDK's answer to a call made after it logged
 * out (openim-sdk-core's LoginOutError).
 */
const SESSION_OVER_CODES: readonly number[] = [
  ServerErrorCode.TokenInvalid,
  ServerErrorCode.TokenKicked,
  10101,
];

/**
 * True when a background read failed because the connection or the session is going away: a transient
 * failure, a token the server ended, or a call the SDK refused because it already logged out. Such a
 * failure is worth a warning, not an error: the user hears of the session's end on its own.
 */
export function isSessionEndingFailure(code: number): boolean {
  return isTransientStartFailure(code) || isForceLogoutCode(code) || SESSION_OVER_CODES.includes(code);
}

/**
 * How often a session start that failed transiently is tried again before the app gives up and asks for
 * a new sign-in: the waits double from 2 s, so the last try comes about a minute after the first.
 */
export const SESSION_START_RETRY = { maxAttempts: 5, delayInitialMs: 2_000, delayMaxMs: 30_000 } as const;

/**
 * The wait before retry number `attempt` (1-based) of a session start, or undefined once the attempts are
 * used up.
 */
export function sessionStartRetryDelayMs(attempt: number): number | undefined {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > SESSION_START_RETRY.maxAttempts)
    return undefined;
  return Math.min(SESSION_START_RETRY.delayInitialMs * 2 ** (attempt - 1), SESSION_START_RETRY.delayMaxMs);
}
