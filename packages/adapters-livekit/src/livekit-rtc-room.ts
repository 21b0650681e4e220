import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { RemoteError, RtcRoom, type CallDeviceKind, type RtcConnectOptions } from '@teamim/application';
import { RoomConnectionState } from '@teamim/domain';
import { pageAudioWarmUp, type AudioWarmUp } from './audio-warm-up';
import { VIDEO_PUBLISH_OPTIONS } from './video-options';
import { CapturedTracks, type StartLocalTracks } from './captured-tracks';
import {
  ChosenDevices,
  joinRoom,
  listenTo,
  nextRoomState,
  onDevice,
  prefetchRoom,
  requireServerUrl,
  RtcErrorCode,
  toRemoteError,
  withTrack,
} from './livekit-room-parts';
import type {
  LiveKitRoomLike,
  LocalTrackLike,
  ParticipantLike,
  PublicationLike,
  RemoteTrackLike,
  RoomLikeEvents,
} from './room-like';

/** This device's own tracks, as platform objects to attach (on air, or the camera captured while ringing). */
export interface LocalTracks {
  readonly audio?: unknown;
  readonly video?: unknown;
}

const LEFT_WHILE_LOADING = 'the room was left before it was joined';

/**
 * A remote participant's track appeared or went away (`track` is the platform object to attach), or
 * the participant muted or unmuted it (`track` undefined).
 */
export interface RemoteTrackEvent {
  readonly type: 'subscribed' | 'unsubscribed' | 'muted' | 'unmuted';
  readonly participantID: string;
  readonly kind: string;
  readonly track: unknown;
  /** On `subscribed`: the publisher had already muted it. */
  readonly muted?: boolean;
}

const keyOf = (serverUrl: string, token: string): string => `${serverUrl}\n${token}`;

/**
 * {@link RtcRoom} over livekit-client. Each connect creates a new Room through `createRoom`
 * (production: {@link createLiveKitRoom}), publishes the microphone, and the camera with vp9
 * preferred and vp8 as backup for video calls. A one-to-one call ends when the other party
 * leaves, so the room disconnects itself then.
 *
 * While a call rings, `prepare` creates the Room (loading the client) and reaches the server, and
 * `join` joins with nothing published and automatic subscription off, so no media of the others
 * arrives; the `connect` with the same url and token then subscribes and publishes in the room
 * already joined, or joins the prepared Room.
 *
 * The microphone and camera start outside the room (`startTracks`, production: livekit's
 * `createLocalTracks`): while an outgoing call rings (`capture`, the caller's own preview) or, on
 * `connect`, while the room is being joined; the connect then publishes them. Without `startTracks`
 * the room starts them itself once joined.
 */
export class LiveKitRtcRoom extends RtcRoom {
  private readonly state = new BehaviorSubject<RoomConnectionState>(RoomConnectionState.Disconnected);
  private readonly left = new Subject<string>();
  private readonly joined = new Subject<string>();
  private readonly tracks = new Subject<RemoteTrackEvent>();
  private readonly subscriptionFailures = new Subject<void>();
  private room: LiveKitRoomLike | undefined;
  private detach: (() => void) | undefined;
  private readonly remotes = new Set<string>();
  private microphone = true;
  private camera = false;
  private readonly devices = new ChosenDevices();
  /** Counts joins and leaves, so a join whose client load outlived it knows it was left meanwhile. */
  private attempts = 0;
  /** A Room created and warmed up by `prepare`, for the connect with these url and token. */
  private prepared: { readonly room: LiveKitRoomLike; readonly key: string } | undefined;
  /** The url and token of the room joined by `join`, until the connect that goes on air in it. */
  private joinedKey: string | undefined;
  /** Joined without automatic subscription and since gone on air: subscribes to each new track itself. */
  private subscribeOnPublish = false;
  /** Joined while ringing: the one participant (the callee) whose tracks are received before `connect`. */
  private receiveFrom: string | undefined;

  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participantLeft$: Observable<string> = this.left.asObservable();
  /** Identity (user id) of a remote participant who joined. Hot, no replay. */
  readonly participantJoined$: Observable<string> = this.joined.asObservable();
  /** Remote tracks to render. Hot, no replay. */
  readonly remoteTracks$: Observable<RemoteTrackEvent> = this.tracks.asObservable();
  /** A remote track could not be subscribed to after livekit-client's retries. Hot, no replay. */
  readonly subscriptionFailed$: Observable<void> = this.subscriptionFailures.asObservable();
  private readonly local = new BehaviorSubject<LocalTracks>({});
  /**
   * This device's tracks by kind (the own video): published, or the camera captured while ringing. Hot,
   * replays; empty when neither.
   */
  readonly localTracks$: Observable<LocalTracks> = this.local.asObservable();

  private readonly captured: CapturedTracks;

