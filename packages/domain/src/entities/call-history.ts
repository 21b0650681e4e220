import type { CallMediaType } from './call';
import type { Meeting } from './meeting';

/** How a call or meeting went, as the call history says it. */
export type CallHistoryOutcome =
  | 'answered'
  | 'unanswered'
  | 'rejected'
  | 'cancelled'
  | 'handledElsewhere'
  | 'meetingJoined'
  | 'meetingMissed'
  | 'meetingInProgress'
  | 'meetingAwaitingStart';

export type CallDirection = 'outgoing' | 'incoming';

interface EntryBase {
  /** The record's client message id, or the meeting's id. */
  readonly id: string;
  readonly direction: CallDirection;
  readonly outcome: CallHistoryOutcome;
  /** Seconds connected (a call) or the meeting's length once it ended; 0 otherwise. */
  readonly durationSeconds: number;
  /** Milliseconds since the epoch: when the call's record was sent, when the meeting began. */
  readonly time: number;
  /** The user was called and did not answer, or was invited to a meeting and did not take part. */
  readonly missed: boolean;
  /** The conversation the record or the meeting's card is in. */
  readonly conversationID: string;
}

/** A one-to-one call, from its record. */
export interface CallHistoryCall extends EntryBase {
  readonly kind: 'call';
  readonly peerUserID: string;
  readonly mediaType: CallMediaType;
}

/** A meeting, from its card and the updates seen so far. */
export interface CallHistoryMeeting extends EntryBase {
  readonly kind: 'meeting';
  readonly meeting: Meeting;
  /** The group the card was posted in; empty for a card in a one-to-one chat. */
  readonly groupID: string;
}

export type CallHistoryEntry = CallHistoryCall | CallHistoryMeeting;
