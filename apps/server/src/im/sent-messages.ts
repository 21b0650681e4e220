import type { Db } from '../db/database';
import { prep } from './statements';

/** What a sender was told about a stored message: the answer a re-send of it gets again. */
export interface SentRecord {
  conversationID: string;
  seq: number;
  serverMsgID: string;
  sendTime: number;
}

/**
 * Sends are idempotent per sender and client message ID. The SDK re-sends a message whose
 * acknowledgement it never got (the server died between committing and answering, or the socket
 * dropped); the re-send must get the original's seq, server ID and time instead of a second copy.
 * The record is written in the send's own transaction, so it exists exactly when the message does.
 */
export function findSent(db: Db, sendID: string, clientMsgID: string): SentRecord | undefined {
  return prep<[string, string], SentRecord>(
    db,
    `SELECT conversation_id AS conversationID, seq, server_msg_id AS serverMsgID, send_time AS sendTime
       FROM sent_messages WHERE send_id = ? AND client_msg_id = ?`,
  ).get(sendID, clientMsgID);
}

/** Records a stored message under its sender's client message ID (call inside the send's transaction). */
export function recordSent(
  db: Db,
  msg: { sendID: string; clientMsgID: string; seq: number; serverMsgID: string; sendTime: number },
  conversationID: string,
): void {
  prep(
    db,
    `INSERT INTO sent_messages (send_id, client_msg_id, conversation_id, seq, server_msg_id, send_time)
       VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(msg.sendID, msg.clientMsgID, conversationID, msg.seq, msg.serverMsgID, msg.sendTime);
}
