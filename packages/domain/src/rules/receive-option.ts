import { RecvMsgOpt, type Conversation } from '../entities/conversation';

/**
 * What a conversation's receive option does to unread counts and notices.
 *
 * OpenIM 3.8 drops one-to-one messages to a user who chose "do not receive" (they never arrive), but
 * delivers group messages to every member and only leaves such members out of offline pushes; its SDK
 * then counts them as unread like any other, and its total leaves out only "receive without notifying".
 * The client makes "do not receive" hold for groups too: such a conversation shows no unread count,
 * adds nothing to the chat badge and never notifies. Its messages are still there when it is opened.
 */

/** Whether the conversation's unread messages count at all (its row's number, the chat badge). */
export function countsUnread(conversation: Pick<Conversation, 'recvMsgOpt'>): boolean {
  return conversation.recvMsgOpt !== RecvMsgOpt.NotReceive;
}

/** The unread count the conversation's row shows. */
export function shownUnread(conversation: Pick<Conversation, 'recvMsgOpt' | 'unreadCount'>): number {
  return countsUnread(conversation) ? Math.max(0, conversation.unreadCount) : 0;
}

/** Whether a new message in the conversation may raise a notice (only "receive and notify"). */
export function notifiesNewMessages(conversation: Pick<Conversation, 'recvMsgOpt'>): boolean {
  return conversation.recvMsgOpt === RecvMsgOpt.Normal;
}

/**
 * The chat badge from the SDK's total unread count: the SDK already leaves out "receive without
 * notifying" (and conversations without a message) but counts "do not receive"; those are taken out.
 */
export function chatBadgeCount(
  sdkTotal: number,
  conversations: readonly Pick<Conversation, 'recvMsgOpt' | 'unreadCount' | 'latestMsgSendTime'>[],
): number {
  let excluded = 0;
  for (const c of conversations) {
    if (!countsUnread(c) && c.latestMsgSendTime > 0) excluded += Math.max(0, c.unreadCount);
  }
  return Math.max(0, sdkTotal - excluded);
}
