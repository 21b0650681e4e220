import { ApiError } from '../errors';

/** OpenIM error codes used by the core (openim-protocol.md section 10). */
export const ErrCode = {
  ServerInternal: 500,
  Args: 1001,
  NoPermission: 1002,
  DuplicateKey: 1003,
  RecordNotFound: 1004,
  UserIDNotFound: 1101,
  RegisteredAlready: 1102,
  GroupIDNotFound: 1201,
  GroupIDExisted: 1202,
  NotInGroupYet: 1203,
  DismissedAlready: 1204,
  GroupTypeNotSupport: 1205,
  GroupRequestHandled: 1206,
  CanNotAddYourself: 1301,
  BlockedByPeer: 1302,
  NotPeersFriend: 1303,
  RelationshipAlready: 1304,
  MutedInGroup: 1402,
  MutedGroup: 1403,
  MsgAlreadyRevoke: 1404,
  TokenExpired: 1501,
  TokenInvalid: 1502,
  TokenMalformed: 1503,
  TokenNotValidYet: 1504,
  TokenUnknown: 1505,
  TokenKicked: 1506,
  TokenNotExist: 1507,
  ConnArgs: 1602,
  /** Chat-module code: the target refuses friend requests (allowAddFriend off). */
  RefuseFriend: 20013,
} as const;

/** A refusal of the IM core in OpenIM's words (the message is the detail), on HTTP and on the WebSocket. */
export class ImError extends ApiError {
  constructor(code: number, message: string, dlt = '') {
    super(code, message, dlt);
    this.name = 'ImError';
  }
  get code(): number {
    return this.errCode;
  }
  get dlt(): string {
    return this.errDlt;
  }
}

export const argsError = (msg: string): ImError => new ImError(ErrCode.Args, msg);
export const noPermission = (msg: string): ImError => new ImError(ErrCode.NoPermission, msg);
export const notFound = (msg: string): ImError => new ImError(ErrCode.RecordNotFound, msg);

/** A message over the size limit; clients read the limit out of this sentence. */
export const contentTooLargeMessage = (maxBytes: number): string =>
  `content too large (max ${maxBytes} bytes)`;
