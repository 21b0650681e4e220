import type { Db } from '../db/database';
import { prep } from './statements';
import { ErrCode, ImError } from './errors';
import { getUserOrStub, publicUserInfo } from './models';

/** Group rows and their proto-JSON renderings (sdkws.GroupInfo, GroupMemberFullInfo, GroupRequest). */
export const RoleLevel = { Owner: 100, Admin: 60, Member: 20 } as const;
export const GroupStatus = { Ok: 0, Dismissed: 2, Muted: 3 } as const;
/** `needVerification`: 0 applications need approval, members' invitations do not; 1 everything needs approval; 2 anyone joins directly. */
export const Verification = { ApplyNeedInviteNot: 0, AllNeed: 1, Directly: 2 } as const;
export const JoinSource = { Invitation: 2, Search: 3, QRCode: 4 } as const;
/** The only group type the SDK accepts (WorkingGroup). */
export const WORKING_GROUP = 2;

export interface GroupRow {
  group_id: string;
  group_name: string;
  notification: string;
  introduction: string;
  face_url: string;
  ex: string;
  status: number;
  creator_user_id: string;
  group_type: number;
  need_verification: number;
  look_member_info: number;
  apply_member_friend: number;
  notification_update_time: number;
  notification_user_id: string;
  create_time: number;
}

export interface MemberRow {
  group_id: string;
  user_id: string;
  role_level: number;
  join_time: number;
  nickname: string;
  face_url: string;
  join_source: number;
  operator_user_id: string;
  inviter_user_id: string;
  ex: string;
  mute_end_time: number;
}

export interface GroupRequestRow {
  group_id: string;
  user_id: string;
  req_msg: string;
  handle_result: number;
  handle_msg: string;
  handle_user_id: string;
  handle_time: number;
  join_source: number;
  inviter_user_id: string;
  ex: string;
  req_time: number;
}

export interface GroupInfo {
  groupID: string;
  groupName: string;
  notification: string;
  introduction: string;
  faceURL: string;
  ownerUserID: string;
  createTime: number;
  memberCount: number;
  ex: string;
  status: number;
  creatorUserID: string;
  groupType: number;
  needVerification: number;
  lookMemberInfo: number;
  applyMemberFriend: number;
  notificationUpdateTime: number;
  notificationUserID: string;
}

export interface GroupMemberInfo {
  groupID: string;
  userID: string;
  roleLevel: number;
  joinTime: number;
  nickname: string;
  faceURL: string;
  appMangerLevel: number;
  joinSource: number;
  operatorUserID: string;
  ex: string;
  muteEndTime: number;
  inviterUserID: string;
}

/** Display order of members: owner, admins, members, each by join order. */
export const MEMBER_ORDER = 'ORDER BY role_level DESC, join_time, rowid';

export function getGroupRow(db: Db, groupID: string): GroupRow | undefined {
  return prep<[string], GroupRow>(db, 'SELECT * FROM groups WHERE group_id = ?').get(groupID);
}

export function getMemberRow(db: Db, groupID: string, userID: string): MemberRow | undefined {
  return prep<[string, string], MemberRow>(
    db,
    'SELECT * FROM group_members WHERE group_id = ? AND user_id = ?',
  ).get(groupID, userID);
}

export function memberRows(db: Db, groupID: string): MemberRow[] {
  return prep<[string], MemberRow>(
    db,
    `SELECT * FROM group_members WHERE group_id = (SELECT ?) ${MEMBER_ORDER}`,
  ).all(groupID);
}

/**
 * One page of a group's members whose role is one of `roles`, in member order, and how many there are in
 * all; `limit` below 0 for every one. The SDK pages through each group it syncs: a page read reads its
 * rows only.
 */
export function memberRowsPage(
  db: Db,
  groupID: string,
  roles: readonly number[],
  limit: number,
  offset: number,
): { total: number; rows: MemberRow[] } {
  // Every role (the SDK's filter) needs no role condition, which lets the page come straight from the index.
  const all = [RoleLevel.Owner, RoleLevel.Admin, RoleLevel.Member].every((r) => roles.includes(r));
  const where = all ? '' : 'AND role_level IN (SELECT value FROM json_each(?))';
  const args: string[] = all ? [groupID] : [groupID, JSON.stringify(roles)];
  const total =
    prep<string[], { n: number }>(
      db,
      `SELECT COUNT(*) AS n FROM group_members WHERE group_id = ? ${where}`,
    ).get(...args)?.n ?? 0;
  const rows = prep<(string | number)[], MemberRow>(
    db,
    `SELECT * FROM group_members WHERE group_id = (SELECT ?) ${where} ${MEMBER_ORDER} LIMIT (SELECT ?) OFFSET (SELECT ?)`,
  ).all(...args, limit < 0 ? -1 : limit, limit < 0 ? 0 : offset);
  return { total, rows };
}

