/**
 * The part of livekit-client's `Room` the adapter uses. The real `Room` satisfies it (checked in
 * livekit-factory.ts); tests pass a fake room object instead, since no LiveKit server runs here.
 */

/** A remote participant as far as the adapter cares: its identity is the OpenIM user id. */
export interface ParticipantLike {
  readonly identity: string;
}

/** A remote participant's published track, subscribed to or not (automatic subscription may be off). */
export interface RemotePublicationLike {
  setSubscribed(subscribed: boolean): void;
}

/** A remote participant with its published tracks. */
export interface RemoteParticipantLike extends ParticipantLike {
  readonly trackPublications: ReadonlyMap<string, RemotePublicationLike>;
}

/**
 * A track livekit-client plays in a media element itself (`attach`), watching the element's size and
 * visibility to pick what it receives (adaptive stream); `detach` stops both.
 */
export interface AttachableTrackLike {
  attach?(element: HTMLMediaElement): unknown;
  detach?(element: HTMLMediaElement): unknown;
}

/** A subscribed remote track: its kind and the platform track for the view to attach. */
export interface RemoteTrackLike extends AttachableTrackLike {
  readonly kind: string;
  readonly mediaStreamTrack?: unknown;
  /** Adaptive stream has read the size of the element the video plays in (livekit's TrackEvent). */
  once?(event: 'videoDimensionsChanged', listener: () => void): unknown;
}

/** livekit-client's `VideoQuality` values (the protocol's), as the adapter asks for layers. */
export const VIDEO_QUALITY = { low: 0, high: 2 } as const;

/** A published track as seen in mute and publish events: its kind, and the track once there is one. */
export interface PublicationLike {
  readonly kind: string;
  /** The publisher has muted it (a microphone off, a camera turned off). */
  readonly isMuted?: boolean;
  /** What it captures: livekit's `camera`, `microphone`, `screen_share`, `screen_share_audio`. */
  readonly source?: string;
  readonly track?: ({ readonly mediaStreamTrack?: unknown } & AttachableTrackLike) | undefined;
  /** A remote video: the best layer to receive, within what adaptive stream asks for. */
  setVideoQuality?(quality: number): void;
}

/** The Room events the adapter listens to (names and argument order as in livekit-client). */
export interface RoomLikeEvents {
  connectionStateChanged: (state: string) => void;
  participantConnected: (participant: ParticipantLike) => void;
  participantDisconnected: (participant: ParticipantLike) => void;
  trackSubscribed: (
    track: RemoteTrackLike,
    publication: PublicationLike,
    participant: ParticipantLike,
  ) => void;
  trackUnsubscribed: (
    track: RemoteTrackLike,
    publication: PublicationLike,
    participant: ParticipantLike,
  ) => void;
  /** Fired for local and remote publications alike; the adapter reports only remote ones. */
  trackMuted: (publication: PublicationLike, participant: ParticipantLike) => void;
  trackUnmuted: (publication: PublicationLike, participant: ParticipantLike) => void;
  /** Our own microphone or camera went on air or off it (the view shows the own camera). */
  localTrackPublished: (publication: PublicationLike, participant: ParticipantLike) => void;
  localTrackUnpublished: (publication: PublicationLike, participant: ParticipantLike) => void;
  disconnected: (reason?: unknown) => void;
  /** A remote participant published a track (subscribed to automatically unless that is off). */
  trackPublished: (publication: RemotePublicationLike, participant: ParticipantLike) => void;
  /** Subscribing to a remote track failed after livekit-client's own retries. */
  trackSubscriptionFailed: (trackSid: string, participant: ParticipantLike, reason?: unknown) => void;
}

/** Codec preferences and the like, passed through to livekit-client untouched. */
export interface VideoPublishOptionsLike {
  readonly videoCodec: 'vp9';
  readonly backupCodec: { readonly codec: 'vp8' };
  readonly scalabilityMode: 'L1T3';
}

