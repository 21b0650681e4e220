import { type CoreContext, type Pagination, groupConversationID, pageLimits } from './context';
import { ErrCode, ImError, argsError, noPermission } from './errors';
import { getGroupRow, groupInfo, isGroupMember } from './group-models';
import { incrementalAnswer } from './incremental';
import type { Operator } from './messages';
import { hasReadAndMaxSeqs, lastMessages, lastSendTime } from './pull';
import {
  type ConversationInfo,
  type ConversationRow,
  conversationInfo,
  getConversationRow,
  getUser,
} from './models';
import { notify } from './notifications';
import { prep } from './statements';
import { ContentType, type ImMsg, SessionType } from './types';
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
  const rows = prep<[string, number, number], ConversationRow>(
    ctx.db,
    `SELECT * FROM conversations WHERE owner_user_id = (SELECT ?) ${ORDER} LIMIT (SELECT ?) OFFSET (SELECT ?)`,
  ).all(userID, limit, offset);
  const total =
    prep<[string], { n: number }>(
      ctx.db,
      'SELECT COUNT(*) AS n FROM conversations WHERE owner_user_id = ?',
    ).get(userID)?.n ?? 0;
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
  const conversationIDs = prep<[string], { conversation_id: string }>(
    ctx.db,
    `SELECT conversation_id FROM conversations WHERE owner_user_id = (SELECT ?) ${ORDER}`,
  )
    .all(userID)
    .map((r) => r.conversation_id);
  return { version: h.version, versionID: h.versionID, equal: false, conversationIDs };
}

/** OpenIM 3.8 `conversation.MsgInfo`: the newest message of a conversation with the names the list shows. */
interface SortedMsgInfo {
  serverMsgID: string;
  clientMsgID: string;
  sessionType: number;
  sendID: string;
  recvID: string;
  /** One-to-one: the peer's nickname (whoever sent the message); group: the sender's nickname. */
  senderName: string;
  /** One-to-one: the peer's avatar. */
  faceURL: string;
  groupID: string;
  groupName: string;
  groupFaceURL: string;
  groupType: number;
  groupMemberCount: number;
  LatestMsgRecvTime: number;
  msgFrom: number;
  contentType: number;
  content: string;
  ex: string;
}

/** OpenIM 3.8 `conversation.ConversationElem` (field names as the Go structs spell them). */
export interface SortedConversationElem {
  conversationID: string;
  recvMsgOpt: number;
  unreadCount: number;
  IsPinned: boolean;
  msgInfo: SortedMsgInfo;
}

const decoder = new TextDecoder();

/**
 * `get_sorted_conversation_list` (OpenIM 3.8): the owner's conversations with their newest message,
 * unread count and display names, pinned first, then newest message first, paginated after sorting.
 * A client can draw its conversation list from one request while its SDK is still syncing. Unlike 3.8,
 * a conversation without a message is listed too (at the end of its group, with empty message fields),
 * as the SDK's own list shows it.
 */
export function getSortedConversationList(
  ctx: CoreContext,
  op: Operator,
  req: { userID: string; conversationIDs: readonly string[]; pagination?: Pagination | null | undefined },
): { conversationTotal: number; unreadTotal: number; conversationElems: SortedConversationElem[] } {
  requireSelf(op, req.userID, 'userID');
  const owner = req.userID;
  let rows = prep<[string], ConversationRow>(
    ctx.db,
    `SELECT * FROM conversations WHERE owner_user_id = (SELECT ?) ${ORDER}`,
  )
    .all(owner)
    .filter((r) => !r.conversation_id.startsWith('n_'));
  if (req.conversationIDs.length > 0) {
    const wanted = new Set(req.conversationIDs);
    rows = rows.filter((r) => wanted.has(r.conversation_id));
  }
  const ids = rows.map((r) => r.conversation_id);
  const { seqs } = hasReadAndMaxSeqs(ctx, owner, ids, false);
  const times = new Map(rows.map((r) => [r, lastSendTime(ctx, r, seqs.get(r.conversation_id)?.maxSeq ?? 0)]));
  const names = new Map<string, { name: string; faceURL: string }>();
  const person = (userID: string) => {
    let found = names.get(userID);
    if (!found) {
      const user = getUser(ctx.db, userID);
      found = { name: user?.nickname ?? '', faceURL: user?.faceURL ?? '' };
      names.set(userID, found);
    }
    return found;
  };
  const unreadOf = (r: ConversationRow) => {
    const seq = seqs.get(r.conversation_id);
    return Math.max(0, (seq?.maxSeq ?? 0) - (seq?.hasReadSeq ?? 0));
  };
  let unreadTotal = 0;
  for (const r of rows) unreadTotal += unreadOf(r);
  const pinned = (r: ConversationRow) => (r.is_pinned === 1 ? 1 : 0);
  const latestTime = (r: ConversationRow) => times.get(r) ?? 0;
  // Stable: equal times keep the storage order. Sorted before the answer is built, so that group and
  // user details are read for the requested page only (a first page of 20 out of a thousand).
  rows.sort((a, b) => pinned(b) - pinned(a) || latestTime(b) - latestTime(a));
  const { limit, offset } = pageLimits(req.pagination);
  const page = limit < 0 ? rows : rows.slice(offset, offset + limit);
  const latest = new Map<string, ImMsg>();
  // lastMessages answers at most 1000 conversations per call (the WS request's limit).
  for (let i = 0; i < page.length; i += 1000) {
    const slice = page.slice(i, i + 1000).map((r) => r.conversation_id);
    for (const [id, msg] of lastMessages(ctx, owner, slice)) latest.set(id, msg);
  }
  const conversationElems = page.map((r): SortedConversationElem => {
    const unreadCount = unreadOf(r);
    const msg = latest.get(r.conversation_id);
    const info: SortedMsgInfo = {
      serverMsgID: msg?.serverMsgID ?? '',
      clientMsgID: msg?.clientMsgID ?? '',
      sessionType: msg?.sessionType ?? r.conversation_type,
      sendID: msg?.sendID ?? '',
      recvID: msg?.recvID ?? '',
      senderName: '',
      faceURL: '',
      groupID: r.group_id,
      groupName: '',
      groupFaceURL: '',
      groupType: 0,
      groupMemberCount: 0,
      LatestMsgRecvTime: msg?.sendTime ?? 0,
      msgFrom: msg?.msgFrom ?? 0,
      contentType: msg?.contentType ?? 0,
      content: msg ? decoder.decode(msg.content) : '',
      ex: msg?.ex ?? '',
    };
    if (r.conversation_type === SessionType.Group) {
      const group = getGroupRow(ctx.db, r.group_id);
      if (group) {
        const g = groupInfo(ctx.db, group);
        info.groupName = g.groupName;
        info.groupFaceURL = g.faceURL;
        info.groupType = g.groupType;
        info.groupMemberCount = g.memberCount;
      }
      if (msg) info.senderName = person(msg.sendID).name;
    } else {
      const peer = person(r.user_id);
      info.senderName = peer.name;
      info.faceURL = peer.faceURL;
    }
    return {
      conversationID: r.conversation_id,
      recvMsgOpt: r.recv_msg_opt,
      unreadCount,
      IsPinned: r.is_pinned === 1,
      msgInfo: info,
    };
  });
  return { conversationTotal: rows.length, unreadTotal, conversationElems };
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
