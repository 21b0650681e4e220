import { lazyModule } from '@teamim/application';
import type { LiveKitRoomLike, LocalTrackLike, LocalTracksRequestLike } from './room-like';

/**
 * Whether this browser can take part in calls (WebRTC as livekit-client needs it: its
 * `isBrowserSupported`, checked without loading the client): the toast otherwise.
 */
export function isRtcSupported(): boolean {
  if (typeof RTCPeerConnection === 'undefined') return false;
  return 'addTransceiver' in RTCPeerConnection.prototype || 'addTrack' in RTCPeerConnection.prototype;
}

/**
 * livekit-client and the code over it, loaded when a call first needs a room or the device list (or
 * earlier through `loadLiveKit.prefetch()`); a failed load is tried again on the next use.
 */
export const loadLiveKit = lazyModule(() => import('./livekit-client'));

/** Creates a real livekit-client Room with the codec preferences, seen through {@link LiveKitRoomLike}. */
export async function createLiveKitRoom(): Promise<LiveKitRoomLike> {
  return (await loadLiveKit()).createLiveKitRoom();
}

/** Starts this device's microphone (and camera) for a call's room to publish later (loading the client). */
export async function startLiveKitTracks(request: LocalTracksRequestLike): Promise<LocalTrackLike[]> {
  return (await loadLiveKit()).startLocalTracks(request);
}
