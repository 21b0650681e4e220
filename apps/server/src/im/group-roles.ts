/** Roles and mute: muting a member or the whole group, a member's role, nickname and other info. */
import type { CoreContext } from './context';
import { argsError, noPermission } from './errors';
import {
  GroupStatus,
  memberIDs,
  memberInfo,
  operatorInfo,
  requireLiveGroup,
  RoleLevel,
} from './group-models';
import type { Operator } from './messages';
import { EntryState, type EntryStateValue, GROUP_INFO_ID, SORT_ID } from './versions';
import { rank, requireManager, requireMember, requireOperatorMember } from './group-access';
import { bumpMembers, touchJoinLogs } from './group-members';
import { GroupTip, groupTip, info, versionFields } from './group-tips';

export function muteMember(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; userID: string; mutedSeconds: number },
): void {
  requireLiveGroup(ctx.db, req.groupID);
  if (req.mutedSeconds < 0) throw argsError('mutedSeconds must not be negative');
  const me = requireManager(ctx, op, req.groupID);
  const target = requireMember(ctx, req.groupID, req.userID);
  if (rank(op, me) <= target.role_level)
    throw noPermission('the owner mutes anyone below them, admins mute ordinary members only');
  const muting = req.mutedSeconds > 0;
  const end = muting ? ctx.now() + req.mutedSeconds * 1000 : 0;
  ctx.tx((fx) => {
    ctx.db
      .prepare('UPDATE group_members SET mute_end_time = ? WHERE group_id = ? AND user_id = ?')
      .run(end, req.groupID, req.userID);
    const v = bumpMembers(ctx, req.groupID, [{ eId: req.userID, state: EntryState.Update }]);
    const mutedUser = memberInfo(ctx.db, requireMember(ctx, req.groupID, req.userID));
    groupTip(ctx, fx, {
      contentType: muting ? GroupTip.MemberMuted : GroupTip.MemberCancelMuted,
      opUserID: op.userID,
      groupID: req.groupID,
      chatCopy: true,
      tips: {
        group: info(ctx, req.groupID),
        opUser: operatorInfo(ctx.db, req.groupID, op.userID),
        operationTime: ctx.now(),
        mutedUser,
        ...(muting ? { mutedSeconds: req.mutedSeconds } : {}),
        ...versionFields(v),
      },
    });
  });
}

export function muteGroup(ctx: CoreContext, op: Operator, req: { groupID: string; mute: boolean }): void {
  requireLiveGroup(ctx.db, req.groupID);
  requireManager(ctx, op, req.groupID);
  ctx.tx((fx) => {
    ctx.db
      .prepare('UPDATE groups SET status = ? WHERE group_id = ?')
      .run(req.mute ? GroupStatus.Muted : GroupStatus.Ok, req.groupID);
    const v = bumpMembers(ctx, req.groupID, [{ eId: GROUP_INFO_ID, state: EntryState.Update }]);
    touchJoinLogs(ctx, req.groupID, memberIDs(ctx.db, req.groupID), EntryState.Update);
    groupTip(ctx, fx, {
      contentType: req.mute ? GroupTip.Muted : GroupTip.CancelMuted,
      opUserID: op.userID,
      groupID: req.groupID,
      chatCopy: true,
      tips: {
        group: info(ctx, req.groupID),
        opUser: operatorInfo(ctx.db, req.groupID, op.userID),
        operationTime: ctx.now(),
        ...versionFields(v),
      },
    });
  });
}

// ---- group and member info ------------------------------------------------------------------------

export interface MemberPatch {
  groupID: string;
  userID: string;
  nickname?: string | null;
  faceURL?: string | null;
  roleLevel?: number | null;
  ex?: string | null;
}

export function setGroupMemberInfo(ctx: CoreContext, op: Operator, patches: readonly MemberPatch[]): void {
  if (patches.length === 0) throw argsError('members must not be empty');
  for (const p of patches) {
    requireLiveGroup(ctx.db, p.groupID);
    const me = requireOperatorMember(ctx, op, p.groupID);
    const target = requireMember(ctx, p.groupID, p.userID);
    if (p.roleLevel !== null && p.roleLevel !== undefined) {
      if (p.roleLevel !== RoleLevel.Admin && p.roleLevel !== RoleLevel.Member)
        throw argsError('roleLevel must be 60 (admin) or 20 (member); use transfer_group for the owner');
      if (rank(op, me) < RoleLevel.Owner) throw noPermission('only the group owner may set admins');
      if (target.role_level === RoleLevel.Owner) throw noPermission("the owner's role cannot be changed");
    }
    if (p.userID !== op.userID && rank(op, me) <= target.role_level)
      throw noPermission("only the owner or an admin may change a lower member's info");
  }
  ctx.tx((fx) => {
    for (const p of patches) {
      const before = requireMember(ctx, p.groupID, p.userID);
      ctx.db
        .prepare(
          `UPDATE group_members SET nickname = COALESCE(?, nickname), face_url = COALESCE(?, face_url),
             role_level = COALESCE(?, role_level), ex = COALESCE(?, ex) WHERE group_id = ? AND user_id = ?`,
        )
        .run(p.nickname ?? null, p.faceURL ?? null, p.roleLevel ?? null, p.ex ?? null, p.groupID, p.userID);
      const roleChanged = (p.roleLevel ?? before.role_level) !== before.role_level;
      const changes: { eId: string; state: EntryStateValue }[] = [
        { eId: p.userID, state: EntryState.Update },
      ];
      if (roleChanged) changes.push({ eId: SORT_ID, state: EntryState.Update });
      const v = bumpMembers(ctx, p.groupID, changes);
      const contentType = !roleChanged
        ? GroupTip.MemberInfoSet
        : p.roleLevel === RoleLevel.Admin
          ? GroupTip.SetToAdmin
          : GroupTip.SetToOrdinary;
      groupTip(ctx, fx, {
        contentType,
        opUserID: op.userID,
        groupID: p.groupID,
        // Admin set and unset show in the chat (notification.yml groupMemberSetToAdmin isSendMsg: true).
        chatCopy: roleChanged,
        tips: {
          group: info(ctx, p.groupID),
          opUser: operatorInfo(ctx.db, p.groupID, op.userID),
          operationTime: ctx.now(),
          changedUser: memberInfo(ctx.db, requireMember(ctx, p.groupID, p.userID)),
          ...versionFields(v),
          groupSortVersion: roleChanged ? v.version : 0,
        },
      });
    }
  });
}

// ---- join requests --------------------------------------------------------------------------------
