import type { I18nKey, MessageParams } from '../i18n/messages';

/**
 * The error catalogue of spec §8 as data. Codes 1501-1505, 20001-20014 and 20101 come from the chat API,
 * 705 from the SDK's connect failure, 10102 from the SDK login, and 1203-1403 from the IM server
 * when sending (they back the §8 "Sending" toasts).
 */
export const ServerErrorCode = {
  TokenExpired: 1501,
  TokenMalformed: 1503,
  TokenNotValidYet: 1504,
  TokenUnknown: 1505,
  /** OpenIM's "token not exist": the IM server dropped the token (kicked elsewhere, cache flushed). */
  TokenNotExist: 1507,
  /** chat v1.8's ErrTokenNotExist: the chat token was dropped (password changed elsewhere, cache flushed). */
  ChatTokenNotExist: 20101,
  ConnectFailed: 705,
  LoginRepeated: 10102,
  PasswordError: 20001,
  AccountNotFound: 20002,
  PhoneAlreadyRegistered: 20003,
  AccountAlreadyRegistered: 20004,
  TooFrequent: 20005,
  VerifyCodeNotMatch: 20006,
  VerifyCodeExpired: 20007,
  VerifyCodeMaxCount: 20008,
  VerifyCodeUsed: 20009,
  InvitationCodeUsed: 20010,
  InvitationCodeNotFound: 20011,
  Forbidden: 20012,
  RefuseFriend: 20013,
  EmailAlreadyRegistered: 20014,
  NotInGroup: 1203,
  BlockedByPeer: 1302,
  NotPeersFriend: 1303,
  MutedInGroup: 1402,
  MutedGroup: 1403,
} as const;
export type ServerErrorCode = (typeof ServerErrorCode)[keyof typeof ServerErrorCode];

export type ServerErrorReason =
  | 'loginExpired'
  | 'connectFailed'
  | 'loginRepeated'
  | 'wrongPassword'
  | 'accountNotFound'
  | 'phoneRegistered'
  | 'accountRegistered'
  | 'tooFrequent'
  | 'verificationCodeWrong'
  | 'verificationCodeExpired'
  | 'verificationCodeLimit'
  | 'verificationCodeUsed'
  | 'invitationCodeUsed'
  | 'invitationCodeNotFound'
  | 'restricted'
  | 'refuseFriend'
  | 'notInGroup'
  | 'blockedByPeer'
  | 'friendVerification'
  | 'memberMuted'
  | 'groupMuted';

export interface ServerErrorEntry {
  readonly code: ServerErrorCode;
  readonly reason: ServerErrorReason;
  /** The message to show; undefined means "show the server's own message". */
  readonly i18nKey: I18nKey | undefined;
  /** Show the message, then log out (clear the session and go to /login). */
  readonly forceLogout: boolean;
  /** For a failed login: whether the app navigates to /login. Only 10102 stays. */
  readonly redirectOnLoginFailure: boolean;
}

function entry(
  code: ServerErrorCode,
  reason: ServerErrorReason,
  i18nKey: I18nKey | undefined,
  options: { forceLogout?: boolean; redirectOnLoginFailure?: boolean } = {},
): ServerErrorEntry {
  return {
    code,
    reason,
    i18nKey,
    forceLogout: options.forceLogout ?? false,
    redirectOnLoginFailure: options.redirectOnLoginFailure ?? true,
  };
}

const C = ServerErrorCode;

export const SERVER_ERROR_CATALOGUE: readonly ServerErrorEntry[] = [
  entry(C.TokenExpired, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.TokenMalformed, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.TokenNotValidYet, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.TokenUnknown, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.TokenNotExist, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.ChatTokenNotExist, 'loginExpired', 'error.loginExpired', { forceLogout: true }),
  entry(C.ConnectFailed, 'connectFailed', 'error.loginExpired', { forceLogout: true }),
  entry(C.LoginRepeated, 'loginRepeated', undefined, { redirectOnLoginFailure: false }),
  entry(C.PasswordError, 'wrongPassword', 'error.wrongPassword'),
  entry(C.AccountNotFound, 'accountNotFound', 'error.accountNotFound'),
  entry(C.PhoneAlreadyRegistered, 'phoneRegistered', 'error.phoneRegistered'),
  entry(C.AccountAlreadyRegistered, 'accountRegistered', 'error.accountRegistered'),
  entry(C.EmailAlreadyRegistered, 'accountRegistered', 'error.accountRegistered'),
  entry(C.TooFrequent, 'tooFrequent', 'error.tooFrequent'),
  entry(C.VerifyCodeNotMatch, 'verificationCodeWrong', 'error.verificationCodeWrong'),
  entry(C.VerifyCodeExpired, 'verificationCodeExpired', 'error.verificationCodeExpired'),
  entry(C.VerifyCodeMaxCount, 'verificationCodeLimit', 'error.verificationCodeLimit'),
  entry(C.VerifyCodeUsed, 'verificationCodeUsed', 'error.verificationCodeUsed'),
  entry(C.InvitationCodeUsed, 'invitationCodeUsed', 'error.invitationCodeUsed'),
  entry(C.InvitationCodeNotFound, 'invitationCodeNotFound', 'error.invitationCodeNotFound'),
  entry(C.Forbidden, 'restricted', 'error.restricted'),
  entry(C.RefuseFriend, 'refuseFriend', 'toast.refuseFriend'),
  entry(C.NotInGroup, 'notInGroup', 'toast.notInGroup'),
  entry(C.BlockedByPeer, 'blockedByPeer', 'toast.blockedByPeer'),
  entry(C.NotPeersFriend, 'friendVerification', 'toast.friendVerification'),
  entry(C.MutedInGroup, 'memberMuted', 'toast.memberMuted'),
  entry(C.MutedGroup, 'groupMuted', 'toast.groupMuted'),
];

