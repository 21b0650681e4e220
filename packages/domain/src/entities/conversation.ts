import type { SessionType } from './message';

/** SDK `MessageReceiveOptType` (spec: 0 normal, 1 do not receive, 2 receive without notification). */
export const RecvMsgOpt = {
  Normal: 0,
  NotReceive: 1,
  NotNotify: 2,
} as const;
export type RecvMsgOpt = (typeof RecvMsgOpt)[keyof typeof RecvMsgOpt];

/** SDK `GroupAtType`: whether the conversation has an unread mention. */
export const GroupAtType = {
  AtNormal: 0,
  AtMe: 1,
  AtAll: 2,
  AtAllAtMe: 3,
  AtGroupNotice: 4,
} as const;
export type GroupAtType = (typeof GroupAtType)[keyof typeof GroupAtType];

export interface Conversation {
  readonly conversationID: string;
  readonly conversationType: SessionType;
  /** Peer user id (one-to-one), else empty. */
  readonly userID: string;
  /** Group id (group), else empty. */
  readonly groupID: string;
  readonly showName: string;
  readonly faceURL: string;
  readonly unreadCount: number;
  /**
   * The latest message as JSON text (empty when there is none), as the SDK delivers it, cut by the
   * adapter to what the list's preview reads (compactLatestMessage); parseLatestMessage reads it.
   */
  readonly latestMsg: string;
  readonly latestMsgSendTime: number;
  readonly draftText?: string;
  readonly draftTextTime: number;
  readonly isPinned: boolean;
  readonly recvMsgOpt: RecvMsgOpt;
  readonly groupAtType?: GroupAtType;
  readonly isNotInGroup?: boolean;
}
