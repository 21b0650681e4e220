import { describe, expect, it } from 'vitest';
import { AT_ALL_TAG } from '../constants';
import { GroupAllowType, GroupMemberRole, GroupStatus } from '../entities/group';
import { SessionType } from '../entities/message';
import { BusinessAllowType } from '../entities/user';
import {
  canApplyMemberFriend,
  canCreateGroup,
  canEditAnnouncement,
  canEditGroupInfo,
  canLookMemberInfo,
  canManageMember,
  canSetAdministrators,
  canToggleMuteAll,
  canTransferGroup,
  chatHeaderActions,
  checkCanCreateGroup,
  checkCanDisband,
  checkCanEditProfile,
  checkCanExit,
  checkCanKick,
  checkCanMute,
  checkCanOpenUserCard,
  checkCanPinMessage,
  checkCanRevoke,
  checkCanSpeakInGroup,
  checkCanUnpinMessage,
  checkTargetAcceptsFriendRequests,
  groupCardAvatarCount,
  isAddFriendMenuVisible,
  isBlacklisted,
  isPinMenuVisible,
  leaveGroupAction,
  memberBadges,
  memberPreviewCount,
  userCardActions,
  userRelation,
} from './permissions';

const { Owner, Admin, Normal } = GroupMemberRole;
const owner = { userID: 'o', roleLevel: Owner };
const admin = { userID: 'a', roleLevel: Admin };
const admin2 = { userID: 'a2', roleLevel: Admin };
const normal = { userID: 'n', roleLevel: Normal };
const normal2 = { userID: 'n2', roleLevel: Normal };
const denied = (reason: string, i18nKey: string) => ({
  ok: false,
  error: { kind: 'permission', reason, i18nKey },
});
const allowed = { ok: true, value: undefined };

