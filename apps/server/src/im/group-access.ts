/** Who may do what in a group: the caller's own identity, existing users, membership, rank, managers. */
import type { CoreContext } from './context';
import { argsError, ErrCode, ImError, noPermission } from './errors';
import { getMemberRow, isManager, MEMBER_ORDER, type MemberRow, RoleLevel } from './group-models';
import type { Operator } from './messages';
import { getUser } from './models';

export const MAX_MEMBERS_PER_CALL = 1000;

export function requireSelf(op: Operator, userID: string, field: string): void {
  if (userID !== op.userID && !op.isAdmin) throw noPermission(`${field} must be the logged-in user`);
}

export function requireUsers(ctx: CoreContext, userIDs: readonly string[]): void {
  for (const u of userIDs)
    if (!getUser(ctx.db, u)) throw new ImError(ErrCode.UserIDNotFound, `user ${u} not found`);
}

export function requireDistinct(ids: readonly string[], field: string): void {
  if (new Set(ids).size !== ids.length) throw argsError(`${field} contains duplicates`);
}

/** How much say the operator has: app admins above the owner, non-members nothing. */
export function rank(op: Operator, member: MemberRow | undefined): number {
  if (op.isAdmin) return RoleLevel.Owner + 1;
  return member?.role_level ?? 0;
}

/** The operator's membership; non-members get 1203 (app admins pass with `undefined`). */
export function requireOperatorMember(
  ctx: CoreContext,
  op: Operator,
  groupID: string,
): MemberRow | undefined {
  const m = getMemberRow(ctx.db, groupID, op.userID);
  if (!m && !op.isAdmin) throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', 'you are not a member');
  return m;
}

export function requireManager(ctx: CoreContext, op: Operator, groupID: string): MemberRow | undefined {
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

export function requireMember(ctx: CoreContext, groupID: string, userID: string): MemberRow {
  const m = getMemberRow(ctx.db, groupID, userID);
  if (!m) throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', `${userID} is not a member`);
  return m;
}

export function managers(ctx: CoreContext, groupID: string): string[] {
  return ctx.db
    .prepare<[string, number, number], { user_id: string }>(
      `SELECT user_id FROM group_members WHERE group_id = ? AND role_level IN (?, ?) ${MEMBER_ORDER}`,
    )
    .all(groupID, RoleLevel.Owner, RoleLevel.Admin)
    .map((r) => r.user_id);
}
