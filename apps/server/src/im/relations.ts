import { type CoreContext, type Pagination, pageLimits } from './context';
import { ErrCode, ImError, argsError, noPermission, notFound } from './errors';
import { incrementalAnswer } from './incremental';
import type { Operator } from './messages';
import {
  type FriendInfo,
  type FriendRequest,
  type FriendRequestRow,
  type FriendRow,
  friendInfo,
  friendRequest,
  getUser,
} from './models';
import { notify } from './notifications';
import { prep } from './statements';
import { ContentType, SessionType } from './types';
import { CLEARED_ID, Collection, EntryState, SORT_ID, bump, diff, head } from './versions';

export function requireSelf(op: Operator, userID: string, field: string): void {
  if (userID !== op.userID && !op.isAdmin) throw noPermission(`${field} must be the logged-in user`);
}

export function requireUser(ctx: CoreContext, userID: string): void {
  if (!getUser(ctx.db, userID)) throw new ImError(ErrCode.UserIDNotFound, `user ${userID} not found`);
}

export const fromTo = (fromUserID: string, toUserID: string) => ({ fromUserID, toUserID });

export function isFriend(ctx: CoreContext, owner: string, friend: string): boolean {
  return (
    ctx.db
      .prepare('SELECT 1 FROM friends WHERE owner_user_id = ? AND friend_user_id = ?')
      .get(owner, friend) !== undefined
  );
}

export function isBlocked(ctx: CoreContext, owner: string, blocked: string): boolean {
  return (
    ctx.db
      .prepare('SELECT 1 FROM blacks WHERE owner_user_id = ? AND block_user_id = ?')
      .get(owner, blocked) !== undefined
  );
}

function getRequest(ctx: CoreContext, from: string, to: string): FriendRequestRow | undefined {
  return ctx.db
    .prepare<[string, string], FriendRequestRow>(
      'SELECT * FROM friend_requests WHERE from_user_id = ? AND to_user_id = ?',
    )
    .get(from, to);
}