  /** `createRoom` may load the client first (production: {@link createLiveKitRoom}). */
  constructor(
    private readonly createRoom: () => LiveKitRoomLike | Promise<LiveKitRoomLike>,
    startTracks?: StartLocalTracks,
    private readonly audio: Pick<AudioWarmUp, 'warm'> = pageAudioWarmUp,
  ) {
    super();
    this.captured = new CapturedTracks(startTracks, (track) =>
      this.local.next(withTrack(this.local.value, 'video', track)),
    );
  }

  async connect(serverUrl: string, token: string, options: RtcConnectOptions): Promise<void> {
    requireServerUrl(serverUrl);
    this.camera = options.video;
    this.microphone = options.microphone ?? true;
    if (!this.captured.started) {
      // The devices start while the room is joined rather than after it (a failure shows on publishing).
      this.captured
        .start(this.camera, (kind) => this.devices.capture(kind), this.microphone)
        .catch(() => undefined);
    }
    try {
      await this.enterRoom(serverUrl, token);
    } catch (cause: unknown) {
      this.captured.release();
      throw cause;
    }
    const room = this.room;
    if (room === undefined) {
      this.captured.release();
      throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    }
    this.state.next(RoomConnectionState.Connected);
    try {
      const started = await this.captured.take();
      // Both at once: the two devices go on air in parallel, and the camera is not held up by the microphone.
      await Promise.all([
        this.publishMicrophone(room, started.audio),
        this.publishCamera(room, started.video),
      ]);
    } catch (cause: unknown) {
      // Without a microphone or camera the call cannot go on: leave the room, then report why.
      await this.disconnect();
      throw toRemoteError(cause, RtcErrorCode.DeviceFailed);
    }
  }

  /** Publishes the microphone started beforehand, or starts it now (also when it could not start before). */
  private publishMicrophone(room: LiveKitRoomLike, started: LocalTrackLike | undefined): Promise<unknown> {
    if (started !== undefined && this.microphone) return room.localParticipant.publishTrack(started);
    started?.stop();
    return room.localParticipant.setMicrophoneEnabled(this.microphone, this.devices.capture('audioinput'));
  }

  private async publishCamera(room: LiveKitRoomLike, started: LocalTrackLike | undefined): Promise<unknown> {
    if (started !== undefined && this.camera) {
      return room.localParticipant.publishTrack(started, VIDEO_PUBLISH_OPTIONS);
    }
    if (started !== undefined) {
      started.stop();
      this.local.next(withTrack(this.local.value, 'video', undefined));
    }
    if (!this.camera) return undefined;
    return room.localParticipant.setCameraEnabled(
      true,
      this.devices.capture('videoinput'),
      VIDEO_PUBLISH_OPTIONS,
    );
  }

  override async capture(options: { readonly video: boolean }): Promise<void> {
    await this.captured.start(options.video, (kind) => this.devices.capture(kind));
  }

  /** The room joined while ringing (now receiving everyone), or a room joined now. */
  private async enterRoom(serverUrl: string, token: string): Promise<void> {
    const joined = this.room;
    if (joined !== undefined && this.joinedKey === keyOf(serverUrl, token)) {
      // Joined while ringing: receive the others from now on, then go on air.
      this.joinedKey = undefined;
      this.receiveFrom = undefined;
      this.subscribeOnPublish = true;
      for (const participant of joined.remoteParticipants.values())
        for (const publication of participant.trackPublications.values()) publication.setSubscribed(true);
    } else {
      await this.open(serverUrl, token, true);
    }
  }

  override async prepare(serverUrl: string, token: string): Promise<void> {
    if (serverUrl.trim() === '' || this.state.value !== RoomConnectionState.Disconnected) return;
    const attempt = ++this.attempts;
    const room = await this.createRoom();
    if (attempt !== this.attempts) return;
    this.prepared = { room, key: keyOf(serverUrl, token) };
    // The callee's audio output starts while it rings, not in the connect after the answer.
    this.audio.warm();
    await room.prepareConnection(serverUrl, token);
  }

  override async join(serverUrl: string, token: string, receiveFrom?: string): Promise<void> {
    requireServerUrl(serverUrl);
    await this.open(serverUrl, token, false);
    this.joinedKey = keyOf(serverUrl, token);
    this.receiveFrom = receiveFrom;
    // The callee may have gone on air while the join was finishing.
    const callee = receiveFrom === undefined ? undefined : this.room?.remoteParticipants.get(receiveFrom);
    for (const publication of callee?.trackPublications.values() ?? []) publication.setSubscribed(true);
  }

