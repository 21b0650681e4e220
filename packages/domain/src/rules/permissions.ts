import { AT_ALL_TAG, MEMBER_PREVIEW } from '../constants';
import { GroupAllowType, GroupMemberRole, GroupStatus } from '../entities/group';
import type { Group, GroupMember } from '../entities/group';
import type { Message } from '../entities/message';
import { BusinessAllowType } from '../entities/user';
import type { SelfInfo } from '../entities/user';
import { permissionError } from '../errors/domain-errors';
import type { PermissionError } from '../errors/domain-errors';
import { err, ok } from '../result';
import type { Result } from '../result';
import { isGroupSession } from './conversation';
import { isMemberMuted } from './mute';

/** Spec §6 roles and permissions. Booleans decide what is shown; Results gate actions. */

export type Permitted = Result<void, PermissionError>;

const allowed: Permitted = ok(undefined);
const deny = (reason: PermissionError['reason']): Permitted => err(permissionError(reason));

/** A member as the permission rules need it. */
export type Actor = Pick<GroupMember, 'userID' | 'roleLevel'>;

export function isOwner(role: GroupMemberRole | undefined): boolean {
  return role === GroupMemberRole.Owner;
}

export function isAdminOrOwner(role: GroupMemberRole | undefined): boolean {
  return role === GroupMemberRole.Owner || role === GroupMemberRole.Admin;
}

/** Edit group name and avatar: owner and admin. */
export function canEditGroupInfo(role: GroupMemberRole | undefined): boolean {
  return isAdminOrOwner(role);
}

/** Edit the announcement and switch mute-all: owner and (by the strings) admin. */
export function canEditAnnouncement(role: GroupMemberRole | undefined): boolean {
  return isAdminOrOwner(role);
}

export function canToggleMuteAll(role: GroupMemberRole | undefined): boolean {
  return isAdminOrOwner(role);
}

/** Set administrators: owner only. */
export function canSetAdministrators(role: GroupMemberRole | undefined): boolean {
  return isOwner(role);
}

/**
 * Mute/unmute and kick: the actor must be owner or admin, and the target strictly lower in rank
 * (the owner acts on admins and normal members, an admin on normal members only). Nobody acts on
 * themselves.
 */
export function canManageMember(actor: Actor | undefined, target: Actor): boolean {
  if (actor === undefined || !isAdminOrOwner(actor.roleLevel)) return false;
  return actor.userID !== target.userID && target.roleLevel < actor.roleLevel;
}

/** Mute or unmute `target`, else the 'no permission' warning. */
export function checkCanMute(actor: Actor | undefined, target: Actor): Permitted {
  return canManageMember(actor, target) ? allowed : deny('noPermission');
}

/** Kick `target` (strictly lower role only), else the 'no permission' warning. */
export function checkCanKick(actor: Actor | undefined, target: Actor): Permitted {
  return canManageMember(actor, target) ? allowed : deny('noPermission');
}

/** Transfer the group: owner only. */
export function canTransferGroup(role: GroupMemberRole | undefined): boolean {
  return isOwner(role);
}

/** The owner disbands; everyone else exits. */
export function leaveGroupAction(role: GroupMemberRole | undefined): 'disband' | 'exit' {
  return isOwner(role) ? 'disband' : 'exit';
}

export function checkCanDisband(role: GroupMemberRole | undefined): Permitted {
  return isOwner(role) ? allowed : deny('noPermission');
}

/** The owner cannot simply exit: they disband or transfer first. */
export function checkCanExit(role: GroupMemberRole | undefined): Permitted {
  return isOwner(role) ? deny('noPermission') : allowed;
}

/** Whether mute-all is on. */
export function isGroupMutedForAll(group: Pick<Group, 'status'>): boolean {
  return group.status === GroupStatus.Muted;
}

/**
 * Whether the own member may send in a group: not when they left (no membership), and with mute-all on
 * only owner and admins speak. A mute of her own silences an admin too (the owner may mute admins, and
 * so may the server's admin API): the server refuses her sends then (OpenIM exempts only the owner).
 */
