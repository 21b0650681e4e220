import type { MsgData } from '../wire/contract';

/**
 * The core stores and hands out messages in the wire layer's sdkws.MsgData shape, so the gateway maps
 * them 1:1; one definition keeps the two from drifting apart.
 */
export type ImMsg = MsgData;

export interface PullMsgs {
  msgs: ImMsg[];
  isEnd: boolean;
  endSeq: number;
}

export const SessionType = { Single: 1, Group: 3, Notification: 4 } as const;
export const MsgStatus = { Sending: 1, Success: 2, Failed: 3, Deleted: 4 } as const;
export const MsgFrom = { User: 100, System: 200 } as const;

export const ContentType = {
  Text: 101,
  Typing: 113,
  FriendApplicationApproved: 1201,
  FriendApplicationRejected: 1202,
  FriendApplication: 1203,
  FriendDeleted: 1205,
  FriendRemarkSet: 1206,
  BlackAdded: 1207,
  BlackDeleted: 1208,
  FriendInfoUpdated: 1209,
  FriendsInfoUpdate: 1210,
  ConversationChange: 1300,
  UserInfoUpdated: 1303,
  Revoke: 2101,
  HasReadReceipt: 2200,
} as const;

/**
 * Where a push goes: every connection of `userID`, except one connection (`exceptConnID`) or the
 * user's connection on one platform (`exceptPlatformID`, the device that made an HTTP call) when given.
 */
export interface PushSink {
  push(
    userID: string,
    conversationID: string,
    msg: ImMsg,
    exceptConnID?: string,
    exceptPlatformID?: number,
  ): void;
  /** The same message to several users at once (group fan-out), encoded once; optional. */
  pushToUsers?(userIDs: readonly string[], conversationID: string, msg: ImMsg, exceptConnID?: string): void;
}
