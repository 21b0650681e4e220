import type { Observable } from 'rxjs';

/**
 * The media of the call in progress, as platform objects the view attaches (a browser's
 * MediaStreamTrack); the application never looks inside them. Each is absent while there is none.
 */
export interface CallMediaTracks {
  readonly remoteVideo?: unknown;
  readonly remoteAudio?: unknown;
  readonly localVideo?: unknown;
  /** The other party muted their microphone or turned off their camera. */
  readonly remoteAudioMuted: boolean;
  readonly remoteVideoMuted: boolean;
}

export const NO_CALL_MEDIA: CallMediaTracks = { remoteAudioMuted: false, remoteVideoMuted: false };

/** What the media room shows and hears during a call, and whether this platform can take part at all. */
export abstract class CallMedia {
  /** Hot, replays the current tracks; {@link NO_CALL_MEDIA} outside a call. */
  abstract readonly tracks$: Observable<CallMediaTracks>;
  /** A remote track could not be subscribed to, after the media room's own retries (spec §8). Hot. */
  abstract readonly subscriptionFailed$: Observable<void>;
  /** WebRTC and media devices are there (spec §8 "browser not supported" otherwise). */
  abstract supported(): boolean;
}
