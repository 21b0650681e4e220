import { TIMINGS_MS } from '../constants';
import type { Conversation } from '../entities/conversation';
import { ContentType, MessageStatus, NOTIFICATION_CONTENT_TYPES, SessionType } from '../entities/message';
import type { Message } from '../entities/message';
import { customPayloadOf, isCallSignalMessage } from './custom-message';
import { groupConversationID, isGroupSession, singleConversationID } from './conversation';

/** §4 Messages: which messages go where. */

/** Whether a message belongs to the open conversation (from or for it). */
export function isMessageForConversation(
  message: Pick<Message, 'sessionType' | 'groupID' | 'sendID' | 'recvID'>,
  conversation: Pick<Conversation, 'conversationType' | 'groupID' | 'userID'>,
  selfUserID: string,
): boolean {
  if (isGroupSession(conversation.conversationType)) {
    return isGroupSession(message.sessionType) && message.groupID === conversation.groupID;
  }
  if (isGroupSession(message.sessionType)) return false;
  const peer = conversation.userID;
  // A note to self (the peer is the user) has the same id on both ends and matches either case.
  return (
    (message.sendID === peer && message.recvID === selfUserID) ||
    (message.sendID === selfUserID && message.recvID === peer)
  );
}

/** The other user of a one-to-one message, seen from `selfUserID` (a note to self names the user). */
export function messagePeerOf(message: Pick<Message, 'sendID' | 'recvID'>, selfUserID: string): string {
  return message.sendID === selfUserID ? message.recvID : message.sendID;
}

/**
 * The conversation a message belongs to, seen from `selfUserID`: its group's for any but one-to-one
 * messages; '' when the message cannot say.
 */
export function messageConversationID(
  message: Pick<Message, 'sessionType' | 'groupID' | 'sendID' | 'recvID'>,
  selfUserID: string,
): string {
  if (message.sessionType !== SessionType.Single) {
    return message.groupID ? groupConversationID(message.groupID) : '';
  }
  const peer = messagePeerOf(message, selfUserID);
  return selfUserID && peer ? singleConversationID(selfUserID, peer) : '';
}

/**
 * The time a message sorts and shows by: the server's send time, else (not yet accepted) its creation
 * time, else 0 (unknown).
 */
export function messageTime(message: Pick<Message, 'sendTime' | 'createTime'>): number {
  return message.sendTime > 0 ? message.sendTime : (message.createTime ?? 0);
}

/**
 * §4 The order of a conversation's messages, oldest first: by time, and messages of the same time by
 * the server's seq (messages sent within one millisecond share a time; seq is the order the server
 * stored them in). A message without a seq (still sending or failed) comes after those with one.
 */
export function compareMessagesInConversation(
  a: Pick<Message, 'sendTime' | 'createTime' | 'seq'>,
  b: Pick<Message, 'sendTime' | 'createTime' | 'seq'>,
): number {
  const byTime = messageTime(a) - messageTime(b);
  if (byTime !== 0) return byTime;
  const seqA = sortSeq(a.seq);
  const seqB = sortSeq(b.seq);
  return seqA < seqB ? -1 : seqA > seqB ? 1 : 0;
}

/** A message without a seq (none, or 0) sorts after every message with one. */
function sortSeq(seq: number | undefined): number {
  const known = seq ?? 0;
  return known > 0 ? known : Number.POSITIVE_INFINITY;
}

/**
 * A conversation's messages in their order (stable: equal messages keep the order they came in). A list
 * already in order is returned as it is: a page of older history joined to a long one mostly is, and
 * sorting a copy of it for each page made garbage the scroll paused to collect.
 */
export function orderMessages<T extends Pick<Message, 'sendTime' | 'createTime' | 'seq'>>(
  messages: readonly T[],
): readonly T[] {
  for (let i = 1; i < messages.length; i += 1) {
    if (compareMessagesInConversation(messages[i - 1] as T, messages[i] as T) > 0) {
      return [...messages].sort(compareMessagesInConversation);
    }
  }
  return messages;
}

