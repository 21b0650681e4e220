import type { Observable } from 'rxjs';
import type { CallInvitation, CallSignalType } from '@teamim/domain';

/** A call signal as received, with its sender. */
export interface ReceivedCallSignal {
  readonly type: CallSignalType;
  readonly invitation: CallInvitation;
  /** Sender of this signal. */
  readonly fromUserID: string;
}

/**
 * One-to-one call signalling, carried as online-only custom messages (customType 200-204).
 * `send` rejects with RemoteError.
 */
export abstract class CallSignalling {
  abstract send(toUserID: string, type: CallSignalType, invitation: CallInvitation): Promise<void>;
  /** Signals addressed to this user. Hot, no replay, never completes. */
  abstract readonly signals$: Observable<ReceivedCallSignal>;
}
