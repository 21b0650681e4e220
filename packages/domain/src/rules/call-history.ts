import type {
  CallHistoryCall,
  CallHistoryEntry,
  CallHistoryMeeting,
  CallHistoryOutcome,
} from '../entities/call-history';
import type { CallRecordData, CallRecordResult } from '../entities/custom-message';
import { MeetingState, type MeetingCardData, type MeetingUpdateData } from '../entities/meeting';
import { SessionType, type Message } from '../entities/message';
import type { I18nKey } from '../i18n/locales/en-US';
import type { MessageParams } from '../i18n/messages';
import { customPayloadOf } from './custom-message';
import { foldMeeting, meetingStateAt } from './meeting';
import { messageConversationID, messagePeerOf } from './message-flow';
import { formatCallTimer } from './time-format';

/** What the call history is built from, besides the messages. */
export interface CallHistoryContext {
  readonly selfUserID: string;
  /** Rooms of calls this device stopped ringing for because another device of the user took them. */
  readonly handledElsewhere: ReadonlySet<string>;
  readonly now: number;
}

function callOutcome(record: CallRecordData, handledElsewhere: ReadonlySet<string>): CallHistoryOutcome {
  if (record.roomID !== undefined && handledElsewhere.has(record.roomID)) return 'handledElsewhere';
  const outcomes: Record<CallRecordResult, CallHistoryOutcome> = {
    answered: 'answered',
    unanswered: 'unanswered',
    rejected: 'rejected',
    cancelled: 'cancelled',
  };
  return outcomes[record.result];
}

/**
 * A call's entry from its record. The inviter writes the record, so its sender placed the call. A record
 * is only believed in a one-to-one chat between two people: one in a group, or addressed to oneself,
 * says nothing about a call of this user.
 */
function callEntry(message: Message, record: CallRecordData, context: CallHistoryContext): CallHistoryCall[] {
  if (message.sessionType !== SessionType.Single) return [];
  const peerUserID = messagePeerOf(message, context.selfUserID);
  if (peerUserID === '' || peerUserID === context.selfUserID) return [];
  if (message.sendID !== context.selfUserID && message.recvID !== context.selfUserID) return [];
  const direction = message.sendID === context.selfUserID ? 'outgoing' : 'incoming';
  const outcome = callOutcome(record, context.handledElsewhere);
  return [
    {
      kind: 'call',
      id: message.clientMsgID,
      direction,
      outcome,
      peerUserID,
      mediaType: record.mediaType,
      durationSeconds: outcome === 'answered' ? record.durationSeconds : 0,
      time: message.sendTime,
      missed: direction === 'incoming' && (outcome === 'unanswered' || outcome === 'cancelled'),
      conversationID: messageConversationID(message, context.selfUserID),
    },
  ];
}

function meetingEntry(
  card: MeetingCardData,
  message: Message,
  updates: readonly MeetingUpdateData[],
  context: CallHistoryContext,
): CallHistoryMeeting[] {
  const self = context.selfUserID;
  const invited = card.inviteeUserIDs.length === 0 || card.inviteeUserIDs.includes(self);
  if (card.hostUserID !== self && !invited) return [];
  const meeting = foldMeeting(card, updates);
  const state = meetingStateAt(meeting, context.now);
  let outcome: CallHistoryOutcome;
  if (state === MeetingState.Finished) {
    outcome = meeting.participantUserIDs.includes(self) ? 'meetingJoined' : 'meetingMissed';
  } else if (state === MeetingState.InProgress) {
    outcome = 'meetingInProgress';
  } else if (state === MeetingState.AwaitingStart) {
    outcome = 'meetingAwaitingStart';
  } else {
    // Not started yet or called off: nothing has happened that a history would list.
    return [];
  }
  return [
    {
      kind: 'meeting',
      id: meeting.meetingID,
      direction: meeting.hostUserID === self ? 'outgoing' : 'incoming',
      outcome,
      meeting,
      groupID: message.sessionType === SessionType.Single ? '' : message.groupID,
      durationSeconds: meeting.durationSeconds ?? 0,
      time: meeting.startedAt ?? meeting.startTime,
      missed: outcome === 'meetingMissed',
      conversationID: messageConversationID(message, self),
    },
  ];
}

/**
 * The call history, newest first: one entry per call record and per meeting (its card, wherever it
 * was posted, folded with every update seen). Messages that are not records, cards or updates, or
 * whose payload is out of shape, are left out.
 */
export function buildCallHistory(
  messages: readonly Message[],
  context: CallHistoryContext,
): readonly CallHistoryEntry[] {
  const newestFirst = [...messages].sort((a, b) => b.sendTime - a.sendTime);
  const updates = new Map<string, MeetingUpdateData[]>();
  for (const message of newestFirst) {
    const payload = customPayloadOf(message);
    if (payload?.kind !== 'meetingUpdate') continue;
    const list = updates.get(payload.update.meetingID) ?? [];
    list.push(payload.update);
    updates.set(payload.update.meetingID, list);
  }
  const entries: CallHistoryEntry[] = [];
  const seen = new Set<string>();
  for (const message of newestFirst) {
    const payload = customPayloadOf(message);
    if (seen.has(message.clientMsgID)) continue;
    seen.add(message.clientMsgID);
    if (payload?.kind === 'callRecord') entries.push(...callEntry(message, payload.record, context));
    if (payload?.kind === 'meetingCard' && !seen.has(`meeting:${payload.card.meetingID}`)) {
      seen.add(`meeting:${payload.card.meetingID}`);
      const list = updates.get(payload.card.meetingID) ?? [];
      entries.push(...meetingEntry(payload.card, message, list, context));
    }
  }
  return entries.sort((a, b) => b.time - a.time);
}

/** Missed entries newer than `seenAt` (when the history was last looked at): the navigation's badge. */
export function missedCallCount(entries: readonly CallHistoryEntry[], seenAt: number): number {
  return entries.filter((e) => e.missed && e.time > seenAt).length;
}

/** The outcome as the history row says it: "Answered · 01:05", "Missed", "Handled on another device" … */
export function callHistoryOutcomeText(
  entry: Pick<CallHistoryEntry, 'outcome' | 'missed' | 'durationSeconds'>,
): {
  readonly key: I18nKey;
  readonly params?: MessageParams;
} {
  if (entry.outcome === 'answered' || entry.outcome === 'meetingJoined') {
    return {
      key: `callHistory.${entry.outcome}`,
      params: { duration: formatCallTimer(entry.durationSeconds) },
    };
  }
  if (entry.missed && entry.outcome !== 'meetingMissed') return { key: 'callHistory.missed' };
  return { key: `callHistory.${entry.outcome}` };
}

/** How many rooms of calls handled on another device a device remembers (the newest). */
export const HANDLED_ELSEWHERE_KEPT = 200;

/** Local storage: the rooms of calls this device saw handled on another, per user (a JSON array). */
export function handledElsewhereStorageKey(userID: string): string {
  return `IM_CALLS_HANDLED_ELSEWHERE_${userID}`;
}

/** Local storage: when the user last looked at the call history (milliseconds), per user. */
export function callHistorySeenStorageKey(userID: string): string {
  return `IM_CALL_HISTORY_SEEN_${userID}`;
}

/** The stored rooms, read defensively: anything but an array of non-empty strings counts as none. */
export function parseHandledElsewhere(stored: string | undefined): readonly string[] {
  if (stored === undefined) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}
