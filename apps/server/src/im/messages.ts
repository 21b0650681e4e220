/**
 * Sending: one-to-one and group messages checked, stored and pushed (idempotent per sender and client message
 * ID), the conversation records they need, @-mentions; the `Operator` and `NotifyFn` the other message units share.
 * Pulls are in pull.ts, read state in read-state.ts, revoke and delete in revoke.ts, rows in message-rows.ts.
 */
import type { Db } from '../db/database';
import { prep } from './statements';
import {
  type CoreContext,
  type Effects,
  groupConversationID,
  newServerMsgID,
  singleConversationID,
} from './context';
import { argsError, contentTooLargeMessage, ErrCode, ImError, noPermission, notFound } from './errors';
import { getMemberRow, GroupStatus, memberIDs, requireLiveGroup, RoleLevel } from './group-models';
import { type ConversationRow, getConversationRow } from './models';
import { ContentType, type ImMsg, MsgFrom, MsgStatus, SessionType } from './types';
import { findSent, recordSent } from './sent-messages';
import { bump, Collection, EntryState } from './versions';
import { storeMessage } from './message-rows';

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
const AT_ALL_TAG = 'AtAllTag';

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
    throw argsError(contentTooLargeMessage(ctx.options.maxContentBytes));
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
  // Notifications (friend, profile and conversation tips) still reach the recipient, as there.
  const dropped = facts.recv_global_opt === 1 || facts.recv_conv_opt === 1;
  if (!isNotification && input.sendID !== input.recvID && dropped) {
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

export function requireOwnConversation(
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
