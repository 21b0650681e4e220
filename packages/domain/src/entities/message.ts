import type { CustomPayload } from './custom-message';

/**
 * Messages and their content elements (spec §3 "Message").
 *
 * Numeric values are the real ones of `@openim/wasm-client-sdk` 3.8.3 (`MessageType`,
 * `SessionType`, `MessageStatus`), not the spec's: see docs/spec-deviations.md.
 */

/** `MessageType` of the SDK. The spec's "video 103, file 104" is wrong: 103 is voice. */
export const ContentType = {
  Text: 101,
  Picture: 102,
  Voice: 103,
  Video: 104,
  File: 105,
  AtText: 106,
  Merge: 107,
  Card: 108,
  Location: 109,
  Custom: 110,
  Typing: 113,
  Quote: 114,
  Face: 115,
  AdvancedText: 117,
  /** Friend application approved: the "you are now friends" tip in the one-to-one chat. */
  FriendAdded: 1201,
  GroupCreated: 1501,
  GroupInfoUpdated: 1502,
  MemberQuit: 1504,
  GroupOwnerTransferred: 1507,
  MemberKicked: 1508,
  MemberInvited: 1509,
  MemberEnter: 1510,
  GroupDismissed: 1511,
  GroupMemberMuted: 1512,
  GroupMemberCancelMuted: 1513,
  GroupMuted: 1514,
  GroupCancelMuted: 1515,
  // Role changes, copied into the chat by TeamIM's server (an OpenIM deployment may configure it).
  GroupMemberSetToAdmin: 1517,
  GroupMemberSetToOrdinary: 1518,
  GroupAnnouncementUpdated: 1519,
  GroupNameUpdated: 1520,
  BurnMessageChange: 1701,
  Revoke: 2101,
} as const;
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

/**
 * Every notification content type the server sends and the SDK handles (most are consumed inside
 * the SDK and never reach a message list). Names follow the server; note that the SDK calls 1201
 * "FriendAdded" (the approval tip copied into the chat), while the server's FriendAdded is 1204.
 */
export const NotificationType = {
  FriendApplicationApproved: 1201,
  FriendApplicationRejected: 1202,
  FriendApplication: 1203,
  FriendAdded: 1204,
  FriendDeleted: 1205,
  FriendRemarkSet: 1206,
  BlackAdded: 1207,
  BlackDeleted: 1208,
  FriendInfoUpdated: 1209,
  FriendsInfoUpdate: 1210,
  ConversationChanged: 1300,
  UserInfoUpdated: 1303,
  GroupCreated: 1501,
  GroupInfoSet: 1502,
  JoinGroupApplication: 1503,
  MemberQuit: 1504,
  GroupApplicationAccepted: 1505,
  GroupApplicationRejected: 1506,
  GroupOwnerTransferred: 1507,
  MemberKicked: 1508,
  MemberInvited: 1509,
  MemberEnter: 1510,
  GroupDismissed: 1511,
  GroupMemberMuted: 1512,
  GroupMemberCancelMuted: 1513,
  GroupMuted: 1514,
  GroupCancelMuted: 1515,
  GroupMemberInfoSet: 1516,
  GroupMemberSetToAdmin: 1517,
  GroupMemberSetToOrdinary: 1518,
  GroupAnnouncementSet: 1519,
  GroupNameSet: 1520,
  ConversationPrivateChat: 1701,
  ClearConversation: 1703,
  Business: 2001,
  Revoke: 2101,
  DeleteMessages: 2102,
  HasReadReceipt: 2200,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** Content types whose message carries a `notificationElem` with a JSON `detail`. */
export const NOTIFICATION_CONTENT_TYPES: ReadonlySet<number> = new Set<number>([
  ContentType.FriendAdded,
  ContentType.GroupCreated,
  ContentType.GroupInfoUpdated,
  ContentType.MemberQuit,
  ContentType.GroupOwnerTransferred,
  ContentType.MemberKicked,
  ContentType.MemberInvited,
  ContentType.MemberEnter,
  ContentType.GroupDismissed,
  ContentType.GroupMemberMuted,
  ContentType.GroupMemberCancelMuted,
  ContentType.GroupMuted,
  ContentType.GroupCancelMuted,
  // Admin set and unset
  ContentType.GroupMemberSetToAdmin,
  ContentType.GroupMemberSetToOrdinary,
  ContentType.GroupAnnouncementUpdated,
  ContentType.GroupNameUpdated,
  ContentType.BurnMessageChange,
]);

/**
 * `SessionType` of the SDK. Group and working group are both 3 in the SDK (the spec lists them as
 * two types; the legacy group value 2 is never produced by v3 servers).
 */
export const SessionType = {
  Single: 1,
  Group: 3,
  WorkingGroup: 3,
  Notification: 4,
} as const;
export type SessionType = (typeof SessionType)[keyof typeof SessionType];

export const MessageStatus = {
  Sending: 1,
  Succeeded: 2,
  Failed: 3,
} as const;
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];

/** `msgFrom` of a message: sent by a user, or by the server (notifications). */
export const MessageFrom = {
  User: 100,
  System: 200,
} as const;
export type MessageFrom = (typeof MessageFrom)[keyof typeof MessageFrom];

