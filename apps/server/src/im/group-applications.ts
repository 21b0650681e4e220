/** Join requests: applying (or joining directly), answering applications, and the application lists. */
import { randomUUID } from 'node:crypto';
import { type CoreContext, type Effects, pageLimits, type Pagination } from './context';
import { argsError, ErrCode, ImError, notFound } from './errors';
import {
  getMemberRow,
  type GroupInfo,
  groupInfo,
  groupRequestInfo,
  type GroupRequestRow,
  type GroupRow,
  JoinSource,
  operatorInfo,
  requireLiveGroup,
  RoleLevel,
  Verification,
} from './group-models';
import type { Operator } from './messages';
import { getUserOrStub, publicUserInfo } from './models';
import { notify } from './notifications';
import { SessionType } from './types';
import { managers, requireManager, requireSelf } from './group-access';
import { admit } from './group-members';
import { GroupTip, info, memberEnterTip, memberJoinedTip } from './group-tips';

function getRequestRow(ctx: CoreContext, groupID: string, userID: string): GroupRequestRow | undefined {
  return ctx.db
    .prepare<[string, string], GroupRequestRow>(
      'SELECT * FROM group_requests WHERE group_id = ? AND user_id = ?',
    )
    .get(groupID, userID);
}

/** Stores (or renews) an application and tells the owner, the admins and the applicant (1503). */
export function storeApplication(
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
