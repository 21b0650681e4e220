import type { Db } from '../db/database';
import { prep } from './statements';
import {
  type CoreContext,
  type Effects,
  groupConversationID,
  isNotificationConversation,
  newServerMsgID,
  notificationTwin,
  singleConversationID,
} from './context';
import { ErrCode, ImError, argsError, noPermission, notFound } from './errors';
import { GroupStatus, RoleLevel, getMemberRow, memberIDs, requireLiveGroup } from './group-models';
import { type ConversationRow, getConversationRow, getUserOrStub } from './models';
import { ContentType, type ImMsg, MsgFrom, MsgStatus, type PullMsgs, SessionType } from './types';
import { findSent, recordSent } from './sent-messages';
import { Collection, EntryState, bump } from './versions';

interface MsgRow {
  conversation_id: string;
  seq: number;
  server_msg_id: string;
  client_msg_id: string;
  send_id: string;
  recv_id: string;
  group_id: string;
  sender_platform_id: number;
  sender_nickname: string;
  sender_face_url: string;
  session_type: number;
  msg_from: number;
  content_type: number;
  content: Buffer;
  send_time: number;
  create_time: number;
  options: string;
  offline_push_info: string | null;
  at_user_id_list: string;
  attached_info: string;
  ex: string;
  is_read: number;
  revoked: string | null;
}

interface RevokeMark {
  revokerID: string;
  revokerRole: number;
  revokerNickname: string;
  revokeTime: number;
}

/** Server-side budget for one pull answer, well under the SDK's 1 MiB frame limit. */
const PULL_BYTE_BUDGET = 700_000;
const MAX_CHAT_PULL = 100;
const MAX_NOTIFICATION_PULL = 500;
const MAX_SEQ_LIST = 100;

const encoder = new TextEncoder();
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

