/**
 * Groups: creating, dismissing, transferring ownership and changing a group's settings. The other units of the
 * group core: group-queries.ts (reads and syncs), group-membership.ts (invite, kick, quit), group-members.ts
 * (member rows and their version logs), group-roles.ts (mute, member roles and info), group-applications.ts
 * (join requests), group-tips.ts (notifications) and group-access.ts (who may do what).
 */
import { randomInt } from 'node:crypto';
import { type CoreContext, groupConversationID } from './context';
import { argsError, ErrCode, ImError, noPermission } from './errors';
import {
  getGroupRow,
  type GroupInfo,
  groupInfo,
  GroupStatus,
  JoinSource,
  memberIDs,
  memberInfo,
  memberRows,
  operatorInfo,
  requireGroup,
  requireLiveGroup,
  RoleLevel,
  WORKING_GROUP,
} from './group-models';
import { GroupAtType, type Operator } from './messages';
import { bump, Collection, EntryState, GROUP_INFO_ID, SORT_ID } from './versions';
import {
  MAX_MEMBERS_PER_CALL,
  requireDistinct,
  requireManager,
  requireMember,
  requireOperatorMember,
  requireSelf,
  requireUsers,
} from './group-access';
import { admit, bumpMembers, capLeavers, touchJoinLogs } from './group-members';
import { getMembersInfo } from './group-queries';
import { GroupTip, groupTip, info, versionFields } from './group-tips';

function newGroupID(ctx: CoreContext): string {
  for (;;) {
    const id = String(randomInt(1_000_000_000, 9_999_999_999));
    if (!getGroupRow(ctx.db, id)) return id;
  }
}

// ---- create, read ------------------------------------------------------------------------------

export interface CreateGroupReq {
  ownerUserID: string;
  memberUserIDs: readonly string[];
  adminUserIDs: readonly string[];
  groupInfo: {
    groupID: string;
    groupName: string;
    notification: string;
    introduction: string;
    faceURL: string;
    ex: string;
    groupType: number;
    needVerification: number;
    lookMemberInfo: number;
    applyMemberFriend: number;
  };
  sendMessage?: boolean | null | undefined;
}

