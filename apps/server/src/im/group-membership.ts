/** Membership changes the members ask for: invite (directly or as an application), kick and quit. */
import type { CoreContext } from './context';
import { argsError, noPermission } from './errors';
import {
  getMemberRow,
  isManager,
  JoinSource,
  memberInfo,
  operatorInfo,
  requireLiveGroup,
  RoleLevel,
  Verification,
} from './group-models';
import type { Operator } from './messages';
import {
  rank,
  requireDistinct,
  requireMember,
  requireOperatorMember,
  requireSelf,
  requireUsers,
} from './group-access';
import { storeApplication } from './group-applications';
import { admit, capLeavers, removeMembers } from './group-members';
import { GroupTip, groupTip, info, memberJoinedTip, versionFields } from './group-tips';

export function inviteUsers(
  ctx: CoreContext,
  op: Operator,
  req: {
    groupID: string;
    invitedUserIDs: readonly string[];
    reason: string;
    sendMessage?: boolean | null | undefined;
  },
): void {
  const group = requireLiveGroup(ctx.db, req.groupID);
  if (req.invitedUserIDs.length === 0) throw argsError('invitedUserIDs must not be empty');
  requireDistinct(req.invitedUserIDs, 'invitedUserIDs');
  requireUsers(ctx, req.invitedUserIDs);
  const inviter = requireOperatorMember(ctx, op, req.groupID);
  for (const u of req.invitedUserIDs)
    if (getMemberRow(ctx.db, req.groupID, u)) throw argsError(`${u} is already a member`);
  if (group.need_verification === Verification.AllNeed && !op.isAdmin && !isManager(inviter)) {
    ctx.tx((fx) => {
      for (const u of req.invitedUserIDs)
        storeApplication(ctx, fx, group, u, req.reason, JoinSource.Invitation, op.userID, '');
    });
    return;
  }
  ctx.tx((fx) => {
    const v = admit(ctx, group, req.invitedUserIDs, {
      operator: op.userID,
      inviter: op.userID,
      joinSource: JoinSource.Invitation,
    });
    memberJoinedTip(ctx, fx, group.group_id, op.userID, req.invitedUserIDs, v, req.sendMessage !== false);
  });
}

export function kickMembers(
  ctx: CoreContext,
  op: Operator,
  req: {
    groupID: string;
    kickedUserIDs: readonly string[];
    reason: string;
    sendMessage?: boolean | null | undefined;
  },
): void {
  requireLiveGroup(ctx.db, req.groupID);
  if (req.kickedUserIDs.length === 0) throw argsError('kickedUserIDs must not be empty');
  requireDistinct(req.kickedUserIDs, 'kickedUserIDs');
  if (req.kickedUserIDs.includes(op.userID)) throw argsError('you cannot kick yourself; quit instead');
  const me = requireOperatorMember(ctx, op, req.groupID);
  const myRank = rank(op, me);
  const kicked = req.kickedUserIDs.map((u) => requireMember(ctx, req.groupID, u));
  for (const k of kicked) {
    if (k.role_level === RoleLevel.Owner) throw argsError('the group owner cannot be kicked');
    if (myRank < RoleLevel.Admin) throw noPermission('only the group owner and admins may kick members');
    if (myRank <= k.role_level) throw noPermission('admins may kick ordinary members only');
  }
  const kickedInfos = kicked.map((k) => memberInfo(ctx.db, k));
  ctx.tx((fx) => {
    const opUser = operatorInfo(ctx.db, req.groupID, op.userID);
    const v = removeMembers(ctx, req.groupID, req.kickedUserIDs);
    groupTip(ctx, fx, {
      contentType: GroupTip.MemberKicked,
      opUserID: op.userID,
      groupID: req.groupID,
      chatCopy: req.sendMessage !== false,
      alsoTo: req.kickedUserIDs,
      tips: {
        group: info(ctx, req.groupID),
        opUser,
        kickedUserList: kickedInfos,
        operationTime: ctx.now(),
        ...versionFields(v),
      },
    });
    capLeavers(ctx, req.groupID, req.kickedUserIDs);
  });
}

export function quitGroup(ctx: CoreContext, op: Operator, req: { groupID: string; userID: string }): void {
  const userID = req.userID || op.userID;
  requireSelf(op, userID, 'userID');
  requireLiveGroup(ctx.db, req.groupID);
  const me = requireMember(ctx, req.groupID, userID);
  if (me.role_level === RoleLevel.Owner)
    throw noPermission('the group owner cannot quit; transfer the group or dismiss it');
  const quitUser = memberInfo(ctx.db, me);
  ctx.tx((fx) => {
    const v = removeMembers(ctx, req.groupID, [userID]);
    groupTip(ctx, fx, {
      contentType: GroupTip.MemberQuit,
      opUserID: userID,
      groupID: req.groupID,
      chatCopy: true,
      alsoTo: [userID],
      tips: { group: info(ctx, req.groupID), quitUser, operationTime: ctx.now(), ...versionFields(v) },
    });
    capLeavers(ctx, req.groupID, [userID]);
  });
}
