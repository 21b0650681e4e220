import type { Observable } from 'rxjs';
import type { RoomConnectionState } from '@teamim/domain';

/** The media room of a call. `connect` rejects with RemoteError (e.g. no server url). */
export abstract class RtcRoom {
  abstract connect(serverUrl: string, token: string, options: { readonly video: boolean }): Promise<void>;
  abstract disconnect(): Promise<void>;
  abstract setMicrophoneEnabled(enabled: boolean): Promise<void>;
  abstract setCameraEnabled(enabled: boolean): Promise<void>;
  /** Current connection state. Hot, replays the current value, never completes. */
  abstract readonly state$: Observable<RoomConnectionState>;
  /** Emits the user id of a remote participant who left. Hot, no replay. */
  abstract readonly participantLeft$: Observable<string>;
}
