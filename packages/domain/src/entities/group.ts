/** Groups and members (spec §3 "Group", "Group member"); values of the SDK. */

/** SDK `GroupType`: group and working group are both 2. */
export const GroupType = {
  Group: 2,
  WorkingGroup: 2,
} as const;
export type GroupType = (typeof GroupType)[keyof typeof GroupType];

/** SDK `GroupMemberRole`. A higher number is a higher rank. */
export const GroupMemberRole = {
  Normal: 20,
  Admin: 60,
  Owner: 100,
} as const;
export type GroupMemberRole = (typeof GroupMemberRole)[keyof typeof GroupMemberRole];

/** SDK `AllowType`, used by `lookMemberInfo` and `applyMemberFriend`: 0 allowed, 1 not allowed. */
export const GroupAllowType = {
  Allowed: 0,
  NotAllowed: 1,
} as const;
export type GroupAllowType = (typeof GroupAllowType)[keyof typeof GroupAllowType];

/** SDK `GroupStatus`. Muted (3) is "mute all". */
export const GroupStatus = {
  Normal: 0,
  Banned: 1,
  Dismissed: 2,
  Muted: 3,
} as const;
export type GroupStatus = (typeof GroupStatus)[keyof typeof GroupStatus];

/**
 * SDK `GroupVerificationType`: the join verification modes of the interface strings
 * ("verification message required" = ApplyNeedInviteNot, "anyone may join" = AllNot).
 */
export const GroupVerification = {
  ApplyNeedInviteNot: 0,
  AllNeed: 1,
  AllNot: 2,
} as const;
export type GroupVerification = (typeof GroupVerification)[keyof typeof GroupVerification];

export const GroupJoinSource = {
  Invitation: 2,
  Search: 3,
  QrCode: 4,
} as const;
export type GroupJoinSource = (typeof GroupJoinSource)[keyof typeof GroupJoinSource];

/** SDK `GroupMemberFilter` for member list queries. */
export const GroupMemberFilter = {
  All: 0,
  Owner: 1,
  Admin: 2,
  Normal: 3,
  AdminAndNormal: 4,
  AdminAndOwner: 5,
} as const;
export type GroupMemberFilter = (typeof GroupMemberFilter)[keyof typeof GroupMemberFilter];

export interface Group {
  readonly groupID: string;
  readonly groupName: string;
  readonly faceURL: string;
  readonly introduction: string;
  readonly memberCount: number;
  /** ms timestamp. */
  readonly createTime: number;
  readonly groupType: GroupType;
  readonly lookMemberInfo: GroupAllowType;
  readonly applyMemberFriend: GroupAllowType;
  /** Whether the current user is a member (client-derived; absent when unknown). */
  readonly inGroup?: boolean;
  readonly ownerUserID?: string;
  /** The announcement. */
  readonly notification?: string;
  readonly status?: GroupStatus;
  readonly needVerification?: GroupVerification;
}

export interface GroupMember {
  readonly userID: string;
  readonly groupID: string;
  readonly nickname: string;
  readonly faceURL: string;
  readonly roleLevel: GroupMemberRole;
  /** ms timestamp; the member is muted while it is later than now. */
  readonly muteEndTime: number;
  readonly joinTime?: number;
}