/** Which device to capture from (livekit's capture options; absent means the browser's default). */
export interface CaptureOptionsLike {
  readonly deviceId: string;
}

/** A microphone or camera started on this device, published or not (livekit's `LocalTrack`). */
export interface LocalTrackLike {
  /** `audio` or `video`. */
  readonly kind: string;
  /** The platform track, for the own preview. */
  readonly mediaStreamTrack: unknown;
  /** Stops the device (a camera's light goes off). */
  stop(): void;
  /** Captures from another device from now on. */
  setDeviceId(deviceId: string): Promise<unknown>;
}

/** The devices to start (livekit's `createLocalTracks` options): `true` is the browser's default device. */
export interface LocalTracksRequestLike {
  readonly audio: CaptureOptionsLike | boolean;
  readonly video: CaptureOptionsLike | boolean;
}

export interface LocalParticipantLike {
  /** Puts a track started beforehand on air (livekit's `publishTrack`). */
  publishTrack(track: LocalTrackLike, options?: VideoPublishOptionsLike): Promise<unknown>;
  setMicrophoneEnabled(enabled: boolean, options?: CaptureOptionsLike): Promise<unknown>;
  setCameraEnabled(
    enabled: boolean,
    options?: CaptureOptionsLike,
    publishOptions?: VideoPublishOptionsLike,
  ): Promise<unknown>;
}

export interface LiveKitRoomLike {
  readonly localParticipant: LocalParticipantLike;
  /** Participants already in the room, by identity (filled once connected). */
  readonly remoteParticipants: ReadonlyMap<string, RemoteParticipantLike>;
  /** Region lookup and a HEAD prefetch of the server before the signalling connection (spec §7). */
  prepareConnection(url: string, token: string): Promise<void>;
  /** `autoSubscribe: false` receives no remote track until it is subscribed to by hand. */
  connect(url: string, token: string, options: { readonly autoSubscribe: boolean }): Promise<void>;
  disconnect(): Promise<void>;
  /** Moves the published microphone or camera to another device. */
  switchActiveDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<unknown>;
  on<E extends keyof RoomLikeEvents>(event: E, listener: RoomLikeEvents[E]): unknown;
  off<E extends keyof RoomLikeEvents>(event: E, listener: RoomLikeEvents[E]): unknown;
}

/** Events a meeting room listens to besides a call's (names and argument order as in livekit-client). */
export interface MeetingRoomLikeEvents extends RoomLikeEvents {
  /** Everyone speaking now, loudest first (the own participant included). */
  activeSpeakersChanged: (speakers: readonly ParticipantLike[]) => void;
  /** A data message; `participant` is the sender as the SFU knows it (absent for server messages). */
  dataReceived: (payload: Uint8Array, participant?: ParticipantLike, kind?: unknown, topic?: string) => void;
}

export interface MeetingLocalParticipantLike {
  readonly identity: string;
  setMicrophoneEnabled(enabled: boolean, options?: CaptureOptionsLike): Promise<unknown>;
  setCameraEnabled(enabled: boolean, options?: CaptureOptionsLike): Promise<unknown>;
  /** Asks the browser for a screen (`getDisplayMedia`) and publishes it, or stops sharing. */
  setScreenShareEnabled(enabled: boolean): Promise<unknown>;
  publishData(
    data: Uint8Array,
    options: { readonly reliable: boolean; readonly topic: string },
  ): Promise<void>;
}

/** The part of livekit-client's `Room` a meeting room uses. */
export interface MeetingRoomLike extends Omit<LiveKitRoomLike, 'localParticipant' | 'on' | 'off'> {
  readonly localParticipant: MeetingLocalParticipantLike;
  on<E extends keyof MeetingRoomLikeEvents>(event: E, listener: MeetingRoomLikeEvents[E]): unknown;
  off<E extends keyof MeetingRoomLikeEvents>(event: E, listener: MeetingRoomLikeEvents[E]): unknown;
}
