// The only module of the adapter that imports livekit-client (about 180 KB gzip): the rest of the
// adapter reaches it through `loadLiveKit`, so the client loads when a call needs it, not at sign-in.
import { Room, type RoomEventCallbacks, type RoomOptions } from 'livekit-client';
import type { CallDeviceKind } from '@teamim/application';
import type { LiveKitRoomLike, MeetingRoomLike, MeetingRoomLikeEvents, RoomLikeEvents } from './room-like';
import { VIDEO_PUBLISH_OPTIONS } from './video-options';
import { LiveKitMeetingRoom } from './livekit-meeting-room';

/** Options of every Room the adapter creates. */
export function liveKitRoomOptions(): RoomOptions {
  return {
    adaptiveStream: true,
    dynacast: true,
    publishDefaults: {
      videoCodec: VIDEO_PUBLISH_OPTIONS.videoCodec,
      backupCodec: { ...VIDEO_PUBLISH_OPTIONS.backupCodec },
    },
  };
}

/** Exposes a real Room through {@link LiveKitRoomLike}. */
export function wrapLiveKitRoom(room: Room): LiveKitRoomLike {
  // Every RoomLikeEvents name is a Room event whose listener takes arguments that are subtypes of
  // ours (RemoteParticipant has an identity, RemoteTrack a kind), so forwarding is type-safe; the
  // cast is only needed because TypeScript cannot relate the two generic `on` signatures.
  const forward = <E extends keyof RoomLikeEvents>(listener: RoomLikeEvents[E]) =>
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

/** Creates a real livekit-client Room with the codec preferences, seen through {@link LiveKitRoomLike}. */
export function createLiveKitRoom(): LiveKitRoomLike {
  return wrapLiveKitRoom(new Room(liveKitRoomOptions()));
}

/**
 * Options of a meeting's Room: besides adaptive stream (each tile gets the layer its size needs) and
 * dynacast (layers nobody watches are paused), the camera is sent in simulcast layers. Simulcast is a
 * vp8 feature (vp9 sends scalable layers instead, at a cost a 2-core laptop feels with many tiles), so
 * a meeting prefers vp8, which every browser decodes in hardware or cheaply.
 */
export function liveKitMeetingRoomOptions(): RoomOptions {
  return {
    adaptiveStream: true,
    dynacast: true,
    publishDefaults: { videoCodec: 'vp8', simulcast: true },
  };
}

/** Creates a real livekit-client Room for a meeting, seen through {@link MeetingRoomLike}. */
export function createLiveKitMeetingRoom(): MeetingRoomLike {
  const room = new Room(liveKitMeetingRoomOptions());
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

/** The machine's devices of a kind (asking for permission first, so they have labels). */
export function localDevices(kind: CallDeviceKind): Promise<MediaDeviceInfo[]> {
  return Room.getLocalDevices(kind, true);
}

/** The meeting room adapter over real Rooms; its code comes with this chunk, on the first join. */
export function createMeetingRoomAdapter(): LiveKitMeetingRoom {
  return new LiveKitMeetingRoom(createLiveKitMeetingRoom);
}
