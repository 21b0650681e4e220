import {
  formatCallTimer,
  type CallInvitation,
  type CallMediaType,
  type CallOutcome,
  type CallRole,
} from '@teamim/domain';

export type CallPhase = 'idle' | 'waiting' | 'connecting' | 'connected';

export interface CallState {
  readonly phase: CallPhase;
  readonly role: CallRole | undefined;
  readonly invitation: CallInvitation | undefined;
  /** The other party's user id. */
  readonly peerUserID: string | undefined;
  readonly elapsedSeconds: number;
  /** mm:ss while connected (spec §2). */
  readonly timerText: string;
  readonly microphoneEnabled: boolean;
  readonly cameraEnabled: boolean;
}

/** Why a call ended, finer than the outcome: what the chat's call record says. */
export type CallEndReason = 'hungUp' | 'cancelled' | 'rejected' | 'timeout' | 'failed' | 'handledElsewhere';

export interface CallEnded {
  readonly roomID: string;
  readonly outcome: CallOutcome;
  readonly reason: CallEndReason;
  readonly role: CallRole;
  readonly peerUserID: string;
  readonly mediaType: CallMediaType;
  /** The call was connected before it ended. */
  readonly answered: boolean;
  /** Seconds spent connected; 0 for a call that was never answered. */
  readonly durationSeconds: number;
}

export interface CallServiceOptions {
  /** Seconds the inviter waits for an answer (spec: 30 s by default); tests shorten it. */
  readonly timeoutSeconds?: number;
}

/** No call: the state the service starts in and returns to. */
export const idle: CallState = {
  phase: 'idle',
  role: undefined,
  invitation: undefined,
  peerUserID: undefined,
  elapsedSeconds: 0,
  timerText: formatCallTimer(0),
  microphoneEnabled: true,
  cameraEnabled: false,
};
