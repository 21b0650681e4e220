import type { Observable } from 'rxjs';
import type { RoomConnectionState } from '@teamim/domain';

/** What goes on air at `connect`: the camera when `video`, the microphone unless `microphone` is false. */
export interface RtcConnectOptions {
  readonly video: boolean;
  readonly microphone?: boolean;
}

/**
 * The media room of a call. `connect` rejects with RemoteError (e.g. no server url).
 *
 * A call that rings can make its room ready before the answer: `prepare` (the receiver) and `join` (the
 * inviter) are best effort and put nothing on air; the `connect` with the same url and token that follows
 * the answer then has less left to do. A room without them connects in full on `connect`, so both do
 * nothing by default. `disconnect` also drops whatever was prepared, joined or captured.
 */
export abstract class RtcRoom {
  /** `microphone` (on unless false) is the call's own: a mute of an earlier call is not carried over. */
  abstract connect(serverUrl: string, token: string, options: RtcConnectOptions): Promise<void>;
  /** Loads what a connect needs and reaches the server; joins nothing. */
  prepare(_serverUrl: string, _token: string): Promise<void> {
    return Promise.resolve();
  }
  /**
   * Joins the room with nothing published and nothing of the others received until `connect`, except
   * what `receiveFrom` publishes: the callee puts media on air only once it has answered, so receiving it
   * at once takes the subscription off the path from the answer to the first frame (it is shown only
   * once the call is connected).
   */
  join(_serverUrl: string, _token: string, _receiveFrom?: string): Promise<void> {
    return Promise.resolve();
  }
  /**
   * Starts this device's microphone, and its camera when `video`, without putting either on air: the
   * caller sees itself while its call rings, and the `connect` after the answer publishes these tracks
   * instead of starting the devices then. Nobody else receives them before that `connect`; `disconnect`
   * stops them (the camera's light goes off). Best effort: after a failure here (it may reject) `connect`
   * starts the devices itself, as without it.
   */
  capture(_options: { readonly video: boolean }): Promise<void> {
    return Promise.resolve();
  }
  abstract disconnect(): Promise<void>;
  abstract setMicrophoneEnabled(enabled: boolean): Promise<void>;
  abstract setCameraEnabled(enabled: boolean): Promise<void>;
  /** Current connection state. Hot, replays the current value, never completes. */
  abstract readonly state$: Observable<RoomConnectionState>;
  /** Emits the user id of a remote participant who left. Hot, no replay. */
  abstract readonly participantLeft$: Observable<string>;
  /**
   * Emits the user id of a remote participant who entered the room (the media server vouches for who it
   * is). Hot, no replay.
   */
  abstract readonly participantJoined$: Observable<string>;
}