export function checkCanSpeakInGroup(
  group: Pick<Group, 'status' | 'inGroup'>,
  ownMember: Pick<GroupMember, 'roleLevel' | 'muteEndTime'> | undefined,
  nowMs: number,
): Permitted {
  if (ownMember === undefined || group.inGroup === false) return deny('notInGroup');
  if (isOwner(ownMember.roleLevel)) return allowed;
  if (!isAdminOrOwner(ownMember.roleLevel) && isGroupMutedForAll(group)) return deny('groupMuted');
  if (isMemberMuted(ownMember, nowMs)) return deny('memberMuted');
  return allowed;
}

/** Only the sender may revoke their own messages. */
export function checkCanRevoke(message: Pick<Message, 'sendID'>, selfUserID: string): Permitted {
  return message.sendID === selfUserID && selfUserID !== '' ? allowed : deny('revokeOwnOnly');
}

/** Pin appears only in group sessions (session type 3), and only for a message not already pinned. */
export function checkCanPinMessage(sessionType: number, alreadyPinned: boolean): Permitted {
  if (!isGroupSession(sessionType)) return deny('pinGroupOnly');
  return alreadyPinned ? deny('alreadyPinned') : allowed;
}

export function checkCanUnpinMessage(sessionType: number, pinned: boolean): Permitted {
  if (!isGroupSession(sessionType)) return deny('pinGroupOnly');
  return pinned ? allowed : deny('notPinned');
}

/** Whether the pin / unpin menu items appear at all. */
export function isPinMenuVisible(sessionType: number): boolean {
  return isGroupSession(sessionType);
}

/** A group may forbid viewing member info. Outside a group context there is no restriction. */
export function canLookMemberInfo(group: Pick<Group, 'lookMemberInfo'> | undefined): boolean {
  return group === undefined || group.lookMemberInfo !== GroupAllowType.NotAllowed;
}

/** A group may forbid applying to be friends with its members. */
export function canApplyMemberFriend(group: Pick<Group, 'applyMemberFriend'> | undefined): boolean {
  return group === undefined || group.applyMemberFriend !== GroupAllowType.NotAllowed;
}

/**
 * §2 Clicking a mention or a member opens the user card, except for an empty id, the at-all tag,
 * or, in a group that forbids looking at member info, anyone.
 */
export function checkCanOpenUserCard(
  userID: string,
  group: Pick<Group, 'lookMemberInfo'> | undefined,
): Permitted {
  if (userID === '' || userID === AT_ALL_TAG) return deny('noPermission');
  return canLookMemberInfo(group) ? allowed : deny('lookMemberInfoForbidden');
}

/** §2 Add friends in the plus menu is hidden when self allowAddFriend is the not-allow value. */
export function isAddFriendMenuVisible(self: Pick<SelfInfo, 'allowAddFriend'> | undefined): boolean {
  return self !== undefined && self.allowAddFriend !== BusinessAllowType.NotAllow;
}

/**
 * §2/§6 Create group shows unless self info forbids creating groups. An unknown flag (a deployment
 * whose chat API has none) offers it and leaves the decision to the IM server.
 */
export function canCreateGroup(self: Pick<SelfInfo, 'allowCreateGroup'> | undefined): boolean {
  return self !== undefined && self.allowCreateGroup !== BusinessAllowType.NotAllow;
}

export function checkCanCreateGroup(self: Pick<SelfInfo, 'allowCreateGroup'> | undefined): Permitted {
  return canCreateGroup(self) ? allowed : deny('createGroupNotAllowed');
}

/** A user may disallow being added as a friend (searched user's allowAddFriend). */
export function checkTargetAcceptsFriendRequests(target: { readonly allowAddFriend?: number }): Permitted {
  return target.allowAddFriend === BusinessAllowType.NotAllow ? deny('addFriendNotAllowed') : allowed;
}