export function memberIDs(db: Db, groupID: string): string[] {
  return prep<[string], { user_id: string }>(
    db,
    `SELECT user_id FROM group_members WHERE group_id = (SELECT ?) ${MEMBER_ORDER}`,
  )
    .all(groupID)
    .map((r) => r.user_id);
}

export function groupInfo(db: Db, r: GroupRow): GroupInfo {
  const owner = prep<[string, number], { user_id: string }>(
    db,
    'SELECT user_id FROM group_members WHERE group_id = ? AND role_level = ? LIMIT 1',
  ).get(r.group_id, RoleLevel.Owner);
  const count =
    prep<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM group_members WHERE group_id = ?').get(
      r.group_id,
    )?.n ?? 0;
  return {
    groupID: r.group_id,
    groupName: r.group_name,
    notification: r.notification,
    introduction: r.introduction,
    faceURL: r.face_url,
    ownerUserID: owner?.user_id ?? '',
    createTime: r.create_time,
    memberCount: count,
    ex: r.ex,
    status: r.status,
    creatorUserID: r.creator_user_id,
    groupType: r.group_type,
    needVerification: r.need_verification,
    lookMemberInfo: r.look_member_info,
    applyMemberFriend: r.apply_member_friend,
    notificationUpdateTime: r.notification_update_time,
    notificationUserID: r.notification_user_id,
  };
}

/** An empty nickname or face falls back to the user's profile, as the reference server does. */
export function memberInfo(db: Db, r: MemberRow): GroupMemberInfo {
  const needsUser = r.nickname === '' || r.face_url === '';
  const user = needsUser ? getUserOrStub(db, r.user_id) : undefined;
  return {
    groupID: r.group_id,
    userID: r.user_id,
    roleLevel: r.role_level,
    joinTime: r.join_time,
    nickname: r.nickname || (user?.nickname ?? ''),
    faceURL: r.face_url || (user?.faceURL ?? ''),
    appMangerLevel: 0,
    joinSource: r.join_source,
    operatorUserID: r.operator_user_id,
    ex: r.ex,
    muteEndTime: r.mute_end_time,
    inviterUserID: r.inviter_user_id,
  };
}

/** A member-shaped stand-in for an operator who is not (or no longer) a member, e.g. an app admin. */
export function operatorInfo(db: Db, groupID: string, userID: string): GroupMemberInfo {
  const row = getMemberRow(db, groupID, userID);
  if (row) return memberInfo(db, row);
  const u = getUserOrStub(db, userID);
  return {
    groupID,
    userID,
    roleLevel: 0,
    joinTime: 0,
    nickname: u.nickname,
    faceURL: u.faceURL,
    appMangerLevel: 0,
    joinSource: 0,
    operatorUserID: '',
    ex: '',
    muteEndTime: 0,
    inviterUserID: '',
  };
}

export function groupRequestInfo(db: Db, r: GroupRequestRow, group: GroupInfo) {
  return {
    userInfo: publicUserInfo(getUserOrStub(db, r.user_id)),
    groupInfo: group,
    handleResult: r.handle_result,
    reqMsg: r.req_msg,
    handleMsg: r.handle_msg,
    reqTime: r.req_time,
    handleUserID: r.handle_user_id,
    handleTime: r.handle_time,
    ex: r.ex,
    joinSource: r.join_source,
    inviterUserID: r.inviter_user_id,
  };
}

/** The group, or 1201 when it does not exist. */
export function requireGroup(db: Db, groupID: string): GroupRow {
  const g = getGroupRow(db, groupID);
  if (!g) throw new ImError(ErrCode.GroupIDNotFound, `group ${groupID} not found`);
  return g;
}

/** The group, refusing unknown (1201) and dismissed (1204) groups. */
export function requireLiveGroup(db: Db, groupID: string): GroupRow {
  const g = requireGroup(db, groupID);
  if (g.status === GroupStatus.Dismissed)
    throw new ImError(ErrCode.DismissedAlready, `group ${groupID} was dismissed`);
  return g;
}

export const isManager = (m: MemberRow | undefined): boolean =>
  m !== undefined && (m.role_level === RoleLevel.Owner || m.role_level === RoleLevel.Admin);

export const isGroupMember = (db: Db, groupID: string, userID: string): boolean =>
  getMemberRow(db, groupID, userID) !== undefined;
