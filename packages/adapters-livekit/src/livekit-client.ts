// The only module of the adapter that imports livekit-client (about 180 KB gzip): the rest of the
// adapter reaches it through `loadLiveKit`, so the client loads when a call needs it, not at sign-in.
import {
  createLocalTracks,
  Room,
  VideoPresets,
  type LocalParticipant,
  type LocalTrack,
  type RoomEventCallbacks,
  type RoomOptions,
} from 'livekit-client';
import type { CallDeviceKind } from '@teamim/application';
import type {
  LiveKitRoomLike,
  LocalParticipantLike,
  LocalTrackLike,
  LocalTracksRequestLike,
  MeetingRoomLike,
  MeetingRoomLikeEvents,
} from './room-like';
import { VIDEO_PUBLISH_OPTIONS } from './video-options';
import { LiveKitMeetingRoom } from './livekit-meeting-room';

/**
 * What every Room of the adapter turns on: adaptive stream (each video gets the layer its size needs)
 * and dynacast (layers nobody watches are paused), with a call's or a meeting's publish defaults.
 */
function roomOptions(publishDefaults: NonNullable<RoomOptions['publishDefaults']>): RoomOptions {
  return { adaptiveStream: true, dynacast: true, publishDefaults };
}

/** Options of a one-to-one call's Room: vp9 preferred, vp8 as backup (spec §7). */
export function liveKitRoomOptions(): RoomOptions {
  return roomOptions({
    videoCodec: VIDEO_PUBLISH_OPTIONS.videoCodec,
    backupCodec: { ...VIDEO_PUBLISH_OPTIONS.backupCodec },
    scalabilityMode: VIDEO_PUBLISH_OPTIONS.scalabilityMode,
  });
}

/**
 * Options of a meeting's Room: the camera is sent in simulcast layers. Simulcast is a vp8 feature (vp9
 * sends scalable layers instead, at a cost a 2-core laptop feels with many tiles), so a meeting prefers
 * vp8, which every browser decodes in hardware or cheaply. The camera is captured at 540p, not 720p: a
 * tile of the grid gets the 360p layer, and the smaller capture leaves a busy laptop more of its cores.
 */
export function liveKitMeetingRoomOptions(): RoomOptions {
  return {
    ...roomOptions({ videoCodec: 'vp8', simulcast: true }),
    videoCaptureDefaults: { resolution: VideoPresets.h540.resolution },
  };
}

/** A real Room as both a call and a meeting see it: its local participant does all either asks of it. */
type WrappedRoom = Omit<MeetingRoomLike, 'localParticipant'> & {
  readonly localParticipant: LocalParticipant;
};

/** Exposes a real Room through {@link LiveKitRoomLike} and {@link MeetingRoomLike}. */
export function wrapLiveKitRoom(room: Room): WrappedRoom {
  // Every event name of ours is a Room event whose listener takes arguments that are subtypes of ours
  // (RemoteParticipant has an identity, RemoteTrack a kind), so forwarding is type-safe; the cast is
  // only needed because TypeScript cannot relate the two generic `on` signatures.
  const forward = <E extends keyof MeetingRoomLikeEvents>(listener: MeetingRoomLikeEvents[E]) =>
    listener as unknown as RoomEventCallbacks[E];
  return {
    get localParticipant() {
      return room.localParticipant;
    },
    get remoteParticipants() {
      return room.remoteParticipants;
    },
    prepareConnection: (url, token) => room.prepareConnection(url, token),
    connect: (url, token, options) => room.connect(url, token, options),
    disconnect: () => room.disconnect(),
    switchActiveDevice: (kind, deviceId) => room.switchActiveDevice(kind, deviceId),
    on(event, listener) {
      room.on(event, forward(listener));
      return this;
    },
    off(event, listener) {
      room.off(event, forward(listener));
      return this;
    },
  };
}

/** A call's local participant: it publishes the tracks {@link startLocalTracks} started. */
function callParticipant(participant: LocalParticipant): LocalParticipantLike {
  return {
    setMicrophoneEnabled: (enabled, options) => participant.setMicrophoneEnabled(enabled, options),
    setCameraEnabled: (enabled, options, publishOptions) =>
      participant.setCameraEnabled(enabled, options, publishOptions),
    // Only what startLocalTracks returned comes here, and those are livekit's own LocalTracks.
    publishTrack: (track, options) => participant.publishTrack(track as LocalTrack, options),
  };
}

/** Creates a real livekit-client Room with the call's codec preferences, seen through {@link LiveKitRoomLike}. */
export function createLiveKitRoom(): LiveKitRoomLike {
  const room = wrapLiveKitRoom(new Room(liveKitRoomOptions()));
  // The Room sets its participants once, in its constructor, so reading them here once is enough.
  return { ...room, localParticipant: callParticipant(room.localParticipant) };
}

/** Creates a real livekit-client Room for a meeting, seen through {@link MeetingRoomLike}. */
export function createLiveKitMeetingRoom(): MeetingRoomLike {
  return wrapLiveKitRoom(new Room(liveKitMeetingRoomOptions()));
}

/** Starts the microphone (and the camera) without a room: nothing is published until a room's `publishTrack`. */
export function startLocalTracks(request: LocalTracksRequestLike): Promise<LocalTrackLike[]> {
  return createLocalTracks({ audio: request.audio, video: request.video });
}

/** The machine's devices of a kind (asking for permission first, so they have labels). */
export function localDevices(kind: CallDeviceKind): Promise<MediaDeviceInfo[]> {
  return Room.getLocalDevices(kind, true);
}

/** The meeting room adapter over real Rooms; its code comes with this chunk, on the first join. */
export function createMeetingRoomAdapter(): LiveKitMeetingRoom {
  return new LiveKitMeetingRoom(createLiveKitMeetingRoom);
}
