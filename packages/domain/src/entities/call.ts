/** One-to-one calls (spec §3 "Call invitation", "Call signal", "Call access data"). */

export const CallMediaType = {
  Video: 'video',
  Audio: 'audio',
} as const;
export type CallMediaType = (typeof CallMediaType)[keyof typeof CallMediaType];

export interface CallInvitation {
  readonly roomID: string;
  readonly inviterUserID: string;
  /** The first entry is the callee. */
  readonly inviteeUserIDList: readonly string[];
  readonly mediaType: CallMediaType;
  /** Seconds; the inviter's default is 30 when absent. */
  readonly timeout?: number;
}

/** Media-room access for a roomID and the own userID. */
export interface CallAccessData {
  readonly serverUrl: string;
  readonly token: string;
}

/** A chat message sent inside a call room. */
export interface RoomChatMessage {
  readonly id: string;
  readonly timestamp: number;
  readonly message: string;
  readonly editTimestamp?: number;
}

export const CallRole = {
  Inviter: 'inviter',
  Receiver: 'receiver',
} as const;
export type CallRole = (typeof CallRole)[keyof typeof CallRole];

/** Room connection states (spec §4 Calls). */
export const RoomConnectionState = {
  Disconnected: 'disconnected',
  Connecting: 'connecting',
  Connected: 'connected',
  Reconnecting: 'reconnecting',
  SignalReconnecting: 'signalReconnecting',
} as const;
export type RoomConnectionState = (typeof RoomConnectionState)[keyof typeof RoomConnectionState];

/** Call outcomes named by the interface strings. */
export const CallOutcome = {
  Answered: 'answered',
  HungUp: 'hungUp',
  Unanswered: 'unanswered',
  HandledElsewhere: 'handledElsewhere',
} as const;
export type CallOutcome = (typeof CallOutcome)[keyof typeof CallOutcome];
