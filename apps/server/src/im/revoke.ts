/** Revoking a message for everyone, deleting messages for oneself, clearing conversations. */
import { prep } from './statements';
import type { CoreContext } from './context';
import { argsError, ErrCode, ImError, noPermission, notFound } from './errors';
import { getMemberRow, memberIDs, RoleLevel } from './group-models';
import { getUserOrStub } from './models';
import { ContentType, MsgFrom, SessionType } from './types';
import { bump, Collection, EntryState } from './versions';
import { conversationMaxSeq, type MsgRow, type RevokeMark } from './message-rows';
import { type NotifyFn, type Operator, requireOwnConversation } from './messages';

export function revokeMessage(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; seq: number; userID: string },
): void {
  const db = ctx.db;
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  const row = prep<[string, number], MsgRow>(
    db,
    'SELECT * FROM messages WHERE conversation_id = ? AND seq = ?',
  ).get(req.conversationID, req.seq);
  if (!row) throw notFound('message not found');
  if (row.revoked !== null)
    throw new ImError(ErrCode.MsgAlreadyRevoke, 'MsgAlreadyRevoke', 'message already revoked');
  if (row.msg_from === MsgFrom.System || (row.content_type >= 1000 && row.content_type <= 5000)) {
    throw argsError('notifications cannot be revoked');
  }
  if (rec.conversation_type === SessionType.Single && row.send_id !== req.userID) {
    throw noPermission('only the sender can revoke a one-to-one message');
  }
  let revokerRole = 0;
  if (rec.conversation_type === SessionType.Group) {
    // The sender while a member; the owner anything; an admin ordinary members' messages.
    const me = getMemberRow(db, rec.group_id, req.userID);
    if (!me && !op.isAdmin) throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', 'you are not a member');
    revokerRole = me?.role_level ?? 0;
    if (row.send_id !== req.userID && !op.isAdmin) {
      const senderRole = getMemberRow(db, rec.group_id, row.send_id)?.role_level ?? RoleLevel.Member;
      if (revokerRole < RoleLevel.Admin || revokerRole <= senderRole)
        throw noPermission("only the owner or an admin may revoke another member's message");
    }
  }
  const revoker = getUserOrStub(db, req.userID);
  const now = ctx.now();
  const mark: RevokeMark = {
    revokerID: req.userID,
    revokerRole,
    revokerNickname: revoker.nickname,
    revokeTime: now,
  };
  ctx.tx((fx) => {
    prep(db, 'UPDATE messages SET revoked = ? WHERE conversation_id = ? AND seq = ?').run(
      JSON.stringify(mark),
      req.conversationID,
      req.seq,
    );
    const isGroup = rec.conversation_type === SessionType.Group;
    const recipients = isGroup ? memberIDs(db, rec.group_id) : [row.send_id, row.recv_id];
    notify(fx, {
      contentType: ContentType.Revoke,
      sendID: req.userID,
      recvID: isGroup ? rec.group_id : row.recv_id,
      groupID: isGroup ? rec.group_id : '',
      sessionType: row.session_type,
      tips: {
        revokerUserID: req.userID,
        clientMsgID: row.client_msg_id,
        revokeTime: now,
        sesstionType: row.session_type,
        seq: row.seq,
        conversationID: req.conversationID,
        isAdminRevoke: false,
      },
      stored: true,
      to: [...new Set(recipients)],
    });
  });
}

export function deleteMessages(
  ctx: CoreContext,
  op: Operator,
  req: { conversationID: string; seqs: readonly number[]; userID: string },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  if (req.seqs.length === 0) throw argsError('seqs must not be empty');
  const { maxSeq } = conversationMaxSeq(ctx.db, rec.conversation_id);
  ctx.tx(() => {
    const ins = prep(
      ctx.db,
      'INSERT OR IGNORE INTO message_deletes (user_id, conversation_id, seq) VALUES (?, ?, ?)',
    );
    for (const s of req.seqs.slice(0, 10_000))
      if (s > 0 && s <= maxSeq) ins.run(req.userID, rec.conversation_id, s);
  });
}

export function clearConversations(
  ctx: CoreContext,
  op: Operator,
  req: { conversationIDs: readonly string[]; userID: string },
): void {
  if (req.userID !== op.userID && !op.isAdmin) throw noPermission('userID must be the logged-in user');
  const db = ctx.db;
  let ids = req.conversationIDs;
  if (ids.length === 0) {
    ids = prep<[string], { conversation_id: string }>(
      db,
      'SELECT conversation_id FROM conversations WHERE owner_user_id = ?',
    )
      .all(req.userID)
      .map((r) => r.conversation_id);
  }
  const recs = ids.map((id) => requireOwnConversation(ctx, op, req.userID, id));
  ctx.tx(() => {
    const changed: { eId: string; state: typeof EntryState.Update }[] = [];
    for (const rec of recs) {
      const { maxSeq } = conversationMaxSeq(db, rec.conversation_id);
      prep(
        db,
        'UPDATE conversations SET min_seq = ?, has_read_seq = MAX(has_read_seq, ?) WHERE owner_user_id = ? AND conversation_id = ?',
      ).run(maxSeq + 1, maxSeq, req.userID, rec.conversation_id);
      changed.push({ eId: rec.conversation_id, state: EntryState.Update });
    }
    if (changed.length > 0) bump(db, Collection.Conversations, req.userID, changed);
  });
}
