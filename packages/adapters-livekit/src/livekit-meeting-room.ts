import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import {
  MeetingRoom,
  RemoteError,
  type CallDeviceKind,
  type MeetingEndRequest,
  type MeetingLeaveNotice,
  type MeetingParticipantMedia,
  type MeetingRoomJoinOptions,
} from '@teamim/application';
import {
  buildMeetingEndSignal,
  buildMeetingLeavingSignal,
  MEETING_CONTROL_TOPIC,
  parseMeetingEndSignal,
  parseMeetingLeavingSignal,
  RoomConnectionState,
} from '@teamim/domain';
import { pageAudioWarmUp, type AudioWarmUp } from './audio-warm-up';
import {
  ChosenDevices,
  joinRoom,
  listenTo,
  nextRoomState,
  onDevice,
  requireServerUrl,
  RtcErrorCode,
  startAtLowestLayer,
  toRemoteError,
  withTrack,
} from './livekit-room-parts';
import type {
  MeetingRoomLike,
  MeetingRoomLikeEvents,
  ParticipantLike,
  PublicationLike,
  RemoteTrackLike,
} from './room-like';
import { playingVideo, RoomVideos, type PlayingVideo } from './video-elements';

/** What the room knows of one remote participant's tracks. */
interface RemoteMedia {
  audio?: unknown;
  audioMuted: boolean;
  video?: unknown;
  videoMuted: boolean;
  screen?: unknown;
}

type Slot = 'audio' | 'video' | 'screen';

/** Which of a participant's slots a publication fills: its source, or else its kind. */
function slotOf(publication: PublicationLike | undefined, kind: string): Slot | undefined {
  const source = publication?.source;
  if (source === 'screen_share') return 'screen';
  // The sound of a shared tab is not played: a meeting's own audio already reaches everyone.
  if (source === 'screen_share_audio') return undefined;
  return kind === 'video' ? 'video' : 'audio';
}

const LEFT_WHILE_LOADING = 'the meeting was left before it was joined';

/** Where the page's lifecycle events arrive (the browser's window). */
export type PageEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const browserPage = (): PageEvents | undefined => (typeof window === 'undefined' ? undefined : window);

/**
 * {@link MeetingRoom} over livekit-client. Each connect creates a new Room through `createRoom`
 * (production: `createLiveKitMeetingRoom`, with adaptive stream, dynacast and simulcast), then publishes
 * the microphone and camera as asked. Unlike a one-to-one call it stays when others leave; the end for
 * everyone travels as a reliable data message whose sender identity the SFU vouches for, as does a
 * participant's leaving. While in a room the page's pagehide is reported (`pageLeaving$`) before
 * livekit's own handler, registered later with the connect, leaves the room.
 */
export class LiveKitMeetingRoom extends MeetingRoom {
  private readonly state = new BehaviorSubject<RoomConnectionState>(RoomConnectionState.Disconnected);
  private readonly participants = new BehaviorSubject<readonly MeetingParticipantMedia[]>([]);
  private readonly ends = new Subject<MeetingEndRequest>();
  private readonly leaves = new Subject<MeetingLeaveNotice>();
  private readonly pageLeaves = new Subject<void>();
  private room: MeetingRoomLike | undefined;
  private detach: (() => void) | undefined;
  private identity = '';
  private readonly remotes = new Map<string, RemoteMedia>();
  private speaking = new Set<string>();
  private local: { video?: unknown; screen?: unknown } = {};
  private microphone = false;
  private camera = false;
  private readonly devices = new ChosenDevices();
  /** The livekit track behind each video handed out, and the element it plays in. */
  private readonly videos: RoomVideos;
  private attempts = 0;

  readonly state$: Observable<RoomConnectionState> = this.state.asObservable();
  readonly participants$: Observable<readonly MeetingParticipantMedia[]> = this.participants.asObservable();
  readonly endRequests$: Observable<MeetingEndRequest> = this.ends.asObservable();
  readonly leaveNotices$: Observable<MeetingLeaveNotice> = this.leaves.asObservable();
  readonly pageLeaving$: Observable<void> = this.pageLeaves.asObservable();

  constructor(
    private readonly createRoom: () => MeetingRoomLike | Promise<MeetingRoomLike>,
    private readonly page: PageEvents | undefined = browserPage(),
    private readonly audio: Pick<AudioWarmUp, 'warm'> = pageAudioWarmUp,
    playing: PlayingVideo = playingVideo,
  ) {
    super();
    this.videos = new RoomVideos(playing);
  }

  /** A join is likely: the browser's audio output starts now rather than in the join. */
  prepare(): void {
    this.audio.warm();
  }

