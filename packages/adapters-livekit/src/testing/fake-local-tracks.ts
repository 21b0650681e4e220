import type { LocalTrackLike, LocalTracksRequestLike } from '../room-like';

/** A microphone or camera started on the fake machine: running until stopped. */
export class FakeLocalTrack implements LocalTrackLike {
  stopped = false;

  constructor(
    readonly kind: 'audio' | 'video',
    readonly mediaStreamTrack: string,
    public deviceId: string | undefined,
  ) {}

  stop(): void {
    this.stopped = true;
  }

  async setDeviceId(deviceId: string): Promise<unknown> {
    await Promise.resolve();
    this.deviceId = deviceId;
    return true;
  }
}

/** The fake machine's microphone and camera, started outside any room as livekit's `createLocalTracks` does. */
export class FakeLocalDevices {
  /** Every start asked for, in order, as soon as it is asked for. */
  readonly requests: LocalTracksRequestLike[] = [];
  /** Every track started, in order. */
  readonly started: FakeLocalTrack[] = [];
  /** When set, the next start rejects with it (permission denied, no device). */
  failNext: Error | undefined;
  /** When set, starts wait for it to resolve (a camera slow to start). */
  gate: Promise<void> | undefined;

  readonly start = async (request: LocalTracksRequestLike): Promise<FakeLocalTrack[]> => {
    this.requests.push(request);
    await (this.gate ?? Promise.resolve());
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure !== undefined) throw failure;
    const tracks: FakeLocalTrack[] = [];
    const deviceOf = (wanted: LocalTracksRequestLike['audio']) =>
      typeof wanted === 'object' ? wanted.deviceId : undefined;
    if (request.audio !== false) tracks.push(this.track('audio', deviceOf(request.audio)));
    if (request.video !== false) tracks.push(this.track('video', deviceOf(request.video)));
    return tracks;
  };

  /** The tracks still running (a camera's light on). */
  running(): FakeLocalTrack[] {
    return this.started.filter((t) => !t.stopped);
  }

  private track(kind: 'audio' | 'video', deviceId: string | undefined): FakeLocalTrack {
    const track = new FakeLocalTrack(kind, `local-${kind}:${this.started.length}`, deviceId);
    this.started.push(track);
    return track;
  }
}