describe('§6 Group roles and permissions', () => {
  it('§6 edit group name and avatar: owner and admin only', () => {
    expect(canEditGroupInfo(Owner)).toBe(true);
    expect(canEditGroupInfo(Admin)).toBe(true);
    expect(canEditGroupInfo(Normal)).toBe(false);
    expect(canEditGroupInfo(undefined)).toBe(false);
  });

  it('§6 announcement and mute-all for owner and admins; administrators set by the owner only', () => {
    expect([Owner, Admin, Normal].map(canEditAnnouncement)).toEqual([true, true, false]);
    expect([Owner, Admin, Normal].map(canToggleMuteAll)).toEqual([true, true, false]);
    expect([Owner, Admin, Normal].map(canSetAdministrators)).toEqual([true, false, false]);
  });

  it('§6 mute: the owner mutes any member, an admin normal members only, a normal member nobody', () => {
    expect(checkCanMute(owner, admin)).toEqual(allowed);
    expect(checkCanMute(owner, normal)).toEqual(allowed);
    expect(checkCanMute(admin, normal)).toEqual(allowed);
    expect(checkCanMute(admin, admin2)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanMute(admin, owner)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanMute(normal, normal2)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanMute(undefined, normal)).toEqual(denied('noPermission', 'permission.noPermission'));
  });

  it('§5/§6 kicking is allowed only against a strictly lower role level, never oneself', () => {
    expect(checkCanKick(owner, admin)).toEqual(allowed);
    expect(checkCanKick(admin, normal)).toEqual(allowed);
    expect(checkCanKick(admin, admin2)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanKick(normal, normal2)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(canManageMember(owner, owner)).toBe(false);
  });

  it('§6 transfer is for the owner; the owner disbands while everyone else exits', () => {
    expect([Owner, Admin, Normal].map(canTransferGroup)).toEqual([true, false, false]);
    expect(leaveGroupAction(Owner)).toBe('disband');
    expect(leaveGroupAction(Admin)).toBe('exit');
    expect(leaveGroupAction(Normal)).toBe('exit');
    expect(checkCanDisband(Owner)).toEqual(allowed);
    expect(checkCanDisband(Admin)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanExit(Normal)).toEqual(allowed);
    expect(checkCanExit(Admin)).toEqual(allowed);
    expect(checkCanExit(Owner)).toEqual(denied('noPermission', 'permission.noPermission'));
  });

  it('§6 when mute-all is on, only owner and admins may speak', () => {
    const mutedGroup = { status: GroupStatus.Muted, inGroup: true };
    const now = 1_000_000;
    expect(checkCanSpeakInGroup(mutedGroup, { roleLevel: Normal, muteEndTime: 0 }, now)).toEqual(
      denied('groupMuted', 'toast.groupMuted'),
    );
    expect(checkCanSpeakInGroup(mutedGroup, { roleLevel: Admin, muteEndTime: 0 }, now)).toEqual(allowed);
    expect(checkCanSpeakInGroup(mutedGroup, { roleLevel: Owner, muteEndTime: 0 }, now)).toEqual(allowed);
  });

  it('§6 a muted admin cannot speak either (the server refuses her), only the owner is never silenced', () => {
    const now = 1_000_000;
    for (const status of [GroupStatus.Normal, GroupStatus.Muted]) {
      const group = { status, inGroup: true };
      expect(checkCanSpeakInGroup(group, { roleLevel: Admin, muteEndTime: now + 1 }, now)).toEqual(
        denied('memberMuted', 'toast.memberMuted'),
      );
      expect(checkCanSpeakInGroup(group, { roleLevel: Admin, muteEndTime: now }, now)).toEqual(allowed);
      expect(checkCanSpeakInGroup(group, { roleLevel: Owner, muteEndTime: now + 1 }, now)).toEqual(allowed);
    }
  });

  it('§4/§8 a muted member cannot speak until muteEndTime; a member who left cannot send', () => {
    const group = { status: GroupStatus.Normal, inGroup: true };
    const now = 1_000_000;
    expect(checkCanSpeakInGroup(group, { roleLevel: Normal, muteEndTime: now + 1 }, now)).toEqual(
      denied('memberMuted', 'toast.memberMuted'),
    );
    expect(checkCanSpeakInGroup(group, { roleLevel: Normal, muteEndTime: now }, now)).toEqual(allowed);
    expect(checkCanSpeakInGroup(group, undefined, now)).toEqual(denied('notInGroup', 'toast.notInGroup'));
    expect(
      checkCanSpeakInGroup({ ...group, inGroup: false }, { roleLevel: Normal, muteEndTime: 0 }, now),
    ).toEqual(denied('notInGroup', 'toast.notInGroup'));
  });

  it('§6 owner, admin and muted badges', () => {
    expect(memberBadges({ roleLevel: Owner, muteEndTime: 0 }, 5)).toEqual({
      owner: true,
      admin: false,
      muted: false,
    });
    expect(memberBadges({ roleLevel: Admin, muteEndTime: 10 }, 5)).toEqual({
      owner: false,
      admin: true,
      muted: true,
    });
    expect(memberBadges({ roleLevel: Normal, muteEndTime: 5 }, 5)).toEqual({
      owner: false,
      admin: false,
      muted: false,
    });
  });
});

describe('§6 nobody mutes or kicks themselves, whatever role their member record shows', () => {
  it('an owner or admin whose own record is stale (a lower role) still cannot act on it', () => {
    const me = { userID: 'me', roleLevel: Owner };
    const staleMe = { userID: 'me', roleLevel: Normal };
    expect(canManageMember(me, staleMe)).toBe(false);
    expect(canManageMember({ userID: 'me', roleLevel: Admin }, staleMe)).toBe(false);
    expect(checkCanMute(me, staleMe)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanKick(me, staleMe)).toEqual(denied('noPermission', 'permission.noPermission'));
    // Another member with that same lower role is fair game.
    expect(canManageMember(me, { userID: 'you', roleLevel: Normal })).toBe(true);
  });
});

describe('§6 Message permissions', () => {
  it('§6 only the sender may revoke their own messages', () => {
    expect(checkCanRevoke({ sendID: 'me' }, 'me')).toEqual(allowed);
    expect(checkCanRevoke({ sendID: 'other' }, 'me')).toEqual(
      denied('revokeOwnOnly', 'permission.revokeOwnOnly'),
    );
    expect(checkCanRevoke({ sendID: '' }, '')).toEqual(denied('revokeOwnOnly', 'permission.revokeOwnOnly'));
  });

  it('§6 pin and unpin appear only in group sessions (session type 3)', () => {
    expect(isPinMenuVisible(SessionType.Group)).toBe(true);
    expect(isPinMenuVisible(SessionType.Single)).toBe(false);
    expect(isPinMenuVisible(SessionType.Notification)).toBe(false);
    expect(checkCanPinMessage(SessionType.Single, false)).toEqual(
      denied('pinGroupOnly', 'permission.pinGroupOnly'),
    );
    expect(checkCanUnpinMessage(SessionType.Single, true)).toEqual(
      denied('pinGroupOnly', 'permission.pinGroupOnly'),
    );
  });

  it('§4 pin is allowed only when not already pinned; unpin only when pinned', () => {
    expect(checkCanPinMessage(SessionType.Group, false)).toEqual(allowed);
    expect(checkCanPinMessage(SessionType.Group, true)).toEqual(
      denied('alreadyPinned', 'permission.alreadyPinned'),
    );
    expect(checkCanUnpinMessage(SessionType.Group, true)).toEqual(allowed);
    expect(checkCanUnpinMessage(SessionType.Group, false)).toEqual(
      denied('notPinned', 'permission.notPinned'),
    );
  });
});

describe('§6 Self and user permissions', () => {
  it('§6 creating a group requires self allowCreateGroup', () => {
    expect(canCreateGroup({ allowCreateGroup: BusinessAllowType.Allow })).toBe(true);
    expect(canCreateGroup({ allowCreateGroup: BusinessAllowType.NotAllow })).toBe(false);
    // Unknown (real chat v1.8 has no such flag): offered, the IM server decides.
    expect(canCreateGroup({})).toBe(true);
    expect(canCreateGroup(undefined)).toBe(false);
    expect(checkCanCreateGroup({ allowCreateGroup: BusinessAllowType.NotAllow })).toEqual(
      denied('createGroupNotAllowed', 'permission.createGroupNotAllowed'),
    );
    expect(checkCanCreateGroup({ allowCreateGroup: BusinessAllowType.Allow })).toEqual(allowed);
  });

  it('§2/§6 Add friends is hidden when self allowAddFriend is not-allow', () => {
    expect(isAddFriendMenuVisible({ allowAddFriend: BusinessAllowType.NotAllow })).toBe(false);
    expect(isAddFriendMenuVisible({ allowAddFriend: BusinessAllowType.Allow })).toBe(true);
    expect(isAddFriendMenuVisible(undefined)).toBe(false);
  });

  it('§6 a user may disallow being added as a friend', () => {
    expect(checkTargetAcceptsFriendRequests({ allowAddFriend: BusinessAllowType.NotAllow })).toEqual(
      denied('addFriendNotAllowed', 'permission.addFriendNotAllowed'),
    );
    expect(checkTargetAcceptsFriendRequests({ allowAddFriend: BusinessAllowType.Allow })).toEqual(allowed);
    expect(checkTargetAcceptsFriendRequests({})).toEqual(allowed);
  });

  it('§6 a group may forbid viewing member info or applying to friend members', () => {
    const strict = {
      lookMemberInfo: GroupAllowType.NotAllowed,
      applyMemberFriend: GroupAllowType.NotAllowed,
    };
    const open = { lookMemberInfo: GroupAllowType.Allowed, applyMemberFriend: GroupAllowType.Allowed };
    expect(canLookMemberInfo(strict)).toBe(false);
    expect(canLookMemberInfo(open)).toBe(true);
    expect(canLookMemberInfo(undefined)).toBe(true);
    expect(canApplyMemberFriend(strict)).toBe(false);
    expect(canApplyMemberFriend(open)).toBe(true);
  });

  it('§2 a mention click opens the card, except for an empty id, the at-all tag, or a group forbidding member info', () => {
    const strict = { lookMemberInfo: GroupAllowType.NotAllowed };
    expect(checkCanOpenUserCard('u1', undefined)).toEqual(allowed);
    expect(checkCanOpenUserCard('', undefined)).toEqual(denied('noPermission', 'permission.noPermission'));
    expect(checkCanOpenUserCard(AT_ALL_TAG, undefined)).toEqual(
      denied('noPermission', 'permission.noPermission'),
    );
    expect(checkCanOpenUserCard('u1', strict)).toEqual(
      denied('lookMemberInfoForbidden', 'permission.lookMemberInfoForbidden'),
    );
  });

  it('§6 profile editing applies to the own account only', () => {
    expect(checkCanEditProfile('me', 'me')).toEqual(allowed);
    expect(checkCanEditProfile('me', 'you')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
  });

  it('§6 blacklist membership', () => {
    expect(isBlacklisted('b', [{ userID: 'a' }, { userID: 'b' }])).toBe(true);
    expect(isBlacklisted('c', [{ userID: 'a' }])).toBe(false);
  });

  it('§2 the user card treats self, friend and non-friend differently', () => {
    const friends = [{ userID: 'f1' }, { userID: 'f' }, { userID: 'f3' }];
    expect(userRelation('me', 'me', friends)).toBe('self');
    expect(userRelation('f', 'me', friends)).toBe('friend');
    expect(userRelation('f3', 'me', friends)).toBe('friend');
    expect(userRelation('s', 'me', friends)).toBe('stranger');
    expect(userRelation('s', 'me', [])).toBe('stranger');
    expect(userCardActions({ relation: 'self' })).toEqual({
      isSelf: true,
      addFriend: 'hidden',
      editInfo: true,
      editRemark: false,
      sendMessage: false,
    });
    expect(userCardActions({ relation: 'friend' })).toEqual({
      isSelf: false,
      addFriend: 'hidden',
      editInfo: false,
      editRemark: true,
      sendMessage: true,
    });
    expect(userCardActions({ relation: 'stranger' })).toEqual({
      isSelf: false,
      addFriend: 'enabled',
      editInfo: false,
      editRemark: false,
      sendMessage: true,
    });
  });

  it('§2 adding a friend is disabled when the group forbids it, and available unless notAdd is set', () => {
    const strict = { applyMemberFriend: GroupAllowType.NotAllowed };
    const stranger = { isSelf: false, editInfo: false, editRemark: false, sendMessage: true };
    expect(userCardActions({ relation: 'stranger', group: strict })).toEqual({
      ...stranger,
      addFriend: 'disabled',
    });
    expect(userCardActions({ relation: 'stranger', notAdd: true })).toEqual({
      ...stranger,
      addFriend: 'hidden',
    });
    expect(userCardActions({ relation: 'stranger', notAdd: false, group: strict }).addFriend).toBe(
      'disabled',
    );
    expect(
      userCardActions({ relation: 'stranger', group: { applyMemberFriend: GroupAllowType.Allowed } })
        .addFriend,
    ).toBe('enabled');
  });

  it('§2 member preview: 17 for normal members, 16 for admin or owner', () => {
    expect(memberPreviewCount(Normal)).toBe(17);
    expect(memberPreviewCount(undefined)).toBe(17);
    expect(memberPreviewCount(Admin)).toBe(16);
    expect(memberPreviewCount(Owner)).toBe(16);
  });

  it('§2 group card avatars: up to 7, or 8 if the member count is exactly 8', () => {
    expect(groupCardAvatarCount(3)).toBe(3);
    expect(groupCardAvatarCount(7)).toBe(7);
    expect(groupCardAvatarCount(8)).toBe(8);
    expect(groupCardAvatarCount(9)).toBe(7);
    expect(groupCardAvatarCount(500)).toBe(7);
    expect(groupCardAvatarCount(-1)).toBe(0);
  });

  it('§2/§6 header: create group in single chats only; invite in groups when member info is loaded', () => {
    expect(chatHeaderActions(SessionType.Single, false)).toEqual({
      createGroup: true,
      invite: false,
      settings: true,
    });
    expect(chatHeaderActions(SessionType.Group, false)).toEqual({
      createGroup: false,
      invite: false,
      settings: true,
    });
    expect(chatHeaderActions(SessionType.Group, true)).toEqual({
      createGroup: false,
      invite: true,
      settings: true,
    });
  });
});

describe('§6 profile editing needs a signed-in user', () => {
  it('with no user id (signed out), no profile is the own one, not even an id-less one', () => {
    expect(checkCanEditProfile('', '')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
    expect(checkCanEditProfile('', 'me')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
    expect(checkCanEditProfile('me', '')).toEqual(
      denied('editOwnProfileOnly', 'permission.editOwnProfileOnly'),
    );
  });
});
