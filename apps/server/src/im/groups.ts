import { randomInt, randomUUID } from 'node:crypto';
import { type CoreContext, type Effects, type Pagination, groupConversationID, pageLimits } from './context';
import { ErrCode, ImError, argsError, noPermission, notFound } from './errors';
import {
  type GroupInfo,
  type GroupMemberInfo,
  type GroupRequestRow,
  type GroupRow,
  GroupStatus,
  JoinSource,
  MEMBER_ORDER,
  type MemberRow,
  RoleLevel,
  Verification,
  WORKING_GROUP,
  getGroupRow,
  getMemberRow,
  groupInfo,
  groupRequestInfo,
  isManager,
  isGroupMember as isMemberOf,
  memberIDs,
  memberInfo,
  memberRows,
  operatorInfo,
  requireGroup,
  requireLiveGroup,
} from './group-models';
import { incrementalAnswer } from './incremental';
import {
  GroupAtType,
  type Operator,
  conversationMaxSeq,
  ensureGroupConversation,
  storeAndPushGroup,
} from './messages';
import { getUser, getUserOrStub, publicUserInfo } from './models';
import { baseMsg, notify } from './notifications';
import { SessionType } from './types';
import {
  Collection,
  EntryState,
  type EntryStateValue,
  GROUP_INFO_ID,
  SORT_ID,
  type VersionHead,
  bump,
  diff,
  head,
} from './versions';

/** Group notification content types (openim-protocol.md 6.4). */
export const GroupTip = {
  Created: 1501,
  InfoSet: 1502,
  JoinApplication: 1503,
  MemberQuit: 1504,
  ApplicationAccepted: 1505,
  ApplicationRejected: 1506,
  OwnerTransferred: 1507,
  MemberKicked: 1508,
  MemberInvited: 1509,
  MemberEnter: 1510,
  Dismissed: 1511,
  MemberMuted: 1512,
  MemberCancelMuted: 1513,
  Muted: 1514,
  CancelMuted: 1515,
  MemberInfoSet: 1516,
  SetToAdmin: 1517,
  SetToOrdinary: 1518,
  AnnouncementSet: 1519,
  NameSet: 1520,
} as const;

const MAX_MEMBERS_PER_CALL = 1000;

function requireSelf(op: Operator, userID: string, field: string): void {
  if (userID !== op.userID && !op.isAdmin) throw noPermission(`${field} must be the logged-in user`);
}

function requireUsers(ctx: CoreContext, userIDs: readonly string[]): void {
  for (const u of userIDs)
    if (!getUser(ctx.db, u)) throw new ImError(ErrCode.UserIDNotFound, `user ${u} not found`);
}

function requireDistinct(ids: readonly string[], field: string): void {
  if (new Set(ids).size !== ids.length) throw argsError(`${field} contains duplicates`);
}

/** How much say the operator has: app admins above the owner, non-members nothing. */
function rank(op: Operator, member: MemberRow | undefined): number {
  if (op.isAdmin) return RoleLevel.Owner + 1;
  return member?.role_level ?? 0;
}

/** The operator's membership; non-members get 1203 (app admins pass with `undefined`). */
function requireOperatorMember(ctx: CoreContext, op: Operator, groupID: string): MemberRow | undefined {
  const m = getMemberRow(ctx.db, groupID, op.userID);
  if (!m && !op.isAdmin) throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', 'you are not a member');
  return m;
}

function requireManager(ctx: CoreContext, op: Operator, groupID: string): MemberRow | undefined {
  const m = requireOperatorMember(ctx, op, groupID);
  if (!op.isAdmin && !isManager(m)) throw noPermission('only the group owner and admins may do this');
  return m;
}

/**
 * Member lists are for members (and app admins): anyone else gets 1002, as in the reference server.
 * The group card itself (`get_groups_info`) stays public so that people can find a group to join.
 */
export function requireMemberListAccess(ctx: CoreContext, op: Operator, groupID: string): void {
  if (op.isAdmin || getMemberRow(ctx.db, groupID, op.userID)) return;
  throw noPermission('only members of the group may read its members');
}

function requireMember(ctx: CoreContext, groupID: string, userID: string): MemberRow {
  const m = getMemberRow(ctx.db, groupID, userID);
  if (!m) throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', `${userID} is not a member`);
  return m;
}