/** Typing and revoke content are never appended; call-signal custom messages are skipped. */
export function isAppendableIncoming(message: Message): boolean {
  if (message.contentType === ContentType.Typing || message.contentType === ContentType.Revoke) return false;
  return !isCallSignalMessage(message);
}

/** Incoming messages are suppressed for 5 s after the app resumes. */
export function isWithinResumeSuppression(resumedAtMs: number | undefined, nowMs: number): boolean {
  // Never resumed is as if resumed infinitely long ago.
  return nowMs - (resumedAtMs ?? Number.NEGATIVE_INFINITY) < TIMINGS_MS.resumeSuppression;
}

/** The sending spinner shows once a message has been sending for 1 s. */
export function shouldShowSendingSpinner(
  message: Pick<Message, 'status'>,
  sendStartedAtMs: number,
  nowMs: number,
): boolean {
  return (
    message.status === MessageStatus.Sending && nowMs - sendStartedAtMs >= TIMINGS_MS.sendingSpinnerDelay
  );
}

/** A failed message shows the warning icon (and may be resent). */
export function isFailed(message: Pick<Message, 'status'>): boolean {
  return message.status === MessageStatus.Failed;
}

const FORWARDABLE = new Set<number>([
  ContentType.Text,
  ContentType.AtText,
  ContentType.Picture,
  ContentType.Voice,
  ContentType.Video,
  ContentType.File,
  ContentType.Card,
  ContentType.Location,
  ContentType.Face,
  ContentType.Merge,
  ContentType.Quote,
]);

/**
 * §4 Forward: unsupported content types produce a warning and count as failed. Red packets, call
 * signals, notifications, typing and revoked messages cannot be forwarded.
 */
export function isForwardable(message: Pick<Message, 'contentType'>): boolean {
  return FORWARDABLE.has(message.contentType);
}

export function isNotificationMessage(message: Pick<Message, 'contentType'>): boolean {
  return NOTIFICATION_CONTENT_TYPES.has(message.contentType) || message.contentType === ContentType.Revoke;
}

/** Whether a message is a red packet (a custom message with the red packet's customType). */
export function isRedPacketMessage(message: Message): boolean {
  return message.contentType === ContentType.Custom && message.customElem?.payload.kind === 'redPacket';
}

export interface ForwardOutcome {
  readonly succeeded: number;
  readonly failed: number;
}

/**
 * §8 Forward toasts: all failed → 'forward failed'; otherwise the success/failure summary. A
 * network failure of every target is reported as 'check network or retry'.
 */
export function forwardResultToast(
  outcome: ForwardOutcome,
  allFailedByNetwork = false,
): {
  readonly i18nKey: 'toast.forwardSummary' | 'toast.forwardFailed' | 'toast.forwardFailedNetwork';
  readonly params?: { readonly success: number; readonly failed: number };
} {
  if (outcome.succeeded === 0) {
    return { i18nKey: allFailedByNetwork ? 'toast.forwardFailedNetwork' : 'toast.forwardFailed' };
  }
  return { i18nKey: 'toast.forwardSummary', params: { success: outcome.succeeded, failed: outcome.failed } };
}

/**
 * Whether a failed message may be sent again by hand (spec §4, resend of failed messages). A meeting's
 * card and its changes may not: the action that posted one failed and said so, and a resend later would
 * announce what it gave up on. A meeting's end may: sent late, it still tells the truth.
 */
export function canResendMessage(message: Pick<Message, 'status' | 'customElem'>): boolean {
  if (message.status !== MessageStatus.Failed) return false;
  const payload = customPayloadOf(message);
  if (payload?.kind === 'meetingCard') return false;
  return payload?.kind !== 'meetingUpdate' || payload.update.action === 'ended';
}
