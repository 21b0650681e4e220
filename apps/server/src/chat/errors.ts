import { ApiError, TOO_FREQUENT, fail } from '../errors';
import type { Dialect } from '../http/envelope';

/** Error codes of the chat API (spec section 8) and the wallet (chat-and-wallet-api reference, 6.2). */
export const ErrCode = {
  ServerInternal: 500,
  Args: 1001,
  NoPermission: 1002,
  RecordNotFound: 1004,
  TokenExpired: 1501,
  TokenInvalid: 1502,
  TokenMalformed: 1503,
  TokenNotValidYet: 1504,
  TokenUnknown: 1505,
  PasswordError: 20001,
  AccountNotFound: 20002,
  PhoneAlreadyRegister: 20003,
  AccountAlreadyRegister: 20004,
  TooFrequent: TOO_FREQUENT,
  VerifyCodeNotMatch: 20006,
  VerifyCodeExpired: 20007,
  VerifyCodeMaxCount: 20008,
  VerifyCodeUsed: 20009,
  InvitationCodeUsed: 20010,
  InvitationNotFound: 20011,
  Forbidden: 20012,
  RefuseFriend: 20013,
  EmailAlreadyRegister: 20014,
  /** chat v1.8's ErrTokenNotExist: the token is no longer held (dropped, password changed elsewhere). */
  TokenNotExist: 20101,
  /** Sign-in by QR code (our own endpoints): unknown or already used, expired, scanned by another account. */
  QrCodeNotFound: 20301,
  QrCodeExpired: 20302,
  QrCodeTaken: 20303,
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
} as const;

const NAMES: Record<number, string> = {
  500: 'ServerInternalError',
  1001: 'ArgsError',
  1002: 'NoPermissionError',
  1004: 'RecordNotFoundError',
  1501: 'TokenExpiredError',
  1502: 'TokenInvalidError',
  1503: 'TokenMalformedError',
  1504: 'TokenNotValidYetError',
  1505: 'TokenUnknownError',
  20001: 'PasswordError',
  20002: 'AccountNotFound',
  20003: 'PhoneAlreadyRegister',
  20004: 'AccountAlreadyRegister',
  20005: 'OperationTooFrequent',
  20006: 'VerifyCodeNotMatch',
  20007: 'VerifyCodeExpired',
  20008: 'VerifyCodeMaxCount',
  20009: 'VerifyCodeUsed',
  20010: 'InvitationCodeUsed',
  20011: 'InvitationNotFound',
  20012: 'Forbidden',
  20013: 'RefuseFriend',
  20014: 'EmailAlreadyRegister',
  20101: 'ErrTokenNotExist',
  20301: 'QrCodeNotFound',
  20302: 'QrCodeExpired',
  20303: 'QrCodeTaken',
};

/**
 * A refusal with a code from the catalogue. `errMsg` is what the client shows, so it is a
 * human-readable sentence for wallet codes (the client displays the server message there).
 */
export class ChatError extends ApiError {
  constructor(errCode: number, detail = '', errMsg?: string) {
    const msg = errMsg ?? NAMES[errCode] ?? 'Error';
    super(errCode, msg, detail, `${errCode} ${msg}${detail ? `: ${detail}` : ''}`);
    this.name = 'ChatError';
  }
}

/** How the spine words chat's answers: the code's name as the message, the detail after it. */
export const chatDialect: Dialect = {
  argsError: (detail) => new ChatError(ErrCode.Args, detail),
  notFound: (method, url) =>
    new ChatError(ErrCode.RecordNotFound, `no chat route ${method} ${url}`, 'NotFound'),
  internal: fail(ErrCode.ServerInternal, 'ServerInternalError', 'internal error'),
};

export const argsError = (detail: string): ChatError => new ChatError(ErrCode.Args, detail);

/**
 * Wallet refusals carry a sentence in errMsg. Clients translate by code and read the parameters out of
 * the sentences below (the attempts left, the minutes of a lock), so their wording is part of the API.
 */
export const walletError = (code: number, message: string): ChatError =>
  new ChatError(code, message, message);

export const payPasswordWrongMessage = (attemptsLeft: number): string =>
  `wrong pay password, ${attemptsLeft} attempt(s) left`;

/** `failures` when this attempt caused the lock, undefined when it was already locked. */
export const payPasswordLockedMessage = (minutes: number, failures?: number): string =>
  `pay password locked after ${failures === undefined ? 'too many' : failures} wrong attempts; try again in ${minutes} min`;