  /** Joins a room (the prepared one for these url and token, if any); `connecting` until on air. */
  private async open(serverUrl: string, token: string, subscribe: boolean): Promise<void> {
    const key = keyOf(serverUrl, token);
    const prepared = this.prepared?.key === key ? this.prepared.room : undefined;
    if (this.room !== undefined) {
      await this.leave();
    }
    this.prepared = undefined;
    this.state.next(RoomConnectionState.Connecting);
    const attempt = ++this.attempts;
    let room: LiveKitRoomLike;
    try {
      room = prepared ?? (await this.createRoom());
    } catch (cause: unknown) {
      // The client's code could not be loaded (offline, say): this call fails, the next one loads again.
      if (attempt === this.attempts) this.state.next(RoomConnectionState.Disconnected);
      throw toRemoteError(cause, RtcErrorCode.ConnectFailed);
    }
    // Left (or connecting again) while the client loaded: this join is no longer wanted.
    if (attempt !== this.attempts) throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    this.room = room;
    this.detach = this.listen(room);
    if (prepared === undefined) await prefetchRoom(room, serverUrl, token);
    try {
      await joinRoom(room, serverUrl, token, subscribe);
    } catch (cause: unknown) {
      this.teardown(room);
      throw cause;
    }
    for (const identity of room.remoteParticipants.keys()) this.remotes.add(identity);
  }

  async disconnect(): Promise<void> {
    this.captured.release();
    await this.leave();
  }

  /** Leaves the room, and forgets what was loading or prepared for one; the started devices stay. */
  private async leave(): Promise<void> {
    const room = this.room;
    // Whatever is still loading or was prepared for a join is no longer wanted.
    this.attempts += 1;
    this.prepared = undefined;
    this.joinedKey = undefined;
    this.receiveFrom = undefined;
    if (room === undefined) {
      if (this.state.value === RoomConnectionState.Connecting) {
        this.state.next(RoomConnectionState.Disconnected);
      }
      return;
    }
    this.teardown(room);
    try {
      await room.disconnect();
    } catch {
      // Leaving a room that is already gone has nothing left to report; the state is final here.
    }
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    this.microphone = enabled;
    await onDevice(() =>
      this.room?.localParticipant.setMicrophoneEnabled(enabled, this.devices.capture('audioinput')),
    );
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    this.camera = enabled;
    await onDevice(() =>
      this.room?.localParticipant.setCameraEnabled(
        enabled,
        this.devices.capture('videoinput'),
        VIDEO_PUBLISH_OPTIONS,
      ),
    );
  }

  /** Captures from `deviceID` from now on: switches the call in progress, and is used by later ones. */
  async selectDevice(kind: CallDeviceKind, deviceID: string): Promise<void> {
    await this.devices.select(this.room, kind, deviceID);
    await onDevice(() => this.captured.select(kind, deviceID));
  }

  /** Stops listening to `room` and reports the room as disconnected, once. */
  private teardown(room: LiveKitRoomLike): void {
    if (this.room !== room) return;
    this.detach?.();
    this.detach = undefined;
    this.room = undefined;
    this.joinedKey = undefined;
    this.receiveFrom = undefined;
    this.subscribeOnPublish = false;
    this.remotes.clear();
    this.local.next({});
    this.state.next(RoomConnectionState.Disconnected);
  }

  private listen(room: LiveKitRoomLike): () => void {
    const onTrack =
      (type: 'subscribed' | 'unsubscribed') =>
      (track: RemoteTrackLike, publication: PublicationLike | undefined, p: ParticipantLike): void => {
        this.tracks.next({
          type,
          participantID: p.identity,
          kind: track.kind,
          track: track.mediaStreamTrack,
          ...(type === 'subscribed' ? { muted: publication?.isMuted === true } : {}),
        });
      };
    const onMute =
      (type: 'muted' | 'unmuted') =>
      (publication: PublicationLike, p: ParticipantLike): void => {
        // Room reports our own mutes too; the view only needs the other party's.
        if (!this.remotes.has(p.identity)) return;
        this.tracks.next({ type, participantID: p.identity, kind: publication.kind, track: undefined });
      };
    const onLocal =
      (published: boolean) =>
      (publication: PublicationLike): void => {
        const kind = publication.kind === 'video' ? 'video' : 'audio';
        const track = published ? publication.track?.mediaStreamTrack : undefined;
        this.local.next(withTrack(this.local.value, kind, track));
      };
    return listenTo<RoomLikeEvents>(room, {
      connectionStateChanged: (state) => {
        const next = nextRoomState(state, this.state.value);
        if (next !== undefined) this.state.next(next);
      },
      participantConnected: (p) => {
        this.remotes.add(p.identity);
        this.joined.next(p.identity);
      },
      participantDisconnected: (p) => {
        this.remotes.delete(p.identity);
        this.left.next(p.identity);
        if (this.remotes.size === 0) {
          // One-to-one: the other party left, so the call is over for us too.
          void this.disconnect();
        }
      },
      trackSubscribed: onTrack('subscribed'),
      trackUnsubscribed: onTrack('unsubscribed'),
      localTrackPublished: onLocal(true),
      localTrackUnpublished: onLocal(false),
      trackMuted: onMute('muted'),
      trackUnmuted: onMute('unmuted'),
      disconnected: () => this.teardown(room),
      trackSubscriptionFailed: () => this.subscriptionFailures.next(),
      trackPublished: (publication, participant) => {
        if (this.subscribeOnPublish || participant.identity === this.receiveFrom) {
          publication.setSubscribed(true);
        }
      },
    });
  }
}