/** `ViewType` for history queries. */
export const HistoryViewType = {
  History: 0,
  Search: 1,
} as const;
export type HistoryViewType = (typeof HistoryViewType)[keyof typeof HistoryViewType];

export interface TextElem {
  readonly content: string;
}

/** One mentioned user as the SDK stores it in an at-text message. */
export interface AtUserInfo {
  readonly atUserID: string;
  readonly groupNickname: string;
}

/**
 * At-text content. The SDK field is `atUserList` (the spec says `atUserIDList`, which is only the
 * name of the parameter of `createTextAtMessage`).
 */
export interface AtTextElem {
  readonly text: string;
  readonly atUserList: readonly string[];
  readonly atUsersInfo?: readonly AtUserInfo[];
  readonly isAtSelf?: boolean;
}

export interface PictureInfo {
  readonly uuid: string;
  readonly type: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly url: string;
}

export interface PictureElem {
  readonly sourcePath?: string;
  readonly sourcePicture: PictureInfo;
  readonly bigPicture: PictureInfo;
  readonly snapshotPicture: PictureInfo;
}

/** The SDK's flat video element (the spec's nested `videoBaseInfo` does not exist). */
export interface VideoElem {
  readonly videoPath?: string;
  readonly videoUUID: string;
  readonly videoUrl: string;
  readonly videoType: string;
  readonly videoSize: number;
  readonly duration: number;
  readonly snapshotPath?: string;
  readonly snapshotUUID: string;
  readonly snapshotSize: number;
  readonly snapshotUrl: string;
  readonly snapshotWidth: number;
  readonly snapshotHeight: number;
}

/** The SDK's flat file element (the spec's nested `fileBaseInfo` does not exist). */
export interface FileElem {
  readonly filePath?: string;
  readonly uuid: string;
  readonly sourceUrl: string;
  readonly fileName: string;
  readonly fileSize: number;
}

export interface SoundElem {
  readonly uuid: string;
  readonly soundPath?: string;
  readonly sourceUrl: string;
  readonly dataSize: number;
  readonly duration: number;
}

/** Custom content. `data` is a JSON text written by any client; `payload` is what it means here. */
export interface CustomElem {
  readonly data: string;
  readonly description: string;
  readonly extension: string;
  /** `data` read once, where the message is mapped from the SDK (`parseCustomData`). */
  readonly payload: CustomPayload;
}

/** Server notification content: `detail` is the JSON text of the tips object. */
export interface NotificationElem {
  readonly detail: string;
}

export interface QuoteElem {
  readonly text: string;
  /** The quoted message as it was when quoted; absent when the SDK sent none. */
  readonly quoteMessage?: Message;
}

export interface CardElem {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
}

export interface LocationElem {
  readonly description: string;
  readonly longitude: number;
  readonly latitude: number;
}

export interface FaceElem {
  readonly index: number;
  readonly data: string;
}

export interface MergeElem {
  readonly title: string;
  readonly abstractList: readonly string[];
}

export interface Message {
  readonly clientMsgID: string;
  readonly serverMsgID?: string;
  readonly sendID: string;
  /** Peer user id for one-to-one messages; empty for group messages. */
  readonly recvID: string;
  /** Group id for group messages; empty for one-to-one messages. */
  readonly groupID: string;
  readonly sessionType: SessionType;
  readonly contentType: number;
  /** Server send time in ms (0 until the server accepted the message). */
  readonly sendTime: number;
  readonly createTime?: number;
  readonly senderNickname: string;
  readonly senderFaceUrl: string;
  readonly status: MessageStatus;
  readonly isRead: boolean;
  readonly seq?: number;
  readonly msgFrom?: number;
  readonly ex?: string;
  /** Client-only extra text, e.g. the opened-red-packet mark. */
  readonly localEx?: string;
  readonly textElem?: TextElem;
  readonly atTextElem?: AtTextElem;
  readonly pictureElem?: PictureElem;
  readonly soundElem?: SoundElem;
  readonly videoElem?: VideoElem;
  readonly fileElem?: FileElem;
  readonly customElem?: CustomElem;
  readonly quoteElem?: QuoteElem;
  readonly notificationElem?: NotificationElem;
  readonly cardElem?: CardElem;
  readonly locationElem?: LocationElem;
  readonly faceElem?: FaceElem;
  readonly mergeElem?: MergeElem;
  /**
   * This device's preview of a picture or video it is sending (an object URL of the picked file),
   * shown until the uploaded copy's URL exists. Never sent.
   */
  readonly localPreviewURL?: string;
  /** How much of the file this device is uploading for the message is done, 0-100. */
  readonly uploadProgress?: number;
  /**
   * Pin fields of the spec. The SDK message has none of them: pins are kept by the client in
   * key-value storage (`pinned_message_<conversationID>`), so these are set only on those copies.
   */
  readonly isPinned?: boolean;
  readonly pinnedTime?: number;
  readonly pinnedBy?: string;
  readonly unpinnedTime?: number;
  readonly unpinnedBy?: string;
}
