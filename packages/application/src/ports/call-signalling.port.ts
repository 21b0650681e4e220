import type { Observable } from 'rxjs';
import type { CallInvitation, CallSignalType } from '@teamim/domain';

/** A call signal as received, with its sender. */
export interface ReceivedCallSignal {
  readonly type: CallSignalType;
  readonly invitation: CallInvitation;
  /** Sender of this signal. */
  readonly fromUserID: string;
  /**
   * Set on the copy of a signal this user sent from another of its devices (the server hands those to
   * every device of the sender): an answer or a rejection there means this device stops ringing.
   */
  readonly fromOwnDevice?: true;
}

/**
 * One-to-one call signalling, carried as online-only custom messages (customType 200-204).
 * `send` rejects with RemoteError.
 */
export abstract class CallSignalling {
  abstract send(toUserID: string, type: CallSignalType, invitation: CallInvitation): Promise<void>;
  /** Signals addressed to this user, and copies of its own from its other devices. Hot, no replay. */
  abstract readonly signals$: Observable<ReceivedCallSignal>;
}