/** Inserts both directions that are missing and bumps both friend logs. Call inside a transaction. */
function makeFriends(
  ctx: CoreContext,
  a: string,
  b: string,
  operator: string,
  addSource: number,
): { a: { versionID: string; version: number }; b: { versionID: string; version: number } } {
  const db = ctx.db;
  const nextOrd = db.prepare<[string], { o: number }>(
    'SELECT COALESCE(MAX(ord), 0) + 1 AS o FROM friends WHERE owner_user_id = ?',
  );
  const ins = db.prepare(
    `INSERT OR IGNORE INTO friends (owner_user_id, friend_user_id, create_time, add_source, operator_user_id, ord)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const result = (owner: string, friend: string) => {
    const res = ins.run(owner, friend, ctx.now(), addSource, operator, nextOrd.get(owner)?.o ?? 1);
    return res.changes > 0
      ? bump(db, Collection.Friends, owner, [{ eId: friend, state: EntryState.Insert }])
      : head(db, Collection.Friends, owner);
  };
  return { a: result(a, b), b: result(b, a) };
}

export function addFriend(
  ctx: CoreContext,
  op: Operator,
  req: { fromUserID: string; toUserID: string; reqMsg: string; ex: string },
): void {
  requireSelf(op, req.fromUserID, 'fromUserID');
  if (req.fromUserID === req.toUserID)
    throw new ImError(ErrCode.CanNotAddYourself, 'you cannot add yourself as a friend');
  requireUser(ctx, req.fromUserID);
  requireUser(ctx, req.toUserID);
  if (isFriend(ctx, req.fromUserID, req.toUserID) && isFriend(ctx, req.toUserID, req.fromUserID)) {
    throw new ImError(ErrCode.RelationshipAlready, 'you are already friends');
  }
  if (isBlocked(ctx, req.toUserID, req.fromUserID))
    throw new ImError(ErrCode.BlockedByPeer, 'BlockedByPeer', 'the user blocked you');
  // The account setting of the chat module (spec: allowAddFriend); 20013 is the chat API's code for it.
  if (ctx.options.acceptsFriendRequests?.(req.toUserID) === false) {
    throw new ImError(ErrCode.RefuseFriend, 'RefuseFriend', 'the user does not accept friend requests');
  }
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        `INSERT INTO friend_requests (from_user_id, to_user_id, req_msg, ex, handle_result, handler_user_id, handle_msg, handle_time, create_time)
         VALUES (?, ?, ?, ?, 0, '', '', 0, ?)
         ON CONFLICT (from_user_id, to_user_id) DO UPDATE SET req_msg = excluded.req_msg, ex = excluded.ex,
           handle_result = 0, handler_user_id = '', handle_msg = '', handle_time = 0, create_time = excluded.create_time`,
      )
      .run(req.fromUserID, req.toUserID, req.reqMsg, req.ex, ctx.now());
    const row = getRequest(ctx, req.fromUserID, req.toUserID);
    if (!row) throw new Error('friend request vanished');
    notify(ctx, fx, {
      contentType: ContentType.FriendApplication,
      sendID: req.fromUserID,
      recvID: req.toUserID,
      sessionType: SessionType.Single,
      tips: { fromToUserID: fromTo(req.fromUserID, req.toUserID), request: friendRequest(ctx.db, row) },
      stored: false,
      to: [req.fromUserID, req.toUserID],
    });
  });
}

export function respondFriendApply(
  ctx: CoreContext,
  op: Operator,
  req: { fromUserID: string; toUserID: string; handleResult: number; handleMsg: string },
): void {
  requireSelf(op, req.toUserID, 'toUserID');
  if (req.handleResult !== 1 && req.handleResult !== -1)
    throw argsError('handleResult must be 1 (accept) or -1 (refuse)');
  const row = getRequest(ctx, req.fromUserID, req.toUserID);
  if (!row) throw notFound('friend request not found');
  if (row.handle_result !== 0) throw argsError('friend request already handled');
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        `UPDATE friend_requests SET handle_result = ?, handler_user_id = ?, handle_msg = ?, handle_time = ?
         WHERE from_user_id = ? AND to_user_id = ?`,
      )
      .run(req.handleResult, req.toUserID, req.handleMsg, ctx.now(), req.fromUserID, req.toUserID);
    const updated = getRequest(ctx, req.fromUserID, req.toUserID);
    if (!updated) throw new Error('friend request vanished');
    const request = friendRequest(ctx.db, updated);
    if (req.handleResult === 1) {
      const v = makeFriends(ctx, req.fromUserID, req.toUserID, req.toUserID, 3);
      notify(ctx, fx, {
        contentType: ContentType.FriendApplicationApproved,
        sendID: req.toUserID,
        recvID: req.fromUserID,
        sessionType: SessionType.Single,
        tips: {
          fromToUserID: fromTo(req.fromUserID, req.toUserID),
          handleMsg: req.handleMsg,
          friendVersion: v.a.version,
          friendVersionID: v.a.versionID,
          request,
        },
        stored: false,
        to: [req.fromUserID, req.toUserID],
        chatCopy: ctx.options.friendAcceptedChatCopy,
      });
    } else {
      notify(ctx, fx, {
        contentType: ContentType.FriendApplicationRejected,
        sendID: req.toUserID,
        recvID: req.fromUserID,
        sessionType: SessionType.Single,
        tips: { fromToUserID: fromTo(req.fromUserID, req.toUserID), handleMsg: req.handleMsg, request },
        stored: false,
        to: [req.fromUserID, req.toUserID],
      });
    }
  });
}

/** Admin import: friends both ways without a request (used by seeding and tests). */
export function importFriends(ctx: CoreContext, ownerUserID: string, friendUserIDs: readonly string[]): void {
  requireUser(ctx, ownerUserID);
  for (const f of friendUserIDs) {
    if (f === ownerUserID)
      throw new ImError(ErrCode.CanNotAddYourself, 'you cannot add yourself as a friend');
    requireUser(ctx, f);
  }
  ctx.tx((fx) => {
    for (const f of new Set(friendUserIDs)) {
      const v = makeFriends(ctx, ownerUserID, f, ownerUserID, 1);
      notify(ctx, fx, {
        contentType: ContentType.FriendApplicationApproved,
        sendID: f,
        recvID: ownerUserID,
        sessionType: SessionType.Single,
        tips: {
          fromToUserID: fromTo(ownerUserID, f),
          handleMsg: '',
          friendVersion: v.a.version,
          friendVersionID: v.a.versionID,
        },
        stored: false,
        to: [ownerUserID, f],
      });
    }
  });
}

export function deleteFriend(
  ctx: CoreContext,
  op: Operator,
  req: { ownerUserID: string; friendUserID: string },
): void {
  requireSelf(op, req.ownerUserID, 'ownerUserID');
  if (!isFriend(ctx, req.ownerUserID, req.friendUserID)) throw notFound('not a friend');
  ctx.tx((fx) => {
    ctx.db
      .prepare('DELETE FROM friends WHERE owner_user_id = ? AND friend_user_id = ?')
      .run(req.ownerUserID, req.friendUserID);
    const v = bump(ctx.db, Collection.Friends, req.ownerUserID, [
      { eId: req.friendUserID, state: EntryState.Delete },
    ]);
    notify(ctx, fx, {
      contentType: ContentType.FriendDeleted,
      sendID: req.ownerUserID,
      recvID: req.friendUserID,
      sessionType: SessionType.Single,
      tips: {
        fromToUserID: fromTo(req.ownerUserID, req.friendUserID),
        friendVersion: v.version,
        friendVersionID: v.versionID,
      },
      stored: false,
      to: [req.ownerUserID, req.friendUserID],
    });
  });
}

export function updateFriends(
  ctx: CoreContext,
  op: Operator,
  req: {
    ownerUserID: string;
    friendUserIDs: readonly string[];
    isPinned?: boolean | null | undefined;
    remark?: string | null | undefined;
    ex?: string | null | undefined;
  },
): void {
  requireSelf(op, req.ownerUserID, 'ownerUserID');
  const ids = [...new Set(req.friendUserIDs)];
  if (ids.length === 0) throw argsError('friendUserIDs must not be empty');
  for (const id of ids) if (!isFriend(ctx, req.ownerUserID, id)) throw notFound(`${id} is not a friend`);
  ctx.tx((fx) => {
    const before = ctx.db.prepare<[string, string], { remark: string; ex: string }>(
      'SELECT remark, ex FROM friends WHERE owner_user_id = ? AND friend_user_id = ?',
    );
    const clears = (id: string): boolean => {
      const row = before.get(req.ownerUserID, id);
      return (req.remark === '' && row?.remark !== '') || (req.ex === '' && row?.ex !== '');
    };
    const cleared = ids.some(clears);
    const upd = ctx.db.prepare(
      `UPDATE friends SET is_pinned = COALESCE(?, is_pinned), remark = COALESCE(?, remark), ex = COALESCE(?, ex)
       WHERE owner_user_id = ? AND friend_user_id = ?`,
    );
    for (const id of ids) {
      upd.run(
        (req.isPinned ?? null) === null ? null : req.isPinned ? 1 : 0,
        req.remark ?? null,
        req.ex ?? null,
        req.ownerUserID,
        id,
      );
    }
    const changes: { eId: string; state: typeof EntryState.Update }[] = ids.map((eId) => ({
      eId,
      state: EntryState.Update,
    }));
    if ((req.isPinned ?? null) !== null) changes.push({ eId: SORT_ID, state: EntryState.Update });
    if (cleared) changes.push({ eId: CLEARED_ID, state: EntryState.Update });
    const v = bump(ctx.db, Collection.Friends, req.ownerUserID, changes);
    notify(ctx, fx, {
      contentType: ContentType.FriendsInfoUpdate,
      sendID: req.ownerUserID,
      recvID: req.ownerUserID,
      sessionType: SessionType.Single,
      tips: {
        fromToUserID: fromTo(req.ownerUserID, req.ownerUserID),
        friendIDs: ids,
        friendVersion: v.version,
        friendVersionID: v.versionID,
      },
      stored: false,
      to: [req.ownerUserID],
    });
  });
}

const friendOrder = 'ORDER BY is_pinned DESC, ord ASC';

export function getFriendList(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  p: Pagination | null | undefined,
): { friendsInfo: FriendInfo[]; total: number } {
  requireSelf(op, userID, 'userID');
  const { limit, offset } = pageLimits(p);
  const rows = prep<[string, number, number], FriendRow>(
    ctx.db,
    `SELECT * FROM friends WHERE owner_user_id = (SELECT ?) ${friendOrder} LIMIT (SELECT ?) OFFSET (SELECT ?)`,
  ).all(userID, limit, offset);
  const total =
    prep<[string], { n: number }>(ctx.db, 'SELECT COUNT(*) AS n FROM friends WHERE owner_user_id = ?').get(
      userID,
    )?.n ?? 0;
  return { friendsInfo: rows.map((r) => friendInfo(ctx.db, r)), total };
}

export function getDesignatedFriends(
  ctx: CoreContext,
  op: Operator,
  ownerUserID: string,
  friendUserIDs: readonly string[],
): FriendInfo[] {
  requireSelf(op, ownerUserID, 'ownerUserID');
  const stmt = ctx.db.prepare<[string, string], FriendRow>(
    'SELECT * FROM friends WHERE owner_user_id = ? AND friend_user_id = ?',
  );
  const out: FriendInfo[] = [];
  for (const id of new Set(friendUserIDs)) {
    const r = stmt.get(ownerUserID, id);
    if (r) out.push(friendInfo(ctx.db, r));
  }
  return out;
}

export function getFullFriendIDs(ctx: CoreContext, op: Operator, userID: string) {
  requireSelf(op, userID, 'userID');
  const h = head(ctx.db, Collection.Friends, userID);
  const userIDs = ctx.db
    .prepare<[string], { friend_user_id: string }>(
      `SELECT friend_user_id FROM friends WHERE owner_user_id = ? ${friendOrder}`,
    )
    .all(userID)
    .map((r) => r.friend_user_id);
  return { version: h.version, versionID: h.versionID, equal: false, userIDs };
}

export function getIncrementalFriends(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; versionID: string; version: number },
) {
  requireSelf(op, req.userID, 'userID');
  const d = diff(ctx.db, Collection.Friends, req.userID, req.versionID, req.version);
  return incrementalAnswer(d, (ids) => getDesignatedFriends(ctx, op, req.userID, ids));
}

type ApplyListKind = 'to' | 'from';

export function getFriendApplyList(
  ctx: CoreContext,
  op: Operator,
  kind: ApplyListKind,
  req: {
    userID: string;
    pagination?: Pagination | null | undefined;
    handleResults?: readonly number[] | null | undefined;
  },
): { requests: FriendRequest[]; total: number } {
  requireSelf(op, req.userID, 'userID');
  const col = kind === 'to' ? 'to_user_id' : 'from_user_id';
  const results = req.handleResults && req.handleResults.length > 0 ? req.handleResults : null;
  const filter = results ? `AND handle_result IN (${results.map(() => '?').join(',')})` : '';
  const params: (string | number)[] = [req.userID, ...(results ?? [])];
  const { limit, offset } = pageLimits(req.pagination);
  const rows = ctx.db
    .prepare<(string | number)[], FriendRequestRow>(
      `SELECT * FROM friend_requests WHERE ${col} = ? ${filter} ORDER BY create_time DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, limit, offset);
  const total =
    ctx.db
      .prepare<(string | number)[], { n: number }>(
        `SELECT COUNT(*) AS n FROM friend_requests WHERE ${col} = ? ${filter}`,
      )
      .get(...params)?.n ?? 0;
  return { requests: rows.map((r) => friendRequest(ctx.db, r)), total };
}

export function unhandledApplyCount(ctx: CoreContext, op: Operator, userID: string, time: number): number {
  requireSelf(op, userID, 'userID');
  return (
    ctx.db
      .prepare<[string, number], { n: number }>(
        'SELECT COUNT(*) AS n FROM friend_requests WHERE to_user_id = ? AND handle_result = 0 AND create_time > ?',
      )
      .get(userID, time)?.n ?? 0
  );
}