const BY_CODE: ReadonlyMap<number, ServerErrorEntry> = new Map(
  SERVER_ERROR_CATALOGUE.map((e) => [e.code, e]),
);

export function findServerError(code: number): ServerErrorEntry | undefined {
  return BY_CODE.get(code);
}

/** A text to show: either one of ours by key, or the server's own words. */
export type DisplayText =
  | { readonly kind: 'i18n'; readonly i18nKey: I18nKey; readonly params?: MessageParams }
  | { readonly kind: 'raw'; readonly text: string };

/** A failed server or SDK call, classified by the catalogue. */
export interface ServerError {
  readonly kind: 'server';
  readonly code: number;
  readonly reason: ServerErrorReason | 'other';
  readonly display: DisplayText;
  readonly forceLogout: boolean;
  readonly redirectOnLoginFailure: boolean;
}

/**
 * Classifies `code`. Known codes get the spec's message; any other code shows the server message
 * ("Other codes show the server message"), or the generic failure text when it is blank.
 */
export function classifyServerError(code: number, serverMessage?: string): ServerError {
  const known = findServerError(code);
  const fallback: DisplayText =
    serverMessage !== undefined && serverMessage.trim() !== ''
      ? { kind: 'raw', text: serverMessage }
      : { kind: 'i18n', i18nKey: 'toast.accessFailed' };
  if (known === undefined) {
    return {
      kind: 'server',
      code,
      reason: 'other',
      display: fallback,
      forceLogout: false,
      redirectOnLoginFailure: true,
    };
  }
  return {
    kind: 'server',
    code,
    reason: known.reason,
    display: known.i18nKey === undefined ? fallback : { kind: 'i18n', i18nKey: known.i18nKey },
    forceLogout: known.forceLogout,
    redirectOnLoginFailure: known.redirectOnLoginFailure,
  };
}

/** The codes after which the chat API client shows "login expired" and logs out. */
export function isForceLogoutCode(code: number): boolean {
  return findServerError(code)?.forceLogout ?? false;
}

/** §4: any login error other than 10102 redirects to /login. */
export function loginFailureRedirects(code: number): boolean {
  return findServerError(code)?.redirectOnLoginFailure ?? true;
}

/** SDK session events that end the session (§4): show the message, then log out. */
export const SessionEndReason = {
  KickedOffline: 'kickedOffline',
  TokenExpired: 'tokenExpired',
  TokenInvalid: 'tokenInvalid',
  ConnectFailed: 'connectFailed',
} as const;
export type SessionEndReason = (typeof SessionEndReason)[keyof typeof SessionEndReason];

export function sessionEndMessageKey(reason: SessionEndReason): I18nKey {
  return reason === SessionEndReason.KickedOffline ? 'toast.kickedOffline' : 'error.loginExpired';
}

/**
 * The generic error toast (§8): the error's message, else the SDK's error detail, else
 * `toast.accessFailed`.
 */
export function errorToastText(failure: {
  readonly message?: string;
  readonly errMsg?: string;
}): DisplayText {
  for (const candidate of [failure.message, failure.errMsg]) {
    if (candidate !== undefined && candidate.trim() !== '') return { kind: 'raw', text: candidate };
  }
  return { kind: 'i18n', i18nKey: 'toast.accessFailed' };
}

/** The generic success toast (§8): the given message, else `toast.accessSuccess`. */
export function successToastText(message?: string): DisplayText {
  return message !== undefined && message.trim() !== ''
    ? { kind: 'raw', text: message }
    : { kind: 'i18n', i18nKey: 'toast.accessSuccess' };
}

const IGNORABLE_BROWSER_ERRORS: readonly RegExp[] = [
  /chrome-extension:\/\/|moz-extension:\/\/|safari-extension:\/\//i,
  /Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError|Failed to fetch dynamically imported module/i,
  /ResizeObserver loop/i,
  /NetworkError|Network Error|Failed to fetch|Load failed/i,
  /AbortError|The user aborted a request|signal is aborted/i,
];

/**
 * Known browser noise (extensions, chunk loading, ResizeObserver, network, abort) that §8 says to
 * ignore with a console warning instead of the error screen.
 */
export function isIgnorableBrowserError(error: {
  readonly name?: string;
  readonly message?: string;
  readonly stack?: string;
}): boolean {
  // A missing part joins as an empty string, and no pattern matches an empty or newline-only text.
  const text = [error.name, error.message, error.stack].join('\n');
  return IGNORABLE_BROWSER_ERRORS.some((pattern) => pattern.test(text));
}

/**
 * Refusals of a send by a rule of the other side or the group (§8 "Sending"): the message can never go
 * as it is, so what was typed goes back to the composer (the failed copy stays in the list, §4).
 */
const SEND_REFUSALS: ReadonlySet<ServerErrorReason | 'other'> = new Set<ServerErrorReason | 'other'>([
  'notInGroup',
  'blockedByPeer',
  'friendVerification',
  'refuseFriend',
  'memberMuted',
  'groupMuted',
]);

export function isSendRefusal(code: number): boolean {
  return SEND_REFUSALS.has(classifyServerError(code).reason);
}