const info = (ctx: CoreContext, groupID: string): GroupInfo =>
  groupInfo(ctx.db, requireGroup(ctx.db, groupID));

function bumpMembers(
  ctx: CoreContext,
  groupID: string,
  changes: readonly { eId: string; state: EntryStateValue }[],
): VersionHead {
  return bump(ctx.db, Collection.GroupMembers, groupID, changes);
}

/** Marks the group as changed in each member's joined-groups log, so returning devices refresh it. */
function touchJoinLogs(
  ctx: CoreContext,
  groupID: string,
  userIDs: readonly string[],
  state: EntryStateValue,
) {
  for (const u of userIDs) bump(ctx.db, Collection.JoinGroups, u, [{ eId: groupID, state }]);
}

const versionFields = (v: VersionHead) => ({
  groupMemberVersion: v.version,
  groupMemberVersionID: v.versionID,
});

/**
 * Emits a group tip: the notification in `n_<groupID>` to every member (and `alsoTo`, the users who
 * are leaving with it) and, when `chatCopy`, the visible copy in `sg_<groupID>`, like the reference's
 * isSendMsg notifications.
 */
function groupTip(
  ctx: CoreContext,
  fx: Effects,
  t: {
    contentType: number;
    opUserID: string;
    groupID: string;
    tips: unknown;
    chatCopy: boolean;
    alsoTo?: readonly string[];
  },
): void {
  const alsoTo = t.alsoTo ?? [];
  const spec = {
    contentType: t.contentType,
    sendID: t.opUserID,
    recvID: t.groupID,
    groupID: t.groupID,
    sessionType: SessionType.Group,
    tips: t.tips,
    stored: false,
    to: [...memberIDs(ctx.db, t.groupID), ...alsoTo],
  };
  notify(ctx, fx, spec);
  if (!t.chatCopy) return;
  const copy = baseMsg(ctx, spec, ctx.now());
  // Shown in the chat and counted as unread, like the reference's notification.yml defaults.
  copy.options = { offlinePush: false };
  storeAndPushGroup(ctx, fx, copy, alsoTo);
}

/** Leavers keep their conversation record but see nothing after leaving (the reference caps maxSeq). */
function capLeavers(ctx: CoreContext, groupID: string, userIDs: readonly string[]): void {
  const conversationID = groupConversationID(groupID);
  const { maxSeq } = conversationMaxSeq(ctx.db, conversationID);
  const cap = ctx.db.prepare(
    'UPDATE conversations SET max_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
  );
  for (const u of userIDs) {
    // max_seq 0 means "no cap", so a group without messages yet is capped with -1 ("nothing").
    if (cap.run(maxSeq > 0 ? maxSeq : -1, u, conversationID).changes > 0) {
      bump(ctx.db, Collection.Conversations, u, [{ eId: conversationID, state: EntryState.Update }]);
    }
  }
}

/**
 * Adds members (join log inserts, one member-log version) and (re)opens their conversation records.
 * Returns the member-log head after the change.
 */
