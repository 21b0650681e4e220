import {
  canResendMessage,
  conversationDisplayName,
  conversationPreview,
  conversationSortTime,
  ContentType,
  displayName,
  formatClock,
  formatRecentTime,
  isNotificationMessage,
  recentTimeChangesAt,
  redPacketExpiresAt,
  MessageStatus,
  notificationText,
  RecvMsgOpt,
  shownUnread,
  messageSummary,
  messageTime,
  mentionMark,
  meetingUpdatesAfterTheEnd,
  translate,
  type Conversation,
  type Message,
} from '@teamim/domain';
import { bubbleBody, type BubbleBody } from './bubble-body';
import { messageActions, type MessageAction } from './message-actions';

import type { ViewContext } from './view-context';

export type { ViewContext } from './view-context';

export interface ConversationRow {
  readonly id: string;
  readonly name: string;
  readonly faceURL: string;
  /** A group conversation (its avatar is a group's). */
  readonly isGroup: boolean;
  /** The last message (or the draft) as plain text. */
  readonly preview: string;
  /** Recent-time text of the later of draft and last message; '' when there is neither. */
  readonly time: string;
  /** What the row counts: nothing for a conversation set to "do not receive" (receive-option.ts). */
  readonly unread: number;
  readonly pinned: boolean;
  /** Receive option other than normal: the badge is muted and a bell-off mark shows. */
  readonly muted: boolean;
  readonly recvMsgOpt: RecvMsgOpt;
  // "[@you]" / "[@everyone]" while a mention is unread (SDK groupAtType), '' otherwise.
  readonly mentionMark: string;
}

export function conversationRow(conversation: Conversation, context: ViewContext): ConversationRow {
  const sortTime = conversationSortTime(conversation);
  return {
    id: conversation.conversationID,
    name: conversationDisplayName(conversation),
    faceURL: conversation.faceURL,
    isGroup: conversation.groupID !== '',
    preview: conversationPreview(conversation, context),
    time: sortTime > 0 ? formatRecentTime(sortTime, context) : '',
    unread: shownUnread(conversation),
    pinned: conversation.isPinned,
    muted: conversation.recvMsgOpt !== RecvMsgOpt.Normal,
    recvMsgOpt: conversation.recvMsgOpt,
    mentionMark: mentionMarkText(conversation, context),
  };
}

// The list's unread-mention mark.
function mentionMarkText(conversation: Conversation, context: ViewContext): string {
  const mark = mentionMark(conversation.groupAtType);
  if (mark === undefined) return '';
  return translate(context.locale, mark === 'you' ? 'conversation.atYou' : 'conversation.atAll');
}

export type { BubbleBody, BubblePart } from './bubble-body';

/** How one message shows in the chat view. Every text here is plain text, rendered as React text nodes. */
export type MessageView =
  | { readonly kind: 'notice'; readonly id: string; readonly text: string }
  | {
      readonly kind: 'bubble';
      readonly id: string;
      readonly own: boolean;
      readonly senderID: string;
      readonly sender: string;
      readonly senderFaceURL: string;
      /** Follows a bubble of the same sender within a few minutes: shown without avatar and name. */
      readonly continued: boolean;
      readonly time: string;
      /**
       * The time of day alone ("07:58"), for a continued bubble's narrow gutter: the bubble it continues
       * shows the day a few minutes earlier.
       */
      readonly clock: string;
      readonly body: BubbleBody;
      /** `failed` offers a resend; `notSent` failed and may not be sent again by hand (a meeting's card). */
      readonly state: 'sent' | 'sending' | 'failed' | 'notSent';
      /** What its context menu and hover toolbar offer (spec §2), in order. */
      readonly actions: readonly MessageAction[];
    };