  async connect(serverUrl: string, token: string, options: MeetingRoomJoinOptions): Promise<void> {
    requireServerUrl(serverUrl);
    if (this.room !== undefined) await this.disconnect();
    this.state.next(RoomConnectionState.Connecting);
    const attempt = ++this.attempts;
    let room: MeetingRoomLike;
    try {
      room = await this.createRoom();
    } catch (cause: unknown) {
      if (attempt === this.attempts) this.state.next(RoomConnectionState.Disconnected);
      throw toRemoteError(cause, RtcErrorCode.ConnectFailed);
    }
    if (attempt !== this.attempts) throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    this.room = room;
    this.microphone = options.microphone;
    this.camera = options.camera;
    this.detach = this.listen(room);
    // No prefetch (`prepareConnection`) first, as a call has while it rings: right before the join it only
    // adds a request to the SFU (0.1 s on a busy page) ahead of the join's own connection.
    try {
      // Every participant's tracks are wanted: adaptive stream and dynacast pick their layers.
      await joinRoom(room, serverUrl, token, true);
    } catch (cause: unknown) {
      this.teardown(room);
      throw cause;
    }
    if (this.room !== room) {
      // The SFU answered after the leave: leave it again, so the meeting is never joined late.
      await room.disconnect().catch(() => undefined);
      throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    }
    this.identity = room.localParticipant.identity;
    for (const identity of room.remoteParticipants.keys()) this.addRemote(identity);
    this.state.next(RoomConnectionState.Connected);
    this.publish();
    // Others can still be seen and heard without the own devices: a failed one stays off, and is reported.
    let failure: RemoteError | undefined;
    try {
      await room.localParticipant.setMicrophoneEnabled(this.microphone, this.devices.capture('audioinput'));
    } catch (cause: unknown) {
      this.microphone = false;
      failure = toRemoteError(cause, RtcErrorCode.DeviceFailed);
    }
    if (this.room !== room) throw new RemoteError(RtcErrorCode.ConnectFailed, LEFT_WHILE_LOADING);
    try {
      if (this.camera) await room.localParticipant.setCameraEnabled(true, this.devices.capture('videoinput'));
    } catch (cause: unknown) {
      this.camera = false;
      failure ??= toRemoteError(cause, RtcErrorCode.DeviceFailed);
    }
    this.publish();
    if (failure !== undefined) throw failure;
  }

  async disconnect(): Promise<void> {
    const room = this.room;
    if (room === undefined) {
      if (this.state.value === RoomConnectionState.Connecting) {
        this.attempts += 1;
        this.state.next(RoomConnectionState.Disconnected);
      }
      return;
    }
    this.teardown(room);
    try {
      await room.disconnect();
    } catch {
      // Leaving a room that is already gone has nothing left to report.
    }
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await onDevice(() =>
      this.room?.localParticipant.setMicrophoneEnabled(enabled, this.devices.capture('audioinput')),
    );
    this.microphone = enabled;
    this.publish();
  }

  async setCameraEnabled(enabled: boolean): Promise<void> {
    await onDevice(() =>
      this.room?.localParticipant.setCameraEnabled(enabled, this.devices.capture('videoinput')),
    );
    this.camera = enabled;
    this.publish();
  }

  async setScreenShareEnabled(enabled: boolean): Promise<void> {
    await onDevice(() => this.room?.localParticipant.setScreenShareEnabled(enabled));
  }

  /**
   * Plays the video in the view's host (see {@link RoomVideos.attach}). A remote one's element has played
   * since its subscription, so the view shows its latest frame at once.
   */
  attachVideo(track: unknown, host: unknown): () => void {
    return this.videos.attach(track, host);
  }

  async sendEndForAll(meetingID: string): Promise<void> {
    await this.sendControl(buildMeetingEndSignal(meetingID));
  }

  async sendLeaving(meetingID: string): Promise<void> {
    await this.sendControl(buildMeetingLeavingSignal(meetingID));
  }

  /** A control message to everyone in the room, reliably (the SFU stamps the sender). */
  private async sendControl(text: string): Promise<void> {
    const room = this.room;
    if (room === undefined) return;
    const data = new TextEncoder().encode(text);
    try {
      await room.localParticipant.publishData(data, { reliable: true, topic: MEETING_CONTROL_TOPIC });
    } catch (cause: unknown) {
      throw toRemoteError(cause, RtcErrorCode.ConnectFailed);
    }
  }

  /** Captures from `deviceID` from now on: switches the meeting in progress, and is used by later ones. */
  selectDevice(kind: CallDeviceKind, deviceID: string): Promise<void> {
    return this.devices.select(this.room, kind, deviceID);
  }

  private addRemote(identity: string): void {
    if (!this.remotes.has(identity)) this.remotes.set(identity, { audioMuted: false, videoMuted: false });
  }

  /** Emits everyone as the view needs them: the own user first, then the others in the order they came. */
  private publish(): void {
    if (this.room === undefined) {
      this.participants.next([]);
      return;
    }
    const self: MeetingParticipantMedia = {
      userID: this.identity,
      isLocal: true,
      ...(this.camera && this.local.video !== undefined ? { video: this.local.video } : {}),
      ...(this.local.screen !== undefined ? { screen: this.local.screen } : {}),
      microphoneMuted: !this.microphone,
      cameraOff: !this.camera,
      speaking: this.speaking.has(this.identity),
    };
    const others = [...this.remotes].map(([userID, m]): MeetingParticipantMedia => {
      const showVideo = m.video !== undefined && !m.videoMuted;
      return {
        userID,
        isLocal: false,
        ...(showVideo ? { video: m.video } : {}),
        ...(m.audio !== undefined ? { audio: m.audio } : {}),
        ...(m.screen !== undefined ? { screen: m.screen } : {}),
        microphoneMuted: m.audio === undefined || m.audioMuted,
        cameraOff: !showVideo,
        speaking: this.speaking.has(userID),
      };
    });
    this.participants.next([self, ...others]);
  }

