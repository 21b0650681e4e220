import type { Observable } from 'rxjs';
import type {
  Group,
  GroupAllowType,
  GroupApplication,
  GroupMember,
  GroupMemberRole,
  GroupVerification,
} from '@teamim/domain';

/** Group events (SDK OnJoinedGroup*, OnGroupDismissed, OnGroupInfoChanged, OnGroupMember*, OnGroupApplication*). */
export type GroupEvent =
  | { readonly type: 'joinedGroupAdded'; readonly group: Group }
  | { readonly type: 'joinedGroupDeleted'; readonly group: Group }
  | { readonly type: 'groupDismissed'; readonly group: Group }
  | { readonly type: 'groupInfoChanged'; readonly group: Group }
  | { readonly type: 'memberAdded'; readonly member: GroupMember }
  | { readonly type: 'memberDeleted'; readonly member: GroupMember }
  | { readonly type: 'memberInfoChanged'; readonly member: GroupMember }
  | { readonly type: 'groupApplicationAdded'; readonly application: GroupApplication }
  | { readonly type: 'groupApplicationAccepted'; readonly application: GroupApplication }
  | { readonly type: 'groupApplicationRejected'; readonly application: GroupApplication };

export interface CreateGroupInput {
  readonly groupName: string;
  readonly faceURL: string;
  readonly memberUserIDs: readonly string[];
  /**
   * Those of `memberUserIDs` who start as administrators (spec §6: the owner sets administrators); none
   * when absent. An id that is not in `memberUserIDs` is refused (1001).
   */
  readonly adminUserIDs?: readonly string[];
}

/** The group fields an owner or admin may change (SDK setGroupInfo); absent fields stay as they are. */
export interface GroupInfoChanges {
  readonly groupName?: string;
  readonly faceURL?: string;
  /** The announcement. */
  readonly notification?: string;
  readonly needVerification?: GroupVerification;
  readonly lookMemberInfo?: GroupAllowType;
  readonly applyMemberFriend?: GroupAllowType;
}

/** Groups and their members. Methods reject with RemoteError. */
export abstract class GroupsGateway {
  abstract getJoinedGroupsPage(offset: number, count: number): Promise<readonly Group[]>;
  /**
   * The IDs of every group the server counts this user a member of: the server's answer, not the
   * device's copy (which a failed sync can leave short).
   */
  abstract getServerJoinedGroupIDs(): Promise<readonly string[]>;
  abstract getGroups(groupIDs: readonly string[]): Promise<readonly Group[]>;
  abstract getMembersPage(groupID: string, offset: number, count: number): Promise<readonly GroupMember[]>;
  abstract getMembers(groupID: string, userIDs: readonly string[]): Promise<readonly GroupMember[]>;
  /** Which of `userIDs` already are members (SDK getUsersInGroup). */
  abstract getUsersInGroup(groupID: string, userIDs: readonly string[]): Promise<readonly string[]>;
  abstract searchGroups(keyword: string): Promise<readonly Group[]>;
  abstract createGroup(input: CreateGroupInput): Promise<Group>;
  abstract invite(groupID: string, userIDs: readonly string[]): Promise<void>;
  abstract kick(groupID: string, userIDs: readonly string[]): Promise<void>;
  abstract transferOwner(groupID: string, newOwnerUserID: string): Promise<void>;
  abstract joinGroup(groupID: string, reqMsg: string): Promise<void>;
  abstract setGroupInfo(groupID: string, changes: GroupInfoChanges): Promise<void>;
  /** Makes a member an administrator or a normal member again (owner only; SDK setGroupMemberInfo). */
  abstract setMemberRole(
    groupID: string,
    userID: string,
    roleLevel: typeof GroupMemberRole.Admin | typeof GroupMemberRole.Normal,
  ): Promise<void>;
  /** `mutedSeconds` 0 unmutes. */
  abstract muteMember(groupID: string, userID: string, mutedSeconds: number): Promise<void>;
  /** Turns mute-all on or off (SDK changeGroupMute); with it on only owner and admins speak. */
  abstract setMuteAll(groupID: string, muted: boolean): Promise<void>;
  abstract quit(groupID: string): Promise<void>;
  abstract dismiss(groupID: string): Promise<void>;
  abstract getReceivedGroupApplications(): Promise<readonly GroupApplication[]>;
  abstract getSentGroupApplications(): Promise<readonly GroupApplication[]>;
  abstract acceptGroupApplication(groupID: string, fromUserID: string, handleMsg: string): Promise<void>;
  abstract refuseGroupApplication(groupID: string, fromUserID: string, handleMsg: string): Promise<void>;
  /** Hot, no replay, never completes. */
  abstract readonly events$: Observable<GroupEvent>;
}