export function messageView(
  message: Message,
  context: ViewContext,
  spinning: boolean,
  pinned = false,
): MessageView {
  const naming = { locale: context.locale, selfUserID: context.selfUserID };
  if (message.contentType === ContentType.Revoke) {
    // A locally revoked copy has no notification detail: the sender revoked it.
    const text =
      notificationText(message, naming) ??
      translate(context.locale, 'message.revoked', {
        name: displayName({ userID: message.sendID, nickname: message.senderNickname }, naming),
      });
    return { kind: 'notice', id: message.clientMsgID, text };
  }
  if (isNotificationMessage(message)) {
    return {
      kind: 'notice',
      id: message.clientMsgID,
      text: notificationText(message, naming) ?? messageSummary(message, naming),
    };
  }
  const own = message.sendID === context.selfUserID;
  const time = messageTime(message);
  return {
    kind: 'bubble',
    id: message.clientMsgID,
    own,
    senderID: message.sendID,
    sender: message.senderNickname !== '' ? message.senderNickname : message.sendID,
    senderFaceURL: message.senderFaceUrl,
    continued: false,
    time: time > 0 ? formatRecentTime(time, context) : '',
    clock: time > 0 ? formatClock(time, context.utcOffsetMinutes) : '',
    body: bubbleBody(message, context),
    state:
      message.status === MessageStatus.Failed
        ? canResendMessage(message)
          ? 'failed'
          : 'notSent'
        : message.status === MessageStatus.Sending && spinning
          ? 'sending'
          : 'sent',
    actions: messageActions(message, { selfUserID: context.selfUserID, pinned }),
  };
}

/**
 * The first instant after `context.nowMs` at which `messageView(message, …)` may differ only because the
 * clock moved: its time text, or a red packet's expiry (counted for every bubble: earlier is never
 * wrong, only a needless mapping). Notices read the same at any time.
 */
export function messageViewChangesAt(message: Message, context: ViewContext): number {
  if (message.contentType === ContentType.Revoke || isNotificationMessage(message)) {
    return Number.POSITIVE_INFINITY;
  }
  const time = messageTime(message);
  const timeText = time > 0 ? recentTimeChangesAt(time, context) : Number.POSITIVE_INFINITY;
  const expiry = redPacketExpiresAt(message.sendTime);
  return context.nowMs < expiry ? Math.min(timeText, expiry) : timeText;
}

/** Consecutive bubbles of one sender closer than this are grouped under one avatar and name. */
export const MESSAGE_GROUP_GAP_MS = 5 * 60_000;

/**
 * The views of a conversation's messages in order, with consecutive bubbles of the same sender
 * (within {@link MESSAGE_GROUP_GAP_MS}) marked as continued, as team chats group them. A meeting's
 * updates after its end are left out (`meetingUpdatesAfterTheEnd`): the chat says a meeting ended once.
 */
export function messageViews(
  messages: readonly Message[],
  context: ViewContext,
  spinning: ReadonlySet<string>,
  pinned: ReadonlySet<string> = new Set(),
): readonly MessageView[] {
  const views: MessageView[] = [];
  const afterTheEnd = meetingUpdatesAfterTheEnd(messages);
  let previous: Message | undefined;
  let previousView: MessageView | undefined;
  for (const message of messages) {
    const id = message.clientMsgID;
    if (afterTheEnd.has(id)) continue;
    const view = messageView(message, context, spinning.has(id), pinned.has(id));
    const continued =
      view.kind === 'bubble' &&
      previousView?.kind === 'bubble' &&
      previous !== undefined &&
      sameSenderRun(previous, message);
    views.push(continued ? { ...view, continued: true } : view);
    previous = message;
    previousView = view;
  }
  return views;
}

/** Two neighbouring bubbles of one sender close enough in time to share one avatar and name. */
export function sameSenderRun(previous: Message, message: Message): boolean {
  return (
    previous.sendID === message.sendID &&
    Math.abs(messageTime(message) - messageTime(previous)) < MESSAGE_GROUP_GAP_MS
  );
}