  private teardown(room: MeetingRoomLike): void {
    if (this.room !== room) return;
    this.detach?.();
    this.detach = undefined;
    this.room = undefined;
    this.remotes.clear();
    this.videos.clear();
    this.speaking = new Set();
    this.local = {};
    this.publish();
    this.state.next(RoomConnectionState.Disconnected);
  }

  private listen(room: MeetingRoomLike): () => void {
    const stop = this.listenRoom(room);
    const onPageHide = (): void => this.pageLeaves.next();
    this.page?.addEventListener('pagehide', onPageHide);
    return () => {
      stop();
      this.page?.removeEventListener('pagehide', onPageHide);
    };
  }

  private listenRoom(room: MeetingRoomLike): () => void {
    return listenTo<MeetingRoomLikeEvents>(room, {
      connectionStateChanged: (state) => {
        const next = nextRoomState(state, this.state.value);
        if (next !== undefined) this.state.next(next);
      },
      participantConnected: (p: ParticipantLike) => {
        this.addRemote(p.identity);
        this.publish();
      },
      participantDisconnected: (p: ParticipantLike) => {
        const gone = this.remotes.get(p.identity);
        this.videos.forget(gone?.video);
        this.videos.forget(gone?.screen);
        this.remotes.delete(p.identity);
        this.speaking.delete(p.identity);
        this.publish();
      },
      trackSubscribed: (track: RemoteTrackLike, publication: PublicationLike, p: ParticipantLike) => {
        const slot = slotOf(publication, track.kind);
        if (slot === undefined) return;
        this.addRemote(p.identity);
        const media = this.remotes.get(p.identity);
        if (media === undefined) return;
        media[slot] = track.mediaStreamTrack;
        if (slot !== 'audio') this.videos.add(track.mediaStreamTrack, track, true);
        if (slot === 'video') startAtLowestLayer(track, publication);
        if (slot === 'audio') media.audioMuted = publication.isMuted === true;
        if (slot === 'video') media.videoMuted = publication.isMuted === true;
        this.publish();
      },
      trackUnsubscribed: (track: RemoteTrackLike, publication: PublicationLike, p: ParticipantLike) => {
        const slot = slotOf(publication, track.kind);
        const media = this.remotes.get(p.identity);
        if (slot === undefined || media === undefined) return;
        this.videos.forget(media[slot]);
        delete media[slot];
        this.publish();
      },
      trackMuted: (publication: PublicationLike, p: ParticipantLike) => this.mute(publication, p, true),
      trackUnmuted: (publication: PublicationLike, p: ParticipantLike) => this.mute(publication, p, false),
      localTrackPublished: (publication: PublicationLike) => this.localTrack(publication, true),
      localTrackUnpublished: (publication: PublicationLike) => this.localTrack(publication, false),
      activeSpeakersChanged: (speakers: readonly ParticipantLike[]) => {
        this.speaking = new Set(speakers.map((s) => s.identity));
        this.publish();
      },
      dataReceived: (payload: Uint8Array, participant?: ParticipantLike, _kind?: unknown, topic?: string) => {
        if (topic !== MEETING_CONTROL_TOPIC || participant === undefined) return;
        const text = new TextDecoder().decode(payload);
        const fromUserID = participant.identity;
        const ended = parseMeetingEndSignal(text);
        if (ended !== undefined) this.ends.next({ meetingID: ended, fromUserID });
        const leaving = parseMeetingLeavingSignal(text);
        if (leaving !== undefined) this.leaves.next({ meetingID: leaving, fromUserID });
      },
      disconnected: () => this.teardown(room),
    });
  }

  private mute(publication: PublicationLike, p: ParticipantLike, muted: boolean): void {
    const media = this.remotes.get(p.identity);
    const slot = slotOf(publication, publication.kind);
    // The room reports the own mutes too; the own state follows the toggles instead.
    if (media === undefined || slot === undefined || slot === 'screen') return;
    if (slot === 'audio') media.audioMuted = muted;
    else media.videoMuted = muted;
    this.publish();
  }

  private localTrack(publication: PublicationLike, published: boolean): void {
    const slot = slotOf(publication, publication.kind);
    if (slot === undefined || slot === 'audio') return;
    const track = published ? publication.track?.mediaStreamTrack : undefined;
    this.videos.forget(this.local[slot]);
    if (track !== undefined) this.videos.add(track, publication.track ?? {}, false);
    this.local = withTrack(this.local, slot, track);
    this.publish();
  }
}
