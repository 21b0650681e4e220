/** Pulls and seqs (1001, 1002, 1005, 1006, 1007): what a viewer may see of a conversation, within the frame budget. */
import type { Db } from '../db/database';
import { prep } from './statements';
import { type CoreContext, isNotificationConversation, notificationTwin } from './context';
import { type ConversationRow, getConversationRow } from './models';
import type { ImMsg, PullMsgs } from './types';
import { conversationMaxSeq, type MsgRow, placeholder, rowToMsg } from './message-rows';

/** Server-side budget for one pull answer, well under the SDK's 1 MiB frame limit. */
const PULL_BYTE_BUDGET = 700_000;
const MAX_CHAT_PULL = 100;
const MAX_NOTIFICATION_PULL = 500;
const MAX_SEQ_LIST = 100;

function msgSize(m: ImMsg): number {
  return m.content.byteLength + m.attachedInfo.length + m.ex.length + 300;
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
    // No ORDER BY: the rows are placed by seq below (see statements.ts for why that matters).
    'SELECT * FROM messages WHERE conversation_id = ? AND seq BETWEEN ? AND ?',
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
    const row = newestVisibleRow<MsgRow>(db, userID, id, vis.min, vis.max, '*');
    if (row) out.set(id, rowToMsg(row, false));
  }
  return out;
}

/**
 * The send time of the newest visible message of `rec`'s conversation (the message {@link lastMessages}
 * finds; 0 for none), given its visible max seq as {@link hasReadAndMaxSeqs} answered it. Reads that one
 * column, not the message: enough to order a thousand conversations.
 */
export function lastSendTime(ctx: CoreContext, rec: ConversationRow, visibleMaxSeq: number): number {
  const min = visibleRange(rec, visibleMaxSeq).min;
  return (
    newestVisibleRow<{ send_time: number }>(
      ctx.db,
      rec.owner_user_id,
      rec.conversation_id,
      min,
      visibleMaxSeq,
      'send_time',
    )?.send_time ?? 0
  );
}

function newestVisibleRow<R>(
  db: Db,
  userID: string,
  conversationID: string,
  min: number,
  max: number,
  columns: '*' | 'send_time',
): R | undefined {
  return prep<[string, number, number, string, string], R>(
    db,
    `SELECT ${columns} FROM messages m WHERE conversation_id = (SELECT ?) AND seq BETWEEN ? AND ?
       AND NOT EXISTS (SELECT 1 FROM message_deletes d WHERE d.user_id = ? AND d.conversation_id = ? AND d.seq = m.seq)
       ORDER BY seq DESC LIMIT 1`,
  ).get(conversationID, min, max, userID, conversationID);
}
