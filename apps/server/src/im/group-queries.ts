/** Group reads: group cards, joined groups, members, and the incremental syncs of both version logs. */
import { type CoreContext, pageLimits, type Pagination } from './context';
import { argsError } from './errors';
import {
  getGroupRow,
  getMemberRow,
  type GroupInfo,
  groupInfo,
  type GroupMemberInfo,
  type GroupRow,
  GroupStatus,
  isGroupMember as isMemberOf,
  memberIDs,
  memberInfo,
  memberRows,
  memberRowsPage,
  requireGroup,
  RoleLevel,
} from './group-models';
import { incrementalAnswer } from './incremental';
import type { Operator } from './messages';
import { prep } from './statements';
import { Collection, diff, entryVersion, head } from './versions';
import { requireMemberListAccess, requireSelf } from './group-access';

export function getGroupsInfo(ctx: CoreContext, groupIDs: readonly string[]): GroupInfo[] {
  const out: GroupInfo[] = [];
  for (const id of new Set(groupIDs)) {
    const g = getGroupRow(ctx.db, id);
    if (g) out.push(groupInfo(ctx.db, g));
  }
  return out;
}

const JOINED = `SELECT g.* FROM groups g JOIN group_members m ON m.group_id = g.group_id
  WHERE m.user_id = (SELECT ?) ORDER BY m.join_time, m.rowid`;

export function getJoinedGroupList(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  p: Pagination | null | undefined,
): { total: number; groups: GroupInfo[] } {
  requireSelf(op, userID, 'fromUserID');
  const { limit, offset } = pageLimits(p);
  const rows = prep<[string, number, number], GroupRow>(
    ctx.db,
    `${JOINED} LIMIT (SELECT ?) OFFSET (SELECT ?)`,
  ).all(userID, limit, offset);
  const total =
    prep<[string], { n: number }>(ctx.db, 'SELECT COUNT(*) AS n FROM group_members WHERE user_id = ?').get(
      userID,
    )?.n ?? 0;
  return { total, groups: rows.map((r) => groupInfo(ctx.db, r)) };
}

export function getFullJoinGroupIDs(ctx: CoreContext, op: Operator, userID: string) {
  requireSelf(op, userID, 'userID');
  const h = head(ctx.db, Collection.JoinGroups, userID);
  const groupIDs = prep<[string], GroupRow>(ctx.db, JOINED)
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
  joinSyncsOf(ctx).set(deviceKey(op), d.version);
  return incrementalAnswer(d, (ids) => getGroupsInfo(ctx, ids));
}

/** Per device (user and platform): the joined-groups log version its latest joined-groups sync was answered at. */
const joinSyncs = new WeakMap<CoreContext, Map<string, number>>();
const deviceKey = (op: Operator) => `${op.userID}/${op.platformID}`;

function joinSyncsOf(ctx: CoreContext): Map<string, number> {
  let map = joinSyncs.get(ctx);
  if (!map) joinSyncs.set(ctx, (map = new Map<string, number>()));
  return map;
}

/** Whether the group changed in the caller's joined-groups log after this device's latest joined-groups sync. */
function changedSinceJoinSync(ctx: CoreContext, op: Operator, groupID: string): boolean {
  const synced = joinSyncsOf(ctx).get(deviceKey(op));
  return synced !== undefined && entryVersion(ctx.db, Collection.JoinGroups, op.userID, groupID) > synced;
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

/** Up to this many members, a device may get them all as inserts (see memberSyncAnswer). */
const MAX_SNAPSHOT_MEMBERS = 1000;

type MemberSyncReq = { groupID: string; versionID: string; version: number };

export function getIncrementalGroupMembers(ctx: CoreContext, op: Operator, req: MemberSyncReq) {
  requireMemberListAccess(ctx, op, req.groupID);
  return memberSyncAnswer(ctx, op, req);
}

function memberSyncAnswer(ctx: CoreContext, op: Operator, req: MemberSyncReq) {
  const g = getGroupRow(ctx.db, req.groupID);
  const group = g ? groupInfo(ctx.db, g) : null;
  // The SDK syncs joined groups first and their members second, and drops the group of a `full` member
  // answer. A group changed between the two steps of a first sync (empty versionID) would keep its old info
  // for good: the change's tip carries a version no newer than the one the full answer stores, so the SDK
  // ignores it too. Such a device gets every member as an insert, with the group, instead. Only then: the
  // SDK reports inserts as OnGroupMemberAdded, which a full sync does not. It has no members of the group
  // (the SDK deletes them with the log when it leaves), so inserts are all it needs.
  if (
    req.versionID === '' &&
    group &&
    group.memberCount <= MAX_SNAPSHOT_MEMBERS &&
    changedSinceJoinSync(ctx, op, req.groupID)
  ) {
    const h = head(ctx.db, Collection.GroupMembers, req.groupID);
    const members = memberRows(ctx.db, req.groupID).map((m) => memberInfo(ctx.db, m));
    // In the order of get_full_group_member_user_ids, which the SDK would otherwise fetch after a full answer.
    return { ...h, full: false, delete: [], insert: members, update: [], sortVersion: 0, group };
  }
  const d = diff(ctx.db, Collection.GroupMembers, req.groupID, req.versionID, req.version);
  const answer = incrementalAnswer(d, (ids) => getMembersInfo(ctx, req.groupID, ids));
  return { ...answer, group: d.full || d.groupChanged ? group : null };
}

/** Groups the caller is not (or no longer) a member of are left out; the SDK then stops asking for them. */
export function getIncrementalGroupMembersBatch(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; reqList: readonly MemberSyncReq[] },
) {
  requireSelf(op, req.userID, 'userID');
  const respList: Record<string, ReturnType<typeof memberSyncAnswer>> = {};
  for (const r of req.reqList)
    if (op.isAdmin || getMemberRow(ctx.db, r.groupID, op.userID))
      respList[r.groupID] = memberSyncAnswer(ctx, op, r);
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
  const { limit, offset } = pageLimits(req.pagination);
  if (req.keyword) {
    const members = memberRows(ctx.db, req.groupID)
      .filter((m) => roles.includes(m.role_level))
      .map((m) => memberInfo(ctx.db, m))
      .filter((m) => m.userID === req.keyword || m.nickname.includes(req.keyword));
    return { total: members.length, members: limit < 0 ? members : members.slice(offset, offset + limit) };
  }
  const { total, rows } = memberRowsPage(ctx.db, req.groupID, roles, limit, offset);
  return { total, members: rows.map((m) => memberInfo(ctx.db, m)) };
}

// ---- membership changes ---------------------------------------------------------------------------

export const isGroupMember = (ctx: CoreContext, groupID: string, userID: string): boolean =>
  isMemberOf(ctx.db, groupID, userID);

export const groupExists = (ctx: CoreContext, groupID: string): boolean => {
  const g = getGroupRow(ctx.db, groupID);
  return g !== undefined && g.status !== GroupStatus.Dismissed;
};
