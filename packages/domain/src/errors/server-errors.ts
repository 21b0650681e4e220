import type { I18nKey, MessageParams } from '../i18n/messages';
import { formatFileSize } from '../rules/media';

/**
 * The error catalogue of spec §8 as data. Codes 1501-1505, 20001-20014 and 20101 come from the chat API,
 * 705 from the SDK's connect failure, 10102 from the SDK login, 500-1701 from the IM server (1203-1403
 * back the §8 "Sending" toasts) and 21001-21010 from the wallet API. Every code a server answers has a
 * text of ours in both locales; only codes outside the catalogue show the server's own words.
 */
export const ServerErrorCode = {
  ServerInternal: 500,
  Args: 1001,
  NoPermission: 1002,
  DuplicateKey: 1003,
  RecordNotFound: 1004,
  UserNotFound: 1101,
  UserRegistered: 1102,
  GroupNotFound: 1201,
  GroupExists: 1202,
  GroupDismissed: 1204,
  // open-im-server's own numbering (pkg/common/servererrs/code.go): 1205 and 1206, not 1206 and 1207.
  GroupTypeNotSupported: 1205,
  GroupRequestHandled: 1206,
  CannotAddYourself: 1301,
  AlreadyFriends: 1304,
  /** A read receipt sent where the server has turned read receipts off. */
  ReadReceiptsDisabled: 1401,
  MessageAlreadyRevoked: 1404,
  TokenInvalid: 1502,
  TokenKicked: 1506,
  ConnectionLimit: 1601,
  ConnectionRefused: 1602,
  UploadExpired: 1701,
  InsufficientBalance: 21001,
  PayPasswordNotSet: 21002,
  PayPasswordWrong: 21003,
  PayPasswordLocked: 21004,
  RedPacketNotFound: 21005,
  RedPacketExpired: 21006,
  RedPacketAlreadyClaimed: 21007,
  RedPacketEmpty: 21008,
  RedPacketNotEligible: 21009,
  InvalidAmount: 21010,
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
  /** Sign-in by QR code (the local server's own calls): unknown or used, expired, scanned by another account. */
  QrCodeNotFound: 20301,
  QrCodeExpired: 20302,
  QrCodeTaken: 20303,
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
  | 'groupMuted'
  | 'serverInternal'
  | 'invalidRequest'
  | 'contentTooLarge'
  | 'noPermission'
  | 'duplicate'
  | 'notFound'
  | 'userNotFound'
  | 'groupNotFound'
  | 'groupExists'
  | 'groupDismissed'
  | 'groupTypeNotSupported'
  | 'groupRequestHandled'
  | 'cannotAddYourself'
  | 'alreadyFriends'
  | 'readReceiptsDisabled'
  | 'messageAlreadyRevoked'
  | 'tokenInvalid'
  | 'kickedOffline'
  | 'connectionRefused'
  | 'uploadExpired'
  | 'insufficientBalance'
  | 'payPasswordNotSet'
  | 'payPasswordWrong'
  | 'payPasswordLocked'
  | 'redPacketNotFound'
  | 'redPacketExpired'
  | 'redPacketAlreadyOpened'
  | 'redPacketAllClaimed'
  | 'redPacketNotEligible'
  | 'invalidAmount'
  | 'qrCodeNotFound'
  | 'qrCodeExpired'
  | 'qrCodeTaken';

/**
 * A more precise text for some answers of a code, recognised in the server's sentence (wherever it
 * stands: an SDK puts the code and its name in front), with the parameters read out of it.
 */
export interface ServerErrorDetail {
  readonly pattern: RegExp;
  readonly reason: ServerErrorReason;
  readonly i18nKey: I18nKey;
  readonly params: (match: RegExpMatchArray) => MessageParams;
}

export interface ServerErrorEntry {
  readonly code: ServerErrorCode;
  readonly reason: ServerErrorReason;
  /** The message to show; undefined means "show the server's own message". */
  readonly i18nKey: I18nKey | undefined;
  /** Show the message, then log out (clear the session and go to /login). */
  readonly forceLogout: boolean;
  /** For a failed login: whether the app navigates to /login. Only 10102 stays. */
  readonly redirectOnLoginFailure: boolean;
  /** Tried in order before `i18nKey`. */
  readonly details: readonly ServerErrorDetail[];
}

function entry(
  code: ServerErrorCode,
  reason: ServerErrorReason,
  i18nKey: I18nKey | undefined,
  options: {
    forceLogout?: boolean;
    redirectOnLoginFailure?: boolean;
    details?: readonly ServerErrorDetail[];
  } = {},
): ServerErrorEntry {
  return {
    code,
    reason,
    i18nKey,
    forceLogout: options.forceLogout ?? false,
    redirectOnLoginFailure: options.redirectOnLoginFailure ?? true,
    details: options.details ?? [],
  };
}

// The sentences of the local server (apps/server: im/errors.ts, chat/errors.ts) that carry parameters.
const CONTENT_TOO_LARGE: ServerErrorDetail = {
  pattern: /content too large \(max (\d+) bytes\)/i,
  reason: 'contentTooLarge',
  i18nKey: 'error.contentTooLarge',
  params: (m) => ({ max: formatFileSize(Number(m[1])) }),
};
const ATTEMPTS_LEFT: ServerErrorDetail = {
  pattern: /(\d+) attempt\(s\) left/i,
  reason: 'payPasswordWrong',
  i18nKey: 'error.wallet.payPasswordWrongAttempts',
  params: (m) => ({ attemptsLeft: Number(m[1]) }),
};
const LOCKED_MINUTES: ServerErrorDetail = {
  pattern: /try again in (\d+) min/i,
  reason: 'payPasswordLocked',
  i18nKey: 'error.wallet.payPasswordLockedMinutes',
  params: (m) => ({ minutes: Number(m[1]) }),
};

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
  entry(C.ServerInternal, 'serverInternal', 'error.serverInternal'),
  entry(C.Args, 'invalidRequest', 'error.invalidRequest', { details: [CONTENT_TOO_LARGE] }),
  entry(C.NoPermission, 'noPermission', 'permission.noPermission'),
  entry(C.DuplicateKey, 'duplicate', 'error.duplicate'),
  entry(C.RecordNotFound, 'notFound', 'error.notFound'),
  entry(C.UserNotFound, 'userNotFound', 'error.userNotFound'),
  entry(C.UserRegistered, 'accountRegistered', 'error.accountRegistered'),
  entry(C.GroupNotFound, 'groupNotFound', 'error.groupNotFound'),
  entry(C.GroupExists, 'groupExists', 'error.groupExists'),
  entry(C.GroupDismissed, 'groupDismissed', 'error.groupDismissed'),
  entry(C.GroupTypeNotSupported, 'groupTypeNotSupported', 'error.groupTypeNotSupported'),
  entry(C.GroupRequestHandled, 'groupRequestHandled', 'error.groupRequestHandled'),
  entry(C.CannotAddYourself, 'cannotAddYourself', 'error.cannotAddYourself'),
  entry(C.AlreadyFriends, 'alreadyFriends', 'error.alreadyFriends'),
  entry(C.ReadReceiptsDisabled, 'readReceiptsDisabled', 'error.readReceiptsDisabled'),
  entry(C.MessageAlreadyRevoked, 'messageAlreadyRevoked', 'error.messageAlreadyRevoked'),
  // Spec §4 logs out only on 1501 and 1503-1505; an invalid or kicked IM token reaches the SDK's own
  // session events (token invalid, kicked offline), which end the session.
  entry(C.TokenInvalid, 'tokenInvalid', 'error.loginExpired'),
  entry(C.TokenKicked, 'kickedOffline', 'toast.kickedOffline'),
  entry(C.ConnectionLimit, 'connectionRefused', 'error.connectionRefused'),
  entry(C.ConnectionRefused, 'connectionRefused', 'error.connectionRefused'),
  entry(C.UploadExpired, 'uploadExpired', 'error.uploadExpired'),
  entry(C.InsufficientBalance, 'insufficientBalance', 'error.wallet.insufficientBalance'),
  entry(C.PayPasswordNotSet, 'payPasswordNotSet', 'error.wallet.payPasswordNotSet'),
  entry(C.PayPasswordWrong, 'payPasswordWrong', 'error.wallet.payPasswordWrong', {
    details: [ATTEMPTS_LEFT],
  }),
  entry(C.PayPasswordLocked, 'payPasswordLocked', 'error.wallet.payPasswordLocked', {
    details: [LOCKED_MINUTES],
  }),
  entry(C.RedPacketNotFound, 'redPacketNotFound', 'error.wallet.redPacketNotFound'),
  entry(C.RedPacketExpired, 'redPacketExpired', 'error.wallet.redPacketExpired'),
  entry(C.RedPacketAlreadyClaimed, 'redPacketAlreadyOpened', 'error.wallet.redPacketAlreadyOpened'),
  entry(C.RedPacketEmpty, 'redPacketAllClaimed', 'error.wallet.redPacketAllClaimed'),
  entry(C.RedPacketNotEligible, 'redPacketNotEligible', 'error.wallet.redPacketNotEligible'),
  entry(C.InvalidAmount, 'invalidAmount', 'error.wallet.invalidAmount'),
  entry(C.QrCodeNotFound, 'qrCodeNotFound', 'error.qr.notFound'),
  entry(C.QrCodeExpired, 'qrCodeExpired', 'error.qr.expired'),
  entry(C.QrCodeTaken, 'qrCodeTaken', 'error.qr.taken'),
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
  for (const detail of known.details) {
    const match = serverMessage?.match(detail.pattern);
    if (match) {
      return {
        kind: 'server',
        code,
        reason: detail.reason,
        display: { kind: 'i18n', i18nKey: detail.i18nKey, params: detail.params(match) },
        forceLogout: known.forceLogout,
        redirectOnLoginFailure: known.redirectOnLoginFailure,
      };
    }
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

export { isIgnorableBrowserError } from './browser-errors';

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
