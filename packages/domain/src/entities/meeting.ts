/**
 * Group video meetings. The spec names meetings, their states and a "meeting invite" content type but
 * shows no format, so the card and its updates are custom messages of our own
 * (docs/spec-deviations.md): a meeting lives only in the conversations it was posted to, which keeps
 * it working against a real OpenIM deployment with nothing of ours on the server.
 */

/** The spec's meeting states, plus the cancelled meeting a scheduled one can become. */
export const MeetingState = {
  NotStarted: 'notStarted',
  AwaitingStart: 'awaitingStart',
  InProgress: 'inProgress',
  Finished: 'finished',
  Cancelled: 'cancelled',
} as const;
export type MeetingState = (typeof MeetingState)[keyof typeof MeetingState];

export type MeetingKind = 'quick' | 'scheduled';

/**
 * `customElem.data` of a meeting card (customType 206), posted once when a meeting is started or
 * scheduled. What changes later arrives as updates; the card itself is never edited.
 */
export interface MeetingCardData {
  readonly customType: 206;
  readonly meetingID: string;
  /** The media room's name, handed to the chat API's RTC token call. */
  readonly roomID: string;
  readonly kind: MeetingKind;
  readonly title: string;
  readonly hostUserID: string;
  /** Milliseconds since the epoch; a quick meeting's is when it was started. */
  readonly startTime: number;
  readonly durationMinutes: number;
  readonly description: string;
  /** People invited through the picker; empty when the meeting belongs to the group it was posted in. */
  readonly inviteeUserIDs: readonly string[];
}

export type MeetingUpdateAction = 'started' | 'ended' | 'cancelled' | 'edited';

/** `customElem.data` of a meeting update (customType 207): one change of a meeting's card. */
export interface MeetingUpdateData {
  readonly customType: 207;
  readonly meetingID: string;
  readonly action: MeetingUpdateAction;
  /** Milliseconds since the epoch, by the sender's clock. */
  readonly at: number;
  /** `ended`: everyone who was in the room at some point. */
  readonly participantUserIDs?: readonly string[];
  /** `ended`: seconds between the start and the end. */
  readonly durationSeconds?: number;
  /** `edited`: the fields that changed. */
  readonly title?: string;
  readonly startTime?: number;
  readonly durationMinutes?: number;
  readonly description?: string;
}

/** A meeting as its card and the updates seen so far describe it. */
export interface Meeting {
  readonly meetingID: string;
  readonly roomID: string;
  readonly kind: MeetingKind;
  readonly title: string;
  readonly hostUserID: string;
  readonly startTime: number;
  readonly durationMinutes: number;
  readonly description: string;
  readonly inviteeUserIDs: readonly string[];
  readonly startedAt?: number;
  readonly endedAt?: number;
  readonly durationSeconds?: number;
  readonly participantUserIDs: readonly string[];
  readonly cancelled: boolean;
}

/** Limits of the meeting form (ours: the spec gives none). */
export const MEETING_LIMITS = {
  titleMaxLength: 100,
  descriptionMaxLength: 1000,
  minDurationMinutes: 15,
  maxDurationMinutes: 480,
  maxInvitees: 100,
} as const;
