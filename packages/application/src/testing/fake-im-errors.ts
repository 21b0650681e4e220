/**
 * OpenIM error codes the fake reports, matching the server and SDK
 * (reference: openim-protocol.md §10).
 */
export const ImErrorCode = {
  ArgsError: 1001,
  NoPermission: 1002,
  RecordNotFound: 1004,
  UserNotFound: 1101,
  GroupNotFound: 1201,
  NotInGroup: 1203,
  CannotAddYourself: 1301,
  BlockedByPeer: 1302,
  NotPeersFriend: 1303,
  RelationshipAlready: 1304,
  MutedInGroup: 1402,
  MutedGroup: 1403,
  MsgAlreadyRevoked: 1404,
  TokenExpired: 1501,
  TokenInvalid: 1502,
  TokenKicked: 1506,
  LoggedOut: 10101,
  LoginRepeated: 10102,
} as const;