/** Profile editing applies to the own account only. */
export function checkCanEditProfile(selfUserID: string, targetUserID: string): Permitted {
  return selfUserID !== '' && selfUserID === targetUserID ? allowed : deny('editOwnProfileOnly');
}

export function isBlacklisted(userID: string, blacklist: readonly { readonly userID: string }[]): boolean {
  return blacklist.some((entry) => entry.userID === userID);
}

export type UserRelation = 'self' | 'friend' | 'stranger';

export function userRelation(
  userID: string,
  selfUserID: string,
  friends: readonly { readonly userID: string }[],
): UserRelation {
  if (userID === selfUserID) return 'self';
  return friends.some((friend) => friend.userID === userID) ? 'friend' : 'stranger';
}

export type ButtonState = 'hidden' | 'disabled' | 'enabled';

export interface UserCardActions {
  readonly isSelf: boolean;
  readonly addFriend: ButtonState;
  readonly editInfo: boolean;
  readonly editRemark: boolean;
  readonly sendMessage: boolean;
}

export interface UserCardContext {
  readonly relation: UserRelation;
  /** The group the card was opened from, if any. */
  readonly group?: Pick<Group, 'applyMemberFriend'>;
  /** The caller's "notAdd" flag: never offer adding a friend. */
  readonly notAdd?: boolean;
}

/**
 * §2 User card buttons. Self: edit info. Friend: send message, editable remark. Non-friend: add
 * friend (disabled when the group forbids applying to friend members, hidden with notAdd) and
 * send message.
 */
export function userCardActions(context: UserCardContext): UserCardActions {
  const { relation } = context;
  if (relation === 'self') {
    return { isSelf: true, addFriend: 'hidden', editInfo: true, editRemark: false, sendMessage: false };
  }
  if (relation === 'friend') {
    return { isSelf: false, addFriend: 'hidden', editInfo: false, editRemark: true, sendMessage: true };
  }
  const addFriend: ButtonState =
    context.notAdd === true ? 'hidden' : canApplyMemberFriend(context.group) ? 'enabled' : 'disabled';
  return { isSelf: false, addFriend, editInfo: false, editRemark: false, sendMessage: true };
}

export interface ChatHeaderActions {
  readonly createGroup: boolean;
  readonly invite: boolean;
  readonly settings: boolean;
}

/**
 * §2/§6 Chat header icons: create group in single chats only; invite in groups once the own member
 * info is loaded (who may invite is not restricted further by the spec); settings always.
 */
export function chatHeaderActions(sessionType: number, ownMemberLoaded: boolean): ChatHeaderActions {
  const group = isGroupSession(sessionType);
  return { createGroup: !group, invite: group && ownMemberLoaded, settings: true };
}

/** §2 Member grid preview: 17 for normal members, 16 for admin or owner (who also see a remove tile). */
export function memberPreviewCount(role: GroupMemberRole | undefined): number {
  return isAdminOrOwner(role) ? MEMBER_PREVIEW.forAdminOrOwner : MEMBER_PREVIEW.forNormalMember;
}

/** §2 Group card avatars: up to 7, or 8 if the member count is exactly 8. */
export function groupCardAvatarCount(memberCount: number): number {
  if (memberCount === MEMBER_PREVIEW.groupCardAvatarsWhenEight)
    return MEMBER_PREVIEW.groupCardAvatarsWhenEight;
  return Math.max(0, Math.min(MEMBER_PREVIEW.groupCardAvatars, memberCount));
}

export interface MemberBadges {
  readonly owner: boolean;
  readonly admin: boolean;
  readonly muted: boolean;
}

/** §6 Owner, admin and muted badges. */
export function memberBadges(
  member: Pick<GroupMember, 'roleLevel' | 'muteEndTime'>,
  nowMs: number,
): MemberBadges {
  return {
    owner: member.roleLevel === GroupMemberRole.Owner,
    admin: member.roleLevel === GroupMemberRole.Admin,
    muted: isMemberMuted(member, nowMs),
  };
}