function admit(
  ctx: CoreContext,
  group: GroupRow,
  userIDs: readonly string[],
  m: { operator: string; inviter: string; joinSource: number; roleOf?: (userID: string) => number },
): VersionHead {
  const now = ctx.now();
  const ins = ctx.db.prepare(
    `INSERT INTO group_members (group_id, user_id, role_level, join_time, join_source, operator_user_id, inviter_user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const conversationID = groupConversationID(group.group_id);
  const { maxSeq } = conversationMaxSeq(ctx.db, conversationID);
  const history = ctx.options.groupHistoryForNewMembers !== false;
  for (const u of userIDs) {
    ins.run(group.group_id, u, m.roleOf?.(u) ?? RoleLevel.Member, now, m.joinSource, m.operator, m.inviter);
    touchJoinLogs(ctx, group.group_id, [u], EntryState.Insert);
    const created = ensureGroupConversation(ctx, u, group.group_id);
    // A returning member's record was capped when they left: lift the cap, hide what they missed if configured.
    const res = ctx.db
      .prepare(
        'UPDATE conversations SET max_seq = 0, min_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
      )
      .run(history ? 0 : maxSeq + 1, u, conversationID);
    if (!created && res.changes > 0)
      bump(ctx.db, Collection.Conversations, u, [{ eId: conversationID, state: EntryState.Update }]);
  }
  // The group entry too: memberCount changed, and a device that syncs instead of applying the tip needs it.
  return bumpMembers(ctx, group.group_id, [
    ...userIDs.map((eId) => ({ eId, state: EntryState.Insert })),
    { eId: GROUP_INFO_ID, state: EntryState.Update },
  ]);
}

function removeMembers(ctx: CoreContext, groupID: string, userIDs: readonly string[]): VersionHead {
  const del = ctx.db.prepare('DELETE FROM group_members WHERE group_id = ? AND user_id = ?');
  for (const u of userIDs) del.run(groupID, u);
  touchJoinLogs(ctx, groupID, userIDs, EntryState.Delete);
  return bumpMembers(ctx, groupID, [
    ...userIDs.map((eId) => ({ eId, state: EntryState.Delete })),
    { eId: GROUP_INFO_ID, state: EntryState.Update },
  ]);
}

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

export function getGroupsInfo(ctx: CoreContext, groupIDs: readonly string[]): GroupInfo[] {
  const out: GroupInfo[] = [];
  for (const id of new Set(groupIDs)) {
    const g = getGroupRow(ctx.db, id);
    if (g) out.push(groupInfo(ctx.db, g));
  }
  return out;
}

const JOINED = `SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.group_id
  WHERE m.user_id = ? ORDER BY m.join_time, m.rowid`;

export function getJoinedGroupList(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  p: Pagination | null | undefined,
): { total: number; groups: GroupInfo[] } {
  requireSelf(op, userID, 'fromUserID');
  const { limit, offset } = pageLimits(p);
  const rows = ctx.db
    .prepare<[string, number, number], GroupRow>(`${JOINED} LIMIT ? OFFSET ?`)
    .all(userID, limit, offset);
  const total =
    ctx.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM group_members WHERE user_id = ?')
      .get(userID)?.n ?? 0;
  return { total, groups: rows.map((r) => groupInfo(ctx.db, r)) };
}

export function getFullJoinGroupIDs(ctx: CoreContext, op: Operator, userID: string) {
  requireSelf(op, userID, 'userID');
  const h = head(ctx.db, Collection.JoinGroups, userID);
  const groupIDs = ctx.db
    .prepare<[string], GroupRow>(JOINED)
    .all(userID)
    .map((r) => r.group_id);
  return { version: h.version, versionID: h.versionID, equal: false, groupIDs };
}

export function getIncrementalJoinGroups(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; versionID: string; version: number },
) {
  requireSelf(op, req.userID, 'userID');
  const d = diff(ctx.db, Collection.JoinGroups, req.userID, req.versionID, req.version);
  return incrementalAnswer(d, (ids) => getGroupsInfo(ctx, ids));
}

export function getMembersInfo(
  ctx: CoreContext,
  groupID: string,
  userIDs: readonly string[],
): GroupMemberInfo[] {
  const out: GroupMemberInfo[] = [];
  for (const u of new Set(userIDs)) {
    const r = getMemberRow(ctx.db, groupID, u);
    if (r) out.push(memberInfo(ctx.db, r));
  }
  return out;
}

export function getIncrementalGroupMembers(
  ctx: CoreContext,
  req: { groupID: string; versionID: string; version: number },
) {
  const d = diff(ctx.db, Collection.GroupMembers, req.groupID, req.versionID, req.version);
  const answer = incrementalAnswer(d, (ids) => getMembersInfo(ctx, req.groupID, ids));
  const g = getGroupRow(ctx.db, req.groupID);
  return { ...answer, group: (d.full || d.groupChanged) && g ? groupInfo(ctx.db, g) : null };
}

export function getIncrementalGroupMembersBatch(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; reqList: readonly { groupID: string; versionID: string; version: number }[] },
) {
  requireSelf(op, req.userID, 'userID');
  const respList: Record<string, ReturnType<typeof getIncrementalGroupMembers>> = {};
  for (const r of req.reqList) respList[r.groupID] = getIncrementalGroupMembers(ctx, r);
  return { respList };
}

export function getFullGroupMemberUserIDs(ctx: CoreContext, op: Operator, groupID: string) {
  requireMemberListAccess(ctx, op, groupID);
  const h = head(ctx.db, Collection.GroupMembers, groupID);
  return { version: h.version, versionID: h.versionID, equal: false, userIDs: memberIDs(ctx.db, groupID) };
}

/** `filter`: 0 all, 1 owner, 2 admins, 3 ordinary members, 4 admins and members, 5 owner and admins. */
const FILTERS: Record<number, readonly number[]> = {
  0: [RoleLevel.Owner, RoleLevel.Admin, RoleLevel.Member],
  1: [RoleLevel.Owner],
  2: [RoleLevel.Admin],
  3: [RoleLevel.Member],
  4: [RoleLevel.Admin, RoleLevel.Member],
  5: [RoleLevel.Owner, RoleLevel.Admin],
};

export function getGroupMemberList(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; pagination?: Pagination | null | undefined; filter: number; keyword: string },
): { total: number; members: GroupMemberInfo[] } {
  requireGroup(ctx.db, req.groupID);
  requireMemberListAccess(ctx, op, req.groupID);
  const roles = FILTERS[req.filter];
  if (!roles) throw argsError('filter must be 0..5');
  let members = memberRows(ctx.db, req.groupID)
    .filter((m) => roles.includes(m.role_level))
    .map((m) => memberInfo(ctx.db, m));
  if (req.keyword)
    members = members.filter((m) => m.userID === req.keyword || m.nickname.includes(req.keyword));
  const { limit, offset } = pageLimits(req.pagination);
  return { total: members.length, members: limit < 0 ? members : members.slice(offset, offset + limit) };
}

// ---- membership changes ---------------------------------------------------------------------------

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

/** 1509 for users added by invitation, directly or through an approved invitation request. */
function memberJoinedTip(
  ctx: CoreContext,
  fx: Effects,
  groupID: string,
  opUserID: string,
  userIDs: readonly string[],
  v: VersionHead,
  chatCopy: boolean,
): void {
  groupTip(ctx, fx, {
    contentType: GroupTip.MemberInvited,
    opUserID,
    groupID,
    chatCopy,
    tips: {
      group: info(ctx, groupID),
      opUser: operatorInfo(ctx.db, groupID, opUserID),
      invitedUserList: getMembersInfo(ctx, groupID, userIDs),
      operationTime: ctx.now(),
      inviterUser: operatorInfo(ctx.db, groupID, opUserID),
      ...versionFields(v),
    },
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
        // 15: admin set and unset show in the chat (notification.yml groupMemberSetToAdmin isSendMsg: true).
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

function managers(ctx: CoreContext, groupID: string): string[] {
  return ctx.db
    .prepare<[string, number, number], { user_id: string }>(
      `SELECT user_id FROM group_members WHERE group_id = ? AND role_level IN (?, ?) ${MEMBER_ORDER}`,
    )
    .all(groupID, RoleLevel.Owner, RoleLevel.Admin)
    .map((r) => r.user_id);
}

function getRequestRow(ctx: CoreContext, groupID: string, userID: string): GroupRequestRow | undefined {
  return ctx.db
    .prepare<[string, string], GroupRequestRow>(
      'SELECT * FROM group_requests WHERE group_id = ? AND user_id = ?',
    )
    .get(groupID, userID);
}

/** Stores (or renews) an application and tells the owner, the admins and the applicant (1503). */
function storeApplication(
  ctx: CoreContext,
  fx: Effects,
  group: GroupRow,
  applicant: string,
  reqMsg: string,
  joinSource: number,
  inviter: string,
  ex: string,
): void {
  ctx.db
    .prepare(
      `INSERT INTO group_requests (group_id, user_id, req_msg, handle_result, handle_msg, handle_user_id, handle_time,
         join_source, inviter_user_id, ex, req_time)
       VALUES (?, ?, ?, 0, '', '', 0, ?, ?, ?, ?)
       ON CONFLICT (group_id, user_id) DO UPDATE SET req_msg = excluded.req_msg, handle_result = 0, handle_msg = '',
         handle_user_id = '', handle_time = 0, join_source = excluded.join_source,
         inviter_user_id = excluded.inviter_user_id, ex = excluded.ex, req_time = excluded.req_time`,
    )
    .run(group.group_id, applicant, reqMsg, joinSource, inviter, ex, ctx.now());
  const row = getRequestRow(ctx, group.group_id, applicant);
  if (!row) throw new Error('group request vanished');
  const gInfo = groupInfo(ctx.db, group);
  const tips = {
    group: gInfo,
    applicant: publicUserInfo(getUserOrStub(ctx.db, applicant)),
    reqMsg,
    uuid: randomUUID(),
    request: groupRequestInfo(ctx.db, row, gInfo),
  };
  // One uuid for the whole operation: the SDK shows it once per device even if it arrives twice.
  managers(ctx, group.group_id).forEach((m, i) =>
    notify(ctx, fx, {
      contentType: GroupTip.JoinApplication,
      sendID: applicant,
      recvID: m,
      sessionType: SessionType.Single,
      tips,
      stored: false,
      to: i === 0 ? [m, applicant] : [m],
    }),
  );
}

export function joinGroup(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; reqMessage: string; joinSource: number; inviterUserID: string; ex: string },
): void {
  const applicant = req.inviterUserID || op.userID;
  requireSelf(op, applicant, 'inviterUserID');
  const group = requireLiveGroup(ctx.db, req.groupID);
  if (getMemberRow(ctx.db, req.groupID, applicant)) throw argsError('you are already a member of this group');
  const joinSource = req.joinSource || JoinSource.Search;
  ctx.tx((fx) => {
    if (group.need_verification === Verification.Directly) {
      const v = admit(ctx, group, [applicant], { operator: applicant, inviter: '', joinSource });
      memberEnterTip(ctx, fx, req.groupID, applicant, applicant, v);
      return;
    }
    storeApplication(ctx, fx, group, applicant, req.reqMessage, joinSource, '', req.ex);
  });
}

/** 1510: someone entered on their own (a direct join, or an application nobody invited them to). */
function memberEnterTip(
  ctx: CoreContext,
  fx: Effects,
  groupID: string,
  opUserID: string,
  entrant: string,
  v: VersionHead,
): void {
  groupTip(ctx, fx, {
    contentType: GroupTip.MemberEnter,
    opUserID,
    groupID,
    chatCopy: true,
    tips: {
      group: info(ctx, groupID),
      entrantUser: memberInfo(ctx.db, requireMember(ctx, groupID, entrant)),
      operationTime: ctx.now(),
      ...versionFields(v),
    },
  });
}

export function respondApplication(
  ctx: CoreContext,
  op: Operator,
  req: { groupID: string; fromUserID: string; handledMsg: string; handleResult: number },
): void {
  if (req.handleResult !== 1 && req.handleResult !== -1)
    throw argsError('handleResult must be 1 (accept) or -1 (refuse)');
  const group = requireLiveGroup(ctx.db, req.groupID);
  requireManager(ctx, op, req.groupID);
  const row = getRequestRow(ctx, req.groupID, req.fromUserID);
  if (!row) throw notFound('group application not found');
  if (row.handle_result !== 0)
    throw new ImError(
      ErrCode.GroupRequestHandled,
      'GroupRequestHandled',
      'the application was already handled',
    );
  const accept = req.handleResult === 1;
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        `UPDATE group_requests SET handle_result = ?, handle_msg = ?, handle_user_id = ?, handle_time = ?
         WHERE group_id = ? AND user_id = ?`,
      )
      .run(req.handleResult, req.handledMsg, op.userID, ctx.now(), req.groupID, req.fromUserID);
    const joins = accept && !getMemberRow(ctx.db, req.groupID, req.fromUserID);
    const v = joins
      ? admit(ctx, group, [req.fromUserID], {
          operator: op.userID,
          inviter: row.inviter_user_id,
          joinSource: row.join_source,
        })
      : undefined;
    const updated = getRequestRow(ctx, req.groupID, req.fromUserID);
    if (!updated) throw new Error('group request vanished');
    const gInfo = info(ctx, req.groupID);
    const base = {
      group: gInfo,
      opUser: operatorInfo(ctx.db, req.groupID, op.userID),
      handleMsg: req.handledMsg,
      uuid: randomUUID(),
      request: groupRequestInfo(ctx.db, updated, gInfo),
    };
    const recipients = [...new Set([req.fromUserID, ...managers(ctx, req.groupID), op.userID])];
    for (const r of recipients) {
      notify(ctx, fx, {
        contentType: accept ? GroupTip.ApplicationAccepted : GroupTip.ApplicationRejected,
        sendID: op.userID,
        recvID: r,
        sessionType: SessionType.Single,
        tips: { ...base, receiverAs: r === req.fromUserID ? 0 : 1 },
        stored: false,
        to: [r],
      });
    }
    if (v === undefined) return;
    // As open-im-server: an application nobody invited the applicant to ends in "member entered" (1510),
    // sent by the approver; only an invitation that needed approval is "member invited" (1509).
    if (row.inviter_user_id === '') memberEnterTip(ctx, fx, req.groupID, op.userID, req.fromUserID, v);
    else memberJoinedTip(ctx, fx, req.groupID, op.userID, [req.fromUserID], v, true);
  });
}

function applicationList(
  ctx: CoreContext,
  where: string,
  params: (string | number)[],
  req: {
    pagination?: Pagination | null | undefined;
    groupIDs: readonly string[];
    handleResults: readonly number[];
  },
) {
  let sql = `FROM group_requests r WHERE ${where}`;
  const args = [...params];
  if (req.groupIDs.length > 0) {
    sql += ` AND r.group_id IN (${req.groupIDs.map(() => '?').join(',')})`;
    args.push(...req.groupIDs);
  }
  if (req.handleResults.length > 0) {
    sql += ` AND r.handle_result IN (${req.handleResults.map(() => '?').join(',')})`;
    args.push(...req.handleResults);
  }
  const { limit, offset } = pageLimits(req.pagination);
  const rows = ctx.db
    .prepare<(string | number)[], GroupRequestRow>(
      `SELECT r.* ${sql} ORDER BY r.req_time DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset);
  const total =
    ctx.db.prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n ${sql}`).get(...args)?.n ?? 0;
  const groups = new Map<string, GroupInfo>();
  const groupRequests = rows.map((r) => {
    let g = groups.get(r.group_id);
    if (!g) {
      g = info(ctx, r.group_id);
      groups.set(r.group_id, g);
    }
    return groupRequestInfo(ctx.db, r, g);
  });
  return { total, groupRequests };
}

const MANAGED = `r.group_id IN (SELECT group_id FROM group_members WHERE user_id = ? AND role_level IN (${RoleLevel.Owner}, ${RoleLevel.Admin}))`;

/** Applications to the groups the user owns or administers. */
export function receivedApplications(
  ctx: CoreContext,
  op: Operator,
  req: {
    fromUserID: string;
    pagination?: Pagination | null | undefined;
    groupIDs: readonly string[];
    handleResults: readonly number[];
  },
) {
  requireSelf(op, req.fromUserID, 'fromUserID');
  return applicationList(ctx, MANAGED, [req.fromUserID], req);
}

export function sentApplications(
  ctx: CoreContext,
  op: Operator,
  req: {
    userID: string;
    pagination?: Pagination | null | undefined;
    groupIDs: readonly string[];
    handleResults: readonly number[];
  },
) {
  requireSelf(op, req.userID, 'userID');
  return applicationList(ctx, 'r.user_id = ?', [req.userID], req);
}

export function unhandledApplicationCount(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  time: number,
): number {
  requireSelf(op, userID, 'userID');
  return (
    ctx.db
      .prepare<[string, number], { n: number }>(
        `SELECT COUNT(*) AS n FROM group_requests r WHERE ${MANAGED} AND r.handle_result = 0 AND r.req_time > ?`,
      )
      .get(userID, time)?.n ?? 0
  );
}

export const isGroupMember = (ctx: CoreContext, groupID: string, userID: string): boolean =>
  isMemberOf(ctx.db, groupID, userID);

export const groupExists = (ctx: CoreContext, groupID: string): boolean => {
  const g = getGroupRow(ctx.db, groupID);
  return g !== undefined && g.status !== GroupStatus.Dismissed;
};
