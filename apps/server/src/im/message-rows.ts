/** The messages table: seq allocation, storing a message, and reading rows back as messages (revoked, deleted). */
import type { Db } from '../db/database';
import { prep } from './statements';
import { ContentType, type ImMsg, MsgStatus } from './types';

export interface MsgRow {
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

export interface RevokeMark {
  revokerID: string;
  revokerRole: number;
  revokerNickname: string;
  revokeTime: number;
}

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
export function rowToMsg(r: MsgRow, deletedForViewer: boolean): ImMsg {
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

/** Assigns the next gap-free seq of a conversation (chat or `n_` stream). */
function allocSeq(db: Db, conversationID: string, now: number): number {
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