export function placeholder(seq: number): ImMsg {
  return {
    sendID: '',
    recvID: '',
    groupID: '',
    clientMsgID: '',
    serverMsgID: '',
    senderPlatformID: 0,
    senderNickname: '',
    senderFaceURL: '',
    sessionType: 0,
    msgFrom: 0,
    contentType: 0,
    content: new Uint8Array(0),
    seq,
    sendTime: 0,
    createTime: 0,
    status: MsgStatus.Deleted,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}

function parseJson<T>(s: string | null, fallback: T): T {
  if (s === null) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}

/** Renders a stored row for one viewer: deletions become placeholders, revocations are transformed. */
function rowToMsg(r: MsgRow, deletedForViewer: boolean): ImMsg {
  if (deletedForViewer) return placeholder(r.seq);
  const msg: ImMsg = {
    sendID: r.send_id,
    recvID: r.recv_id,
    groupID: r.group_id,
    clientMsgID: r.client_msg_id,
    serverMsgID: r.server_msg_id,
    senderPlatformID: r.sender_platform_id,
    senderNickname: r.sender_nickname,
    senderFaceURL: r.sender_face_url,
    sessionType: r.session_type,
    msgFrom: r.msg_from,
    contentType: r.content_type,
    content: new Uint8Array(r.content),
    seq: r.seq,
    sendTime: r.send_time,
    createTime: r.create_time,
    status: MsgStatus.Success,
    isRead: r.is_read === 1,
    options: parseJson<Record<string, boolean>>(r.options, {}),
    offlinePushInfo: parseJson(r.offline_push_info, null),
    atUserIDList: parseJson<string[]>(r.at_user_id_list, []),
    attachedInfo: r.attached_info,
    ex: r.ex,
  };
  if (r.revoked !== null) {
    const mark = parseJson<RevokeMark>(r.revoked, {
      revokerID: '',
      revokerRole: 0,
      revokerNickname: '',
      revokeTime: 0,
    });
    const detail = {
      revokerID: mark.revokerID,
      revokerRole: mark.revokerRole,
      clientMsgID: r.client_msg_id,
      revokerNickname: mark.revokerNickname,
      revokeTime: mark.revokeTime,
      sourceMessageSendTime: r.send_time,
      sourceMessageSendID: r.send_id,
      sourceMessageSenderNickname: r.sender_nickname,
      sessionType: r.session_type,
      seq: r.seq,
      ex: '',
    };
    msg.contentType = ContentType.Revoke;
    msg.content = utf8(JSON.stringify({ detail: JSON.stringify(detail) }));
  }
  return msg;
}

function msgSize(m: ImMsg): number {
  return m.content.byteLength + m.attachedInfo.length + m.ex.length + 300;
}

/** Assigns the next gap-free seq of a conversation (chat or `n_` stream). */
export function allocSeq(db: Db, conversationID: string, now: number): number {
  const row = prep<[string, number], { max_seq: number }>(
    db,
    `INSERT INTO seqs (conversation_id, max_seq, max_seq_time) VALUES (?, 1, ?)
       ON CONFLICT (conversation_id) DO UPDATE SET max_seq = max_seq + 1, max_seq_time = excluded.max_seq_time
       RETURNING max_seq`,
  ).get(conversationID, now);
  if (!row) throw new Error('seq allocation failed');
  return row.max_seq;
}

export function conversationMaxSeq(db: Db, conversationID: string): { maxSeq: number; maxSeqTime: number } {
  const row = prep<[string], { max_seq: number; max_seq_time: number }>(
    db,
    'SELECT max_seq, max_seq_time FROM seqs WHERE conversation_id = ?',
  ).get(conversationID);
  return { maxSeq: row?.max_seq ?? 0, maxSeqTime: row?.max_seq_time ?? 0 };
}

function jsonOrEmpty(value: object, empty: string): string {
  for (const _ in value) return JSON.stringify(value);
  return empty;
}

/** Stores a message under the next seq of `conversationID`, returns the seq. */
export function storeMessage(db: Db, conversationID: string, msg: ImMsg, now: number): number {
  const seq = allocSeq(db, conversationID, now);
  msg.seq = seq;
  prep(
    db,
    `INSERT INTO messages (conversation_id, seq, server_msg_id, client_msg_id, send_id, recv_id, group_id,
      sender_platform_id, sender_nickname, sender_face_url, session_type, msg_from, content_type, content,
      send_time, create_time, options, offline_push_info, at_user_id_list, attached_info, ex)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    conversationID,
    seq,
    msg.serverMsgID,
    msg.clientMsgID,
    msg.sendID,
    msg.recvID,
    msg.groupID,
    msg.senderPlatformID,
    msg.senderNickname,
    msg.senderFaceURL,
    msg.sessionType,
    msg.msgFrom,
    msg.contentType,
    // A view, not a copy: SQLite copies the bytes itself.
    Buffer.from(msg.content.buffer, msg.content.byteOffset, msg.content.byteLength),
    msg.sendTime,
    msg.createTime,
    jsonOrEmpty(msg.options, '{}'),
    msg.offlinePushInfo ? JSON.stringify(msg.offlinePushInfo) : null,
    msg.atUserIDList.length === 0 ? '[]' : JSON.stringify(msg.atUserIDList),
    msg.attachedInfo,
    msg.ex,
  );
  return seq;
}

/**
 * Creates the owner's record of a 1:1 conversation if missing (with a conversation-log insert).
 * Returns true when it was created.
 */
export function ensureSingleConversation(ctx: CoreContext, owner: string, peer: string): boolean {
  const conversationID = singleConversationID(owner, peer);
  const res = prep(
    ctx.db,
    `INSERT OR IGNORE INTO conversations (owner_user_id, conversation_id, conversation_type, user_id, create_time)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(owner, conversationID, SessionType.Single, peer, ctx.now());
  if (res.changes === 0) return false;
  bump(ctx.db, Collection.Conversations, owner, [{ eId: conversationID, state: EntryState.Insert }]);
  return true;
}

function setHasReadAtLeast(db: Db, owner: string, conversationID: string, seq: number): void {
  prep(
    db,
    'UPDATE conversations SET has_read_seq = MAX(has_read_seq, ?) WHERE owner_user_id = ? AND conversation_id = ?',
  ).run(seq, owner, conversationID);
}

/** Which parties' records of a 1:1 conversation are known to exist (read just before, in the same turn). */
export interface KnownConversations {
  sender: boolean;
  recipient: boolean;
}

interface SendFacts {
  sender_exists: number;
  recv_global_opt: number | null;
  blocked: number;
  friend: number;
  recv_conv_opt: number | null;
  sender_has_conv: number;
}

/**
 * Stores and pushes a 1:1 chat message (also used for notification "chat copies"). `known` skips
 * creating conversation records the caller has just seen; without it both are ensured.
 */
export function storeAndPushSingle(
  ctx: CoreContext,
  fx: Effects,
  msg: ImMsg,
  known?: KnownConversations,
): void {
  const conversationID = singleConversationID(msg.sendID, msg.recvID);
  const history = msg.options['history'] !== false;
  if (history) {
    if (known?.sender !== true) ensureSingleConversation(ctx, msg.sendID, msg.recvID);
    if (msg.recvID !== msg.sendID && known?.recipient !== true) {
      ensureSingleConversation(ctx, msg.recvID, msg.sendID);
    }
    storeMessage(ctx.db, conversationID, msg, ctx.now());
    setHasReadAtLeast(ctx.db, msg.sendID, conversationID, msg.seq);
    // A message that must not count as unread is read for the recipient too, so 1006 agrees after a re-login.
    if (msg.options['unreadCount'] === false) setHasReadAtLeast(ctx.db, msg.recvID, conversationID, msg.seq);
  } else {
    msg.seq = 0;
  }
  const targets = [msg.recvID];
  if (msg.options['senderSync'] !== false) targets.push(msg.sendID);
  fx.push(targets, conversationID, msg);
}

export interface Operator {
  userID: string;
  platformID: number;
  isAdmin: boolean;
}

export interface SendResult {
  serverMsgID: string;
  clientMsgID: string;
  sendTime: number;
}

const TYPING_OPTIONS = {
  history: false,
  persistent: false,
  senderSync: false,
  conversationUpdate: false,
  senderConversationUpdate: false,
  unreadCount: false,
  offlinePush: false,
};

/** The server's part of an accepted message: IDs, times, status and forced typing options. */
function acceptedMessage(ctx: CoreContext, op: Operator, input: ImMsg): ImMsg {
  const now = ctx.now();
  return {
    ...input,
    serverMsgID: newServerMsgID(input.sendID, now),
    sendTime: op.isAdmin && input.sendTime > 0 ? input.sendTime : now,
    createTime: input.createTime > 0 ? input.createTime : now,
    status: MsgStatus.Success,
    isRead: false,
    msgFrom: op.isAdmin ? input.msgFrom || MsgFrom.User : MsgFrom.User,
    options:
      input.contentType === ContentType.Typing
        ? { ...input.options, ...TYPING_OPTIONS }
        : { ...input.options },
    seq: 0,
  };
}

/** The mention marker of @all in `atUserIDList`. */
export const AT_ALL_TAG = 'AtAllTag';
export const GroupAtType = { None: 0, AtMe: 1, AtAll: 2, AtAllAtMe: 3, Announcement: 4 } as const;

/** Creates a member's `sg_` conversation record if missing (with a conversation-log insert). */
export function ensureGroupConversation(ctx: CoreContext, owner: string, groupID: string): boolean {
  const conversationID = groupConversationID(groupID);
  const res = prep(
    ctx.db,
    `INSERT OR IGNORE INTO conversations (owner_user_id, conversation_id, conversation_type, group_id, create_time)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(owner, conversationID, SessionType.Group, groupID, ctx.now());
  if (res.changes === 0) return false;
  bump(ctx.db, Collection.Conversations, owner, [{ eId: conversationID, state: EntryState.Insert }]);
  return true;
}

/** Records @-mentions on the mentioned members' conversations so every device (and a fresh login) sees them. */
function applyMentions(ctx: CoreContext, msg: ImMsg, members: readonly string[]): string[] {
  const changed: string[] = [];
  if (msg.atUserIDList.length === 0) return changed;
  const conversationID = groupConversationID(msg.groupID);
  const named = new Set(msg.atUserIDList.filter((u) => u !== AT_ALL_TAG));
  const atAll = msg.atUserIDList.includes(AT_ALL_TAG);
  const get = prep<[string, string], { group_at_type: number }>(
    ctx.db,
    'SELECT group_at_type FROM conversations WHERE owner_user_id = ? AND conversation_id = ?',
  );
  const set = prep(
    ctx.db,
    'UPDATE conversations SET group_at_type = ? WHERE owner_user_id = ? AND conversation_id = ?',
  );
  for (const member of members) {
    if (member === msg.sendID) continue;
    const mentioned = named.has(member);
    if (!mentioned && !atAll) continue;
    const incoming = atAll ? (mentioned ? GroupAtType.AtAllAtMe : GroupAtType.AtAll) : GroupAtType.AtMe;
    const old = get.get(member, conversationID)?.group_at_type ?? GroupAtType.None;
    // An unread @me and a later @all (or the reverse) add up to "@all and @me", as the SDK shows it.
    const mentionTypes: number[] = [GroupAtType.AtMe, GroupAtType.AtAll, GroupAtType.AtAllAtMe];
    const type = mentionTypes.includes(old) && old !== incoming ? GroupAtType.AtAllAtMe : incoming;
    if (type !== old && set.run(type, member, conversationID).changes > 0) {
      bump(ctx.db, Collection.Conversations, member, [{ eId: conversationID, state: EntryState.Update }]);
      changed.push(member);
    }
  }
  return changed;
}

/**
 * Stores a group message in `sg_<groupID>` (creating missing member records) and pushes it to every
 * current member, plus `alsoTo` (members who are leaving with this very message).
 */
export function storeAndPushGroup(
  ctx: CoreContext,
  fx: Effects,
  msg: ImMsg,
  alsoTo: readonly string[] = [],
): string[] {
  let mentioned: string[] = [];
  const conversationID = groupConversationID(msg.groupID);
  const members = memberIDs(ctx.db, msg.groupID);
  if (msg.options['history'] !== false) {
    for (const m of new Set([...members, ...alsoTo])) ensureGroupConversation(ctx, m, msg.groupID);
    storeMessage(ctx.db, conversationID, msg, ctx.now());
    setHasReadAtLeast(ctx.db, msg.sendID, conversationID, msg.seq);
    if (msg.options['unreadCount'] === false) {
      for (const m of members) setHasReadAtLeast(ctx.db, m, conversationID, msg.seq);
    }
    mentioned = applyMentions(ctx, msg, members);
  } else {
    msg.seq = 0;
  }
  let targets = [...members, ...alsoTo];
  if (msg.options['senderSync'] === false) targets = targets.filter((u) => u !== msg.sendID);
  fx.push(targets, conversationID, msg);
  return mentioned;
}

/** The sending rules of a group (openim-protocol.md 3.5); app admins skip the membership rules. */
function sendGroupMessage(
  ctx: CoreContext,
  op: Operator,
  input: ImMsg,
  notify: NotifyFn | undefined,
): SendResult {
  if (!input.groupID) throw argsError('groupID is required for a group message');
  const group = requireLiveGroup(ctx.db, input.groupID);
  if (!op.isAdmin) {
    const member = getMemberRow(ctx.db, input.groupID, input.sendID);
    if (!member)
      throw new ImError(ErrCode.NotInGroupYet, 'NotInGroupYet', 'you are not a member of this group');
    if (member.role_level !== RoleLevel.Owner) {
      if (member.mute_end_time >= ctx.now())
        throw new ImError(ErrCode.MutedInGroup, 'MutedInGroup', 'you are muted in this group');
      if (group.status === GroupStatus.Muted && member.role_level !== RoleLevel.Admin)
        throw new ImError(ErrCode.MutedGroup, 'MutedGroup', 'the group is muted');
    }
  }
  const msg = acceptedMessage(ctx, op, { ...input, recvID: '' });
  ctx.tx((fx) => {
    const mentioned = storeAndPushGroup(ctx, fx, msg);
    if (msg.seq > 0) recordSent(ctx.db, msg, groupConversationID(msg.groupID));
    // The SDK learns its @-flags only from the conversation sync that 1300 triggers (it sets none itself).
    for (const userID of mentioned) {
      notify?.(fx, {
        contentType: ContentType.ConversationChange,
        sendID: userID,
        recvID: userID,
        sessionType: SessionType.Single,
        tips: { userID, conversationIDList: [groupConversationID(msg.groupID)] },
        stored: false,
        to: [userID],
      });
    }
  });
  return { serverMsgID: msg.serverMsgID, clientMsgID: msg.clientMsgID, sendTime: msg.sendTime };
}

/**
 * WS 1003 and the admin `send_msg`. Validates, stores with the next seq, fans out, answers.
 * `notify` carries the conversation-change notices of @-mentions (without it the flags are only stored).
 */
export function sendMessage(ctx: CoreContext, op: Operator, input: ImMsg, notify?: NotifyFn): SendResult {
  const db = ctx.db;
  if (input.sendID !== op.userID && !op.isAdmin) throw noPermission('sendID must be the logged-in user');
  if (!input.clientMsgID || input.clientMsgID.length > 64)
    throw argsError('clientMsgID is required (at most 64 chars)');
  if (input.content.byteLength > ctx.options.maxContentBytes) {
    throw argsError(`content too large (max ${ctx.options.maxContentBytes} bytes)`);
  }
  const sent = findSent(db, input.sendID, input.clientMsgID);
  if (sent) return { serverMsgID: sent.serverMsgID, clientMsgID: input.clientMsgID, sendTime: sent.sendTime };
  if (input.sessionType === SessionType.Group) return sendGroupMessage(ctx, op, input, notify);
  if (input.sessionType !== SessionType.Single) throw argsError('unknown sessionType');
  if (!input.recvID) throw argsError('recvID is required for a one-to-one message');
  // Everything the rules below need in one statement: each query costs a native call and a
  // statement step, which added up to a large share of a one-to-one send (bench/server-load).
  const conversationID = singleConversationID(input.sendID, input.recvID);
  const facts = prep<[{ send: string; recv: string; conv: string }], SendFacts>(
    db,
    `SELECT
       EXISTS (SELECT 1 FROM users WHERE user_id = @send) AS sender_exists,
       (SELECT global_recv_msg_opt FROM users WHERE user_id = @recv) AS recv_global_opt,
       EXISTS (SELECT 1 FROM blacks WHERE owner_user_id = @recv AND block_user_id = @send) AS blocked,
       EXISTS (SELECT 1 FROM friends WHERE owner_user_id = @recv AND friend_user_id = @send) AS friend,
       (SELECT recv_msg_opt FROM conversations WHERE owner_user_id = @recv AND conversation_id = @conv) AS recv_conv_opt,
       EXISTS (SELECT 1 FROM conversations WHERE owner_user_id = @send AND conversation_id = @conv) AS sender_has_conv`,
  ).get({ send: input.sendID, recv: input.recvID, conv: conversationID }) as SendFacts;
  if (!facts.sender_exists) throw new ImError(ErrCode.UserIDNotFound, 'sender not found');
  if (facts.recv_global_opt === null) throw new ImError(ErrCode.UserIDNotFound, 'recipient not found');
  const isNotification = input.contentType >= 1000 && input.contentType <= 5000;
  if (!isNotification && !op.isAdmin && input.sendID !== input.recvID) {
    if (facts.blocked) throw new ImError(ErrCode.BlockedByPeer, 'BlockedByPeer', 'the recipient blocked you');
    if (ctx.options.friendVerification && !facts.friend) {
      throw new ImError(ErrCode.NotPeersFriend, 'NotPeersFriend', 'you are not friends');
    }
  }
  const msg = acceptedMessage(ctx, op, input);
  // "Do not receive": the reference server drops the message silently and answers an empty success.
  if (input.sendID !== input.recvID && (facts.recv_global_opt === 1 || facts.recv_conv_opt === 1)) {
    return { serverMsgID: '', clientMsgID: input.clientMsgID, sendTime: 0 };
  }
  const known: KnownConversations = {
    sender: facts.sender_has_conv === 1,
    recipient: facts.recv_conv_opt !== null,
  };
  ctx.tx((fx) => {
    storeAndPushSingle(ctx, fx, msg, known);
    if (msg.seq > 0) recordSent(db, msg, conversationID);
  });
  return { serverMsgID: msg.serverMsgID, clientMsgID: msg.clientMsgID, sendTime: msg.sendTime };
}

function visibleRange(rec: ConversationRow, convMax: number): { min: number; max: number } {
  // max_seq: 0 no cap, > 0 visible until that seq, < 0 nothing visible (left a group that had no messages).
  const max = rec.max_seq > 0 ? Math.min(rec.max_seq, convMax) : rec.max_seq < 0 ? 0 : convMax;
  return { min: Math.max(1, rec.min_seq), max };
}

/** The `n_` streams a user may read: the twins of their conversations and their own stream. */
function notificationStreams(db: Db, userID: string): Set<string> {
  const rows = prep<[string], { conversation_id: string }>(
    db,
    'SELECT conversation_id FROM conversations WHERE owner_user_id = ?',
  ).all(userID);
  const set = new Set(rows.map((r) => notificationTwin(r.conversation_id)));
  set.add(`n_${userID}_${userID}`);
  return set;
}

function loadRange(db: Db, viewer: string, conversationID: string, lo: number, hi: number): ImMsg[] {
  if (hi < lo) return [];
  const rows = prep<[string, number, number], MsgRow>(
    db,
    'SELECT * FROM messages WHERE conversation_id = ? AND seq BETWEEN ? AND ? ORDER BY seq',
  ).all(conversationID, lo, hi);
  const deleted = new Set(
    prep<[string, string, number, number], { seq: number }>(
      db,
      'SELECT seq FROM message_deletes WHERE user_id = ? AND conversation_id = ? AND seq BETWEEN ? AND ?',
    )
      .all(viewer, conversationID, lo, hi)
      .map((r) => r.seq),
  );
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const out: ImMsg[] = [];
  for (let s = lo; s <= hi; s++) {
    const r = bySeq.get(s);
    out.push(r ? rowToMsg(r, deleted.has(s)) : placeholder(s));
  }
  return out;
}

function loadSeqs(db: Db, viewer: string, conversationID: string, seqs: number[]): ImMsg[] {
  const out: ImMsg[] = [];
  const get = prep<[string, number], MsgRow>(
    db,
    'SELECT * FROM messages WHERE conversation_id = ? AND seq = ?',
  );
  const del = prep(db, 'SELECT 1 FROM message_deletes WHERE user_id = ? AND conversation_id = ? AND seq = ?');
  for (const s of seqs) {
    const r = get.get(conversationID, s);
    out.push(r ? rowToMsg(r, del.get(viewer, conversationID, s) !== undefined) : placeholder(s));
  }
  return out;
}

/** Drops the oldest messages until the answer fits the byte budget (the SDK pages older ones later). */
function trimToBudget(lists: PullMsgs[]): void {
  let total = 0;
  for (const l of lists) for (const m of l.msgs) total += msgSize(m);
  for (const l of lists) {
    while (total > PULL_BYTE_BUDGET && l.msgs.length > 1) {
      const m = l.msgs.shift();
      if (m) total -= msgSize(m);
    }
  }
}

export interface SeqRange {
  conversationID: string;
  begin: number;
  end: number;
  num: number;
}

export interface PullResult {
  msgs: Map<string, PullMsgs>;
  notificationMsgs: Map<string, PullMsgs>;
}

/**
 * WS 1002: pull by ranges (openim-protocol.md 3.4). Messages are always in ascending seq order, like
 * the reference answers, whatever `_order` says (the SDK relies on it).
 */
export function pullByRange(
  ctx: CoreContext,
  userID: string,
  ranges: readonly SeqRange[],
  _order: number,
): PullResult {
  const db = ctx.db;
  const result: PullResult = { msgs: new Map(), notificationMsgs: new Map() };
  let streams: Set<string> | undefined;
  for (const r of ranges.slice(0, 1000)) {
    const { maxSeq } = conversationMaxSeq(db, r.conversationID);
    if (isNotificationConversation(r.conversationID)) {
      streams ??= notificationStreams(db, userID);
      if (!streams.has(r.conversationID)) continue;
      let lo = Math.max(1, r.begin);
      const hi = Math.min(r.end, maxSeq);
      if (hi < lo) continue;
      if (hi - lo + 1 > MAX_NOTIFICATION_PULL) lo = hi - MAX_NOTIFICATION_PULL + 1;
      const msgs = loadRange(db, userID, r.conversationID, lo, hi);
      result.notificationMsgs.set(r.conversationID, { msgs, isEnd: true, endSeq: hi });
      continue;
    }
    const rec = getConversationRow(db, userID, r.conversationID);
    if (!rec) continue;
    const vis = visibleRange(rec, maxSeq);
    let lo = Math.max(r.begin, vis.min);
    const hi = Math.min(r.end, vis.max);
    if (hi < lo) continue;
    const num = r.num > 0 ? Math.min(r.num, MAX_CHAT_PULL) : MAX_CHAT_PULL;
    if (hi - lo + 1 > num) lo = hi - num + 1;
    const msgs = loadRange(db, userID, r.conversationID, lo, hi);
    result.msgs.set(r.conversationID, { msgs, isEnd: vis.max <= hi, endSeq: 0 });
  }
  trimToBudget([...result.msgs.values(), ...result.notificationMsgs.values()]);
  return result;
}

/** WS 1005: explicit seq lists for history paging (openim-protocol.md 3.6). */
export function pullBySeqs(
  ctx: CoreContext,
  userID: string,
  conversations: readonly { conversationID: string; seqs: readonly number[] }[],
  order: number,
): PullResult {
  const db = ctx.db;
  const result: PullResult = { msgs: new Map(), notificationMsgs: new Map() };
  let streams: Set<string> | undefined;
  for (const c of conversations.slice(0, 200)) {
    const isN = isNotificationConversation(c.conversationID);
    const target = isN ? result.notificationMsgs : result.msgs;
    const entry: PullMsgs = { msgs: [], isEnd: false, endSeq: 0 };
    target.set(c.conversationID, entry);
    const { maxSeq } = conversationMaxSeq(db, c.conversationID);
    let vis: { min: number; max: number };
    if (isN) {
      streams ??= notificationStreams(db, userID);
      if (!streams.has(c.conversationID)) {
        entry.isEnd = true;
        continue;
      }
      vis = { min: 1, max: maxSeq };
    } else {
      const rec = getConversationRow(db, userID, c.conversationID);
      if (!rec) {
        entry.isEnd = true;
        continue;
      }
      vis = visibleRange(rec, maxSeq);
    }
    const wanted = [...new Set(c.seqs)].slice(0, MAX_SEQ_LIST);
    const inRange = wanted
      .filter((s) => s >= vis.min && s <= vis.max)
      // Always ascending, as the reference answers: the SDK reverses and merges by itself for desc paging.
      .sort((a, b) => a - b);
    entry.msgs = loadSeqs(db, userID, c.conversationID, inRange);
    if (order === 1 && wanted.some((s) => s < vis.min)) {
      entry.isEnd = true;
      entry.endSeq = vis.min;
    }
    if (order !== 1 && wanted.some((s) => s > vis.max)) {
      entry.isEnd = true;
      entry.endSeq = vis.max;
    }
  }
  trimToBudget([...result.msgs.values(), ...result.notificationMsgs.values()]);
  return result;
}

/** WS 1001. */
export function getMaxSeqs(
  ctx: CoreContext,
  userID: string,
): { maxSeqs: Map<string, number>; minSeqs: Map<string, number> } {
  const db = ctx.db;
  const maxSeqs = new Map<string, number>();
  const minSeqs = new Map<string, number>();
  const recs = prep<[string], ConversationRow>(db, 'SELECT * FROM conversations WHERE owner_user_id = ?').all(
    userID,
  );
  const streams = new Set<string>([`n_${userID}_${userID}`]);
  for (const rec of recs) {
    const { maxSeq } = conversationMaxSeq(db, rec.conversation_id);
    const vis = visibleRange(rec, maxSeq);
    if (vis.max > 0) {
      maxSeqs.set(rec.conversation_id, vis.max);
      minSeqs.set(rec.conversation_id, vis.min);
    }
    streams.add(notificationTwin(rec.conversation_id));
  }
  for (const s of streams) {
    const { maxSeq } = conversationMaxSeq(db, s);
    if (maxSeq > 0) {
      maxSeqs.set(s, maxSeq);
      minSeqs.set(s, 1);
    }
  }
  return { maxSeqs, minSeqs };
}

/** WS 1006. */
export function hasReadAndMaxSeqs(
  ctx: CoreContext,
  userID: string,
  conversationIDs: readonly string[],
  returnPinned: boolean,
): {
  seqs: Map<string, { maxSeq: number; hasReadSeq: number; maxSeqTime: number }>;
  pinnedConversationIDs: string[];
} {
  const db = ctx.db;
  let recs = prep<[string], ConversationRow>(db, 'SELECT * FROM conversations WHERE owner_user_id = ?').all(
    userID,
  );
  if (conversationIDs.length > 0) {
    const wanted = new Set(conversationIDs);
    recs = recs.filter((r) => wanted.has(r.conversation_id));
  }
  const seqs = new Map<string, { maxSeq: number; hasReadSeq: number; maxSeqTime: number }>();
  for (const rec of recs) {
    const { maxSeq, maxSeqTime } = conversationMaxSeq(db, rec.conversation_id);
    const vis = visibleRange(rec, maxSeq);
    seqs.set(rec.conversation_id, {
      maxSeq: vis.max,
      hasReadSeq: Math.min(rec.has_read_seq, vis.max),
      maxSeqTime,
    });
  }
  const pinnedConversationIDs = returnPinned
    ? recs.filter((r) => r.is_pinned === 1).map((r) => r.conversation_id)
    : [];
  return { seqs, pinnedConversationIDs };
}

/** WS 1007: the newest visible message of each conversation. */
export function lastMessages(
  ctx: CoreContext,
  userID: string,
  conversationIDs: readonly string[],
): Map<string, ImMsg> {
  const db = ctx.db;
  const out = new Map<string, ImMsg>();
  for (const id of conversationIDs.slice(0, 1000)) {
    const rec = getConversationRow(db, userID, id);
    if (!rec) continue;
    const vis = visibleRange(rec, conversationMaxSeq(db, id).maxSeq);
    const row = prep<[string, number, number, string, string], MsgRow>(
      db,
      `SELECT * FROM messages m WHERE conversation_id = ? AND seq BETWEEN ? AND ?
         AND NOT EXISTS (SELECT 1 FROM message_deletes d WHERE d.user_id = ? AND d.conversation_id = ? AND d.seq = m.seq)
         ORDER BY seq DESC LIMIT 1`,
    ).get(id, vis.min, vis.max, userID, id);
    if (row) out.set(id, rowToMsg(row, false));
  }
  return out;
}

function requireOwnConversation(
  ctx: CoreContext,
  op: Operator,
  userID: string,
  conversationID: string,
): ConversationRow {
  if (userID !== op.userID && !op.isAdmin) throw noPermission('userID must be the logged-in user');
  const rec = getConversationRow(ctx.db, userID, conversationID);
  if (!rec) throw notFound(`conversation ${conversationID} not found`);
  return rec;
}

export interface NotifyFn {
  (
    fx: Effects,
    n: {
      contentType: number;
      sendID: string;
      recvID: string;
      groupID?: string;
      sessionType: number;
      tips: unknown;
      stored: boolean;
      to: readonly string[];
    },
  ): void;
}

/** Shared by the three mark-as-read endpoints. */
function applyRead(
  ctx: CoreContext,
  notify: NotifyFn,
  rec: ConversationRow,
  reader: string,
  newHasRead: number,
  explicitSeqs: readonly number[],
  includeRange: boolean,
): void {
  const db = ctx.db;
  const { maxSeq } = conversationMaxSeq(db, rec.conversation_id);
  const target = Math.min(Math.max(newHasRead, 0), maxSeq);
  const old = rec.has_read_seq;
  const seqSet = new Set<number>();
  if (includeRange && target > old)
    for (let s = Math.max(old + 1, target - 999); s <= target; s++) seqSet.add(s);
  for (const s of explicitSeqs) if (s > 0 && s <= maxSeq) seqSet.add(s);
  const seqs = [...seqSet].sort((a, b) => a - b);
  ctx.tx((fx) => {
    const hasRead = Math.max(old, target, ...seqs);
    prep(db, 'UPDATE conversations SET has_read_seq = ? WHERE owner_user_id = ? AND conversation_id = ?').run(
      hasRead,
      reader,
      rec.conversation_id,
    );
    if (rec.conversation_type === SessionType.Single) {
      const mark = prep(
        db,
        'UPDATE messages SET is_read = 1 WHERE conversation_id = ? AND seq = ? AND send_id <> ?',
      );
      for (const s of seqs) mark.run(rec.conversation_id, s, reader);
      if (seqs.length > 0) {
        notify(fx, {
          contentType: ContentType.HasReadReceipt,
          sendID: reader,
          recvID: rec.user_id,
          sessionType: SessionType.Single,
          tips: { markAsReadUserID: reader, conversationID: rec.conversation_id, seqs, hasReadSeq: hasRead },
          stored: reader !== rec.user_id,
          to: [rec.user_id, reader],
        });
      }
    } else {
      notify(fx, {
        contentType: ContentType.HasReadReceipt,
        sendID: reader,
        recvID: reader,
        sessionType: SessionType.Single,
        tips: { markAsReadUserID: reader, conversationID: rec.conversation_id, seqs, hasReadSeq: hasRead },
        stored: false,
        to: [reader],
      });
    }
  });
}

export function markConversationAsRead(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; hasReadSeq: number; seqs: readonly number[] },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  applyRead(ctx, notify, rec, req.userID, req.hasReadSeq, req.seqs.slice(0, 1000), true);
}

export function markMsgsAsRead(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; seqs: readonly number[] },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  if (req.seqs.length === 0) throw argsError('seqs must not be empty');
  applyRead(ctx, notify, rec, req.userID, 0, req.seqs.slice(0, 1000), false);
}

export function setConversationHasReadSeq(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; hasReadSeq: number; noNotification: boolean },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  const { maxSeq } = conversationMaxSeq(ctx.db, rec.conversation_id);
  if (req.hasReadSeq > maxSeq)
    throw argsError(`hasReadSeq ${req.hasReadSeq} is greater than maxSeq ${maxSeq}`);
  ctx.tx((fx) => {
    prep(
      ctx.db,
      'UPDATE conversations SET has_read_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
    ).run(req.hasReadSeq, req.userID, rec.conversation_id);
    if (!req.noNotification) {
      notify(fx, {
        contentType: ContentType.HasReadReceipt,
        sendID: req.userID,
        recvID: req.userID,
        sessionType: SessionType.Single,
        tips: {
          markAsReadUserID: req.userID,
          conversationID: rec.conversation_id,
          seqs: [],
          hasReadSeq: req.hasReadSeq,
        },
        stored: false,
        to: [req.userID],
      });
    }
  });
}

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
