import type {
  LocalParticipantLike,
  MeetingLocalParticipantLike,
  VideoPublishOptionsLike,
  CaptureOptionsLike,
  LocalTrackLike,
} from '../room-like';

/** What the own participant asks of its fake room (the fake room is one). */
interface OwnRoom {
  readonly identity: string | undefined;
  publish(kind: 'audio' | 'video', mediaStreamTrack: unknown, muted?: boolean, source?: string): void;
  unpublish(kind: 'audio' | 'video', source?: string): void;
  publishLocal(kind: 'audio' | 'video', mediaStreamTrack: unknown): void;
  sendData(data: Uint8Array, topic: string): void;
}

/** The own participant of a fake room: its devices, screen share and data, as livekit's would act. */
export class FakeLocalParticipant implements LocalParticipantLike, MeetingLocalParticipantLike {
  microphone = false;
  camera = false;
  /** Capture options of each microphone and camera call, in order. */
  readonly captureOptions: { kind: 'audioinput' | 'videoinput'; deviceId: string | undefined }[] = [];
  /** Publish options of each camera call, in order. */
  readonly cameraPublishOptions: (VideoPublishOptionsLike | undefined)[] = [];
  /** When set, the next device call rejects with it (permission denied, no device). */
  failNext: Error | undefined;
  screenSharing = false;

  constructor(private readonly room?: OwnRoom) {}

  get identity(): string {
    return this.room?.identity ?? '';
  }

  /** Shares a fake screen to every peer (as `getDisplayMedia` and a publish would), or stops. */
  async setScreenShareEnabled(enabled: boolean): Promise<unknown> {
    await Promise.resolve();
    this.throwIfFailing();
    this.screenSharing = enabled;
    if (enabled) this.room?.publish('video', `screen:${this.identity}`, false, 'screen_share');
    else this.room?.unpublish('video', 'screen_share');
    return undefined;
  }

  async publishData(data: Uint8Array, options: { reliable: boolean; topic: string }): Promise<void> {
    await Promise.resolve();
    this.room?.sendData(data, options.topic);
  }

  /** Tracks started beforehand and published, in order. */
  readonly publishedTracks: LocalTrackLike[] = [];

  /** Puts a started track on air: every peer receives it, and the room reports it as its own. */
  async publishTrack(track: LocalTrackLike, options?: VideoPublishOptionsLike): Promise<unknown> {
    await Promise.resolve();
    this.throwIfFailing();
    const kind = track.kind === 'video' ? 'video' : 'audio';
    this.publishedTracks.push(track);
    if (kind === 'video') {
      this.cameraPublishOptions.push(options);
      this.camera = true;
    } else this.microphone = true;
    this.room?.publish(kind, track.mediaStreamTrack);
    this.room?.publishLocal(kind, track.mediaStreamTrack);
    return undefined;
  }

  async setMicrophoneEnabled(enabled: boolean, options?: CaptureOptionsLike): Promise<unknown> {
    await Promise.resolve();
    this.captureOptions.push({ kind: 'audioinput', deviceId: options?.deviceId });
    this.throwIfFailing();
    this.microphone = enabled;
    return undefined;
  }

  async setCameraEnabled(
    enabled: boolean,
    options?: CaptureOptionsLike,
    publishOptions?: VideoPublishOptionsLike,
  ): Promise<unknown> {
    await Promise.resolve();
    this.captureOptions.push({ kind: 'videoinput', deviceId: options?.deviceId });
    this.throwIfFailing();
    this.cameraPublishOptions.push(publishOptions);
    this.camera = enabled;
    return undefined;
  }

  private throwIfFailing(): void {
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure !== undefined) throw failure;
  }
}