export function createGroup(ctx: CoreContext, op: Operator, req: CreateGroupReq): { groupInfo: GroupInfo } {
  const owner = req.ownerUserID || op.userID;
  requireSelf(op, owner, 'ownerUserID');
  const g = req.groupInfo;
  if (g.groupType !== WORKING_GROUP)
    throw new ImError(ErrCode.GroupTypeNotSupport, `groupType must be ${WORKING_GROUP}`);
  if (![0, 1, 2].includes(g.needVerification)) throw argsError('needVerification must be 0, 1 or 2');
  const all = [owner, ...req.adminUserIDs, ...req.memberUserIDs];
  requireDistinct(all, 'ownerUserID, adminUserIDs and memberUserIDs');
  if (all.length > MAX_MEMBERS_PER_CALL) throw argsError(`at most ${MAX_MEMBERS_PER_CALL} members`);
  requireUsers(ctx, all);
  if (g.groupID && getGroupRow(ctx.db, g.groupID))
    throw new ImError(ErrCode.GroupIDExisted, `group ${g.groupID} already exists`);
  const groupID = g.groupID || newGroupID(ctx);
  const admins = new Set(req.adminUserIDs);
  const now = ctx.now();
  return ctx.tx((fx) => {
    ctx.db
      .prepare(
        `INSERT INTO groups (group_id, group_name, notification, introduction, face_url, ex, status, creator_user_id,
           group_type, need_verification, look_member_info, apply_member_friend, notification_update_time,
           notification_user_id, create_time)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        groupID,
        g.groupName,
        g.notification,
        g.introduction,
        g.faceURL,
        g.ex,
        op.userID || owner,
        g.groupType,
        g.needVerification,
        g.lookMemberInfo,
        g.applyMemberFriend,
        g.notification ? now : 0,
        g.notification ? owner : '',
        now,
      );
    const row = requireGroup(ctx.db, groupID);
    const v = admit(ctx, row, all, {
      operator: op.userID || owner,
      inviter: owner,
      joinSource: JoinSource.Invitation,
      roleOf: (u) => (u === owner ? RoleLevel.Owner : admins.has(u) ? RoleLevel.Admin : RoleLevel.Member),
    });
    const group = groupInfo(ctx.db, row);
    const members = memberRows(ctx.db, groupID).map((m) => memberInfo(ctx.db, m));
    groupTip(ctx, fx, {
      contentType: GroupTip.Created,
      opUserID: op.userID || owner,
      groupID,
      chatCopy: req.sendMessage !== false,
      tips: {
        group,
        opUser: operatorInfo(ctx.db, groupID, op.userID || owner),
        memberList: members,
        operationTime: now,
        groupOwnerUser: operatorInfo(ctx.db, groupID, owner),
        ...versionFields(v),
      },
    });
    return { groupInfo: group };
  });
}

export function dismissGroup(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; sendMessage?: boolean | null | undefined },
): void {
  requireLiveGroup(ctx.db, req.groupID);
  const me = requireOperatorMember(ctx, op, req.groupID);
  if (!op.isAdmin && me?.role_level !== RoleLevel.Owner)
    throw noPermission('only the group owner may dismiss it');
  ctx.tx((fx) => {
    const members = memberIDs(ctx.db, req.groupID);
    const opUser = operatorInfo(ctx.db, req.groupID, op.userID);
    ctx.db.prepare('UPDATE groups SET status = ? WHERE group_id = ?').run(GroupStatus.Dismissed, req.groupID);
    groupTip(ctx, fx, {
      contentType: GroupTip.Dismissed,
      opUserID: op.userID,
      groupID: req.groupID,
      chatCopy: req.sendMessage !== false,
      tips: { group: info(ctx, req.groupID), opUser, operationTime: ctx.now() },
    });
    // After the tip (it went to the members): the SDK's join sync right after 1511 must see the deletion.
    ctx.db.prepare('DELETE FROM group_members WHERE group_id = ?').run(req.groupID);
    touchJoinLogs(ctx, req.groupID, members, EntryState.Delete);
    bumpMembers(ctx, req.groupID, [{ eId: GROUP_INFO_ID, state: EntryState.Update }]);
    capLeavers(ctx, req.groupID, members);
  });
}

export function transferGroup(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; oldOwnerUserID: string; newOwnerUserID: string },
): void {
  requireLiveGroup(ctx.db, req.groupID);
  const oldOwnerID = req.oldOwnerUserID || op.userID;
  requireSelf(op, oldOwnerID, 'oldOwnerUserID');
  const oldOwner = requireMember(ctx, req.groupID, oldOwnerID);
  if (oldOwner.role_level !== RoleLevel.Owner)
    throw noPermission('only the group owner may transfer the group');
  if (req.newOwnerUserID === oldOwnerID) throw argsError('the new owner is already the owner');
  requireMember(ctx, req.groupID, req.newOwnerUserID);
  ctx.tx((fx) => {
    const setRole = ctx.db.prepare(
      'UPDATE group_members SET role_level = ? WHERE group_id = ? AND user_id = ?',
    );
    setRole.run(RoleLevel.Owner, req.groupID, req.newOwnerUserID);
    setRole.run(RoleLevel.Member, req.groupID, oldOwnerID);
    const v = bumpMembers(ctx, req.groupID, [
      { eId: req.newOwnerUserID, state: EntryState.Update },
      { eId: oldOwnerID, state: EntryState.Update },
      { eId: SORT_ID, state: EntryState.Update },
      { eId: GROUP_INFO_ID, state: EntryState.Update },
    ]);
    touchJoinLogs(ctx, req.groupID, memberIDs(ctx.db, req.groupID), EntryState.Update);
    const members = getMembersInfo(ctx, req.groupID, [req.newOwnerUserID, oldOwnerID]);
    groupTip(ctx, fx, {
      contentType: GroupTip.OwnerTransferred,
      opUserID: op.userID,
      groupID: req.groupID,
      chatCopy: true,
      tips: {
        group: info(ctx, req.groupID),
        opUser: operatorInfo(ctx.db, req.groupID, op.userID),
        newGroupOwner: members[0],
        oldGroupOwner: oldOwnerID,
        operationTime: ctx.now(),
        oldGroupOwnerInfo: members[1],
        ...versionFields(v),
      },
    });
  });
}

// ---- muting ---------------------------------------------------------------------------------------

export interface GroupInfoPatch {
  groupID: string;
  groupName?: string | null;
  notification?: string | null;
  introduction?: string | null;
  faceURL?: string | null;
  ex?: string | null;
  needVerification?: number | null;
  lookMemberInfo?: number | null;
  applyMemberFriend?: number | null;
}

export function setGroupInfo(ctx: CoreContext, op: Operator, p: GroupInfoPatch): void {
  const before = requireLiveGroup(ctx.db, p.groupID);
  requireManager(ctx, op, p.groupID);
  if (p.groupName !== null && p.groupName !== undefined && p.groupName.trim() === '')
    throw argsError('groupName must not be empty');
  if (
    p.needVerification !== null &&
    p.needVerification !== undefined &&
    ![0, 1, 2].includes(p.needVerification)
  )
    throw argsError('needVerification must be 0, 1 or 2');
  const changed = (v: string | number | null | undefined, old: string | number) =>
    v !== null && v !== undefined && v !== old;
  const nameChanged = changed(p.groupName, before.group_name);
  const noticeChanged = changed(p.notification, before.notification);
  const otherChanged =
    changed(p.introduction, before.introduction) ||
    changed(p.faceURL, before.face_url) ||
    changed(p.ex, before.ex) ||
    changed(p.needVerification, before.need_verification) ||
    changed(p.lookMemberInfo, before.look_member_info) ||
    changed(p.applyMemberFriend, before.apply_member_friend);
  if (!nameChanged && !noticeChanged && !otherChanged) return;
  const now = ctx.now();
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        `UPDATE groups SET group_name = COALESCE(?, group_name), notification = COALESCE(?, notification),
           introduction = COALESCE(?, introduction), face_url = COALESCE(?, face_url), ex = COALESCE(?, ex),
           need_verification = COALESCE(?, need_verification), look_member_info = COALESCE(?, look_member_info),
           apply_member_friend = COALESCE(?, apply_member_friend)
         WHERE group_id = ?`,
      )
      .run(
        p.groupName ?? null,
        p.notification ?? null,
        p.introduction ?? null,
        p.faceURL ?? null,
        p.ex ?? null,
        p.needVerification ?? null,
        p.lookMemberInfo ?? null,
        p.applyMemberFriend ?? null,
        p.groupID,
      );
    const members = memberIDs(ctx.db, p.groupID);
    if (noticeChanged) {
      ctx.db
        .prepare(
          'UPDATE groups SET notification_update_time = ?, notification_user_id = ? WHERE group_id = ?',
        )
        .run(now, op.userID, p.groupID);
      // Like the reference: every member's conversation shows "new announcement".
      const conversationID = groupConversationID(p.groupID);
      const mark = ctx.db.prepare(
        'UPDATE conversations SET group_at_type = ? WHERE owner_user_id = ? AND conversation_id = ?',
      );
      for (const m of members)
        if (mark.run(GroupAtType.Announcement, m, conversationID).changes > 0)
          bump(ctx.db, Collection.Conversations, m, [{ eId: conversationID, state: EntryState.Update }]);
    }
    const v = bumpMembers(ctx, p.groupID, [{ eId: GROUP_INFO_ID, state: EntryState.Update }]);
    touchJoinLogs(ctx, p.groupID, members, EntryState.Update);
    const group = info(ctx, p.groupID);
    const opUser = operatorInfo(ctx.db, p.groupID, op.userID);
    const tip = (contentType: number, chatCopy: boolean, extra: object = {}) =>
      groupTip(ctx, fx, {
        contentType,
        opUserID: op.userID,
        groupID: p.groupID,
        chatCopy,
        tips: { opUser, group, ...extra, ...versionFields(v) },
      });
    if (noticeChanged) tip(GroupTip.AnnouncementSet, true);
    if (nameChanged) tip(GroupTip.NameSet, true);
    if (otherChanged) tip(GroupTip.InfoSet, false, { muteTime: 0 });
  });
}
