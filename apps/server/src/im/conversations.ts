import { type CoreContext, type Pagination, groupConversationID, pageLimits } from './context';
import { ErrCode, ImError, argsError, noPermission } from './errors';
import { isGroupMember } from './group-models';
import { incrementalAnswer } from './incremental';
import type { Operator } from './messages';
import {
  type ConversationInfo,
  type ConversationRow,
  conversationInfo,
  getConversationRow,
  getUser,
} from './models';
import { notify } from './notifications';
import { ContentType, SessionType } from './types';
import { Collection, EntryState, bump, diff, head } from './versions';

function requireSelf(op: Operator, userID: string, field: string): void {
  if (userID !== op.userID && !op.isAdmin) throw noPermission(`${field} must be the logged-in user`);
}

const ORDER = 'ORDER BY is_pinned DESC, create_time, rowid';

export function getOwnerConversations(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  p: Pagination | null | undefined,
) {
  requireSelf(op, userID, 'userID');
  const { limit, offset } = pageLimits(p);
  const rows = ctx.db
    .prepare<[string, number, number], ConversationRow>(
      `SELECT * FROM conversations WHERE owner_user_id = ? ${ORDER} LIMIT ? OFFSET ?`,
    )
    .all(userID, limit, offset);
  const total =
    ctx.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM conversations WHERE owner_user_id = ?')
      .get(userID)?.n ?? 0;
  return { total, conversations: rows.map(conversationInfo) };
}

export function getConversations(
  ctx: CoreContext,
  op: Operator,
  owner: string,
  ids: readonly string[],
): ConversationInfo[] {
  requireSelf(op, owner, 'ownerUserID');
  const out: ConversationInfo[] = [];
  for (const id of new Set(ids)) {
    const r = getConversationRow(ctx.db, owner, id);
    if (r) out.push(conversationInfo(r));
  }
  return out;
}

export function getFullConversationIDs(ctx: CoreContext, op: Operator, userID: string) {
  requireSelf(op, userID, 'userID');
  const h = head(ctx.db, Collection.Conversations, userID);
  const conversationIDs = ctx.db
    .prepare<[string], { conversation_id: string }>(
      `SELECT conversation_id FROM conversations WHERE owner_user_id = ? ${ORDER}`,
    )
    .all(userID)
    .map((r) => r.conversation_id);
  return { version: h.version, versionID: h.versionID, equal: false, conversationIDs };
}

export function getIncrementalConversations(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; versionID: string; version: number },
) {
  requireSelf(op, req.userID, 'userID');
  const d = diff(ctx.db, Collection.Conversations, req.userID, req.versionID, req.version);
  // The conversation answer has no sortVersion field; the SDK ignores the extra 0.
  return incrementalAnswer(d, (ids) => getConversations(ctx, op, req.userID, ids));
}

export interface ConversationPatch {
  conversationID: string;
  conversationType: number;
  userID: string;
  groupID: string;
  recvMsgOpt?: number | null | undefined;
  isPinned?: boolean | null | undefined;
  attachedInfo?: string | null | undefined;
  isPrivateChat?: boolean | null | undefined;
  ex?: string | null | undefined;
  burnDuration?: number | null | undefined;
  groupAtType?: number | null | undefined;
  msgDestructTime?: number | null | undefined;
  isMsgDestruct?: boolean | null | undefined;
}

const b = (v: boolean | null | undefined): number | null => ((v ?? null) === null ? null : v ? 1 : 0);

/**
 * `set_conversations`: upserts each owner's record (null fields unchanged), bumps their
 * conversation logs and sends 1300 so their other devices sync.
 */
export function setConversations(
  ctx: CoreContext,
  op: Operator,
  userIDs: readonly string[],
  c: ConversationPatch,
): void {
  if (userIDs.length === 0) throw argsError('userIDs must not be empty');
  for (const u of userIDs) requireSelf(op, u, 'userIDs');
  if (c.recvMsgOpt !== null && c.recvMsgOpt !== undefined && ![0, 1, 2].includes(c.recvMsgOpt))
    throw argsError('recvMsgOpt must be 0, 1 or 2');
  if (c.conversationType === SessionType.Group) {
    const expected = groupConversationID(c.groupID);
    if (!c.groupID || c.conversationID !== expected) throw argsError(`conversationID must be ${expected}`);
    for (const owner of new Set(userIDs)) {
      // Members and former members have the record; nobody else may create one.
      if (!getConversationRow(ctx.db, owner, c.conversationID) && !isGroupMember(ctx.db, c.groupID, owner))
        throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', `${owner} is not a member of ${c.groupID}`);
    }
  } else if (c.conversationType === SessionType.Single) {
    for (const owner of new Set(userIDs)) {
      const expected = `si_${[owner, c.userID].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))).join('_')}`;
      if (c.conversationID !== expected) throw argsError(`conversationID must be ${expected}`);
      if (!getUser(ctx.db, c.userID)) throw argsError(`unknown peer ${c.userID}`);
    }
  } else {
    throw argsError('conversationType must be 1 (one-to-one) or 3 (group)');
  }
  ctx.tx((fx) => {
    for (const owner of new Set(userIDs)) {
      const created =
        ctx.db
          .prepare(
            `INSERT OR IGNORE INTO conversations (owner_user_id, conversation_id, conversation_type, user_id, group_id, create_time)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(
            owner,
            c.conversationID,
            c.conversationType,
            c.conversationType === SessionType.Group ? '' : c.userID,
            c.groupID,
            ctx.now(),
          ).changes > 0;
      ctx.db
        .prepare(
          `UPDATE conversations SET
             recv_msg_opt = COALESCE(?, recv_msg_opt), is_pinned = COALESCE(?, is_pinned),
             attached_info = COALESCE(?, attached_info), is_private_chat = COALESCE(?, is_private_chat),
             ex = COALESCE(?, ex), burn_duration = COALESCE(?, burn_duration), group_at_type = COALESCE(?, group_at_type),
             msg_destruct_time = COALESCE(?, msg_destruct_time), is_msg_destruct = COALESCE(?, is_msg_destruct)
           WHERE owner_user_id = ? AND conversation_id = ?`,
        )
        .run(
          c.recvMsgOpt ?? null,
          b(c.isPinned),
          c.attachedInfo ?? null,
          b(c.isPrivateChat),
          c.ex ?? null,
          c.burnDuration ?? null,
          c.groupAtType ?? null,
          c.msgDestructTime ?? null,
          b(c.isMsgDestruct),
          owner,
          c.conversationID,
        );
      bump(ctx.db, Collection.Conversations, owner, [
        { eId: c.conversationID, state: created ? EntryState.Insert : EntryState.Update },
      ]);
      notify(ctx, fx, {
        contentType: ContentType.ConversationChange,
        sendID: owner,
        recvID: owner,
        sessionType: SessionType.Single,
        tips: { userID: owner, conversationIDList: [c.conversationID] },
        stored: false,
        to: [owner],
        // The calling device runs the incremental conversation sync itself after set_conversations.
        exceptCaller: { userID: op.userID, platformID: op.platformID },
      });
    }
  });
}
