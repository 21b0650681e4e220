import { type CoreContext, type Pagination, pageLimits } from './context';
import { argsError } from './errors';
import type { Operator } from './messages';
import { type BlackRow, blackInfo } from './models';
import { notify } from './notifications';
import { fromTo, isBlocked, requireSelf, requireUser } from './relations';
import { ContentType, SessionType } from './types';

/** The blacklist: blocking and unblocking (told to the owner's devices only) and the owner's list. */
export function addBlack(
  ctx: CoreContext,
  op: Operator,
  req: { ownerUserID: string; blackUserID: string; ex: string },
): void {
  requireSelf(op, req.ownerUserID, 'ownerUserID');
  if (req.ownerUserID === req.blackUserID) throw argsError('you cannot block yourself');
  requireUser(ctx, req.blackUserID);
  if (isBlocked(ctx, req.ownerUserID, req.blackUserID)) return;
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        'INSERT INTO blacks (owner_user_id, block_user_id, create_time, operator_user_id, ex) VALUES (?, ?, ?, ?, ?)',
      )
      .run(req.ownerUserID, req.blackUserID, ctx.now(), op.userID, req.ex);
    notify(ctx, fx, {
      contentType: ContentType.BlackAdded,
      sendID: req.ownerUserID,
      recvID: req.blackUserID,
      sessionType: SessionType.Single,
      tips: { fromToUserID: fromTo(req.ownerUserID, req.blackUserID) },
      stored: false,
      // Only the owner's devices: telling the blocked user would leak the block.
      to: [req.ownerUserID],
      // The calling device syncs its blacklist itself, unserialized with notification handling:
      // a second concurrent sync would insert the same row twice (SDK UNIQUE constraint error).
      exceptCaller: { userID: op.userID, platformID: op.platformID },
    });
  });
}

export function removeBlack(
  ctx: CoreContext,
  op: Operator,
  req: { ownerUserID: string; blackUserID: string },
): void {
  requireSelf(op, req.ownerUserID, 'ownerUserID');
  // Idempotent, as in open-im-server: a client retrying after a lost answer must end unblocked, not in 1004.
  if (!isBlocked(ctx, req.ownerUserID, req.blackUserID)) return;
  ctx.tx((fx) => {
    ctx.db
      .prepare('DELETE FROM blacks WHERE owner_user_id = ? AND block_user_id = ?')
      .run(req.ownerUserID, req.blackUserID);
    notify(ctx, fx, {
      contentType: ContentType.BlackDeleted,
      sendID: req.ownerUserID,
      recvID: req.blackUserID,
      sessionType: SessionType.Single,
      tips: { fromToUserID: fromTo(req.ownerUserID, req.blackUserID) },
      stored: false,
      to: [req.ownerUserID],
    });
  });
}

export function getBlackList(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  p: Pagination | null | undefined,
) {
  requireSelf(op, userID, 'userID');
  const { limit, offset } = pageLimits(p);
  const rows = ctx.db
    .prepare<[string, number, number], BlackRow>(
      'SELECT * FROM blacks WHERE owner_user_id = ? ORDER BY create_time, rowid LIMIT ? OFFSET ?',
    )
    .all(userID, limit, offset);
  const total =
    ctx.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM blacks WHERE owner_user_id = ?')
      .get(userID)?.n ?? 0;
  return { blacks: rows.map((r) => blackInfo(ctx.db, r)), total };
}
