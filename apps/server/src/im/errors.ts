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
  GroupTypeNotSupport: 1206,
  GroupRequestHandled: 1207,
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

/** A typed, client-visible error: becomes `{errCode, errMsg, errDlt}` on HTTP and WS. */
export class ImError extends Error {
  readonly code: number;
  readonly dlt: string;
  constructor(code: number, message: string, dlt = '') {
    super(message);
    this.name = 'ImError';
    this.code = code;
    this.dlt = dlt;
  }
}

export const argsError = (msg: string): ImError => new ImError(ErrCode.Args, msg);
export const noPermission = (msg: string): ImError => new ImError(ErrCode.NoPermission, msg);
export const notFound = (msg: string): ImError => new ImError(ErrCode.RecordNotFound, msg);
