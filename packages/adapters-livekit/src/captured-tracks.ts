import type { CallDeviceKind } from '@teamim/application';
import type { CaptureOptionsLike, LocalTrackLike, LocalTracksRequestLike } from './room-like';

/** Starts devices outside any room (production: livekit's `createLocalTracks`, loading the client first). */
export type StartLocalTracks = (request: LocalTracksRequestLike) => Promise<LocalTrackLike[]>;

/** Tracks started ahead of their room, by kind. */
export interface StartedTracks {
  readonly audio?: LocalTrackLike;
  readonly video?: LocalTrackLike;
}

function stopAll(tracks: StartedTracks): void {
  tracks.audio?.stop();
  tracks.video?.stop();
}

/**
 * The microphone and camera started before a room publishes them: while an outgoing call rings (the
 * caller sees its own camera, and the answer does not wait for the devices to start) and, after an
 * answer, while the room is being joined. They are in no room, so nobody receives them. Whoever `take`s
 * them publishes or stops them; `release` stops whatever was not taken, also a start still under way.
 */
export class CapturedTracks {
  private pending: Promise<StartedTracks> | undefined;
  /** Started and not yet taken: what `release` stops and a device choice moves. */
  private held: StartedTracks = {};
  /** Counts releases, so a start that ends after one stops what it started. */
  private generation = 0;

  /** `showVideo` gets the started camera's platform track for the preview, and undefined once it is gone. */
  constructor(
    private readonly startTracks: StartLocalTracks | undefined,
    private readonly showVideo: (track: unknown) => void,
  ) {}

  /** Whether devices were started (or are starting) and not yet taken or released. */
  get started(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Starts the microphone, and the camera when `video` (each from `devices` or the browser's default),
   * instead of what was started before. Rejects if the devices cannot start; nothing is held then.
   */
  start(
    video: boolean,
    devices: (kind: CallDeviceKind) => CaptureOptionsLike | undefined,
    audio = true,
  ): Promise<void> {
    this.release();
    if (this.startTracks === undefined || (!audio && !video)) return Promise.resolve();
    const generation = this.generation;
    const started = this.startTracks({
      audio: audio ? (devices('audioinput') ?? true) : false,
      video: video ? (devices('videoinput') ?? true) : false,
    }).then((tracks) => {
      const kinds: StartedTracks = {
        ...optional(
          'audio',
          tracks.find((t) => t.kind === 'audio'),
        ),
        ...optional(
          'video',
          tracks.find((t) => t.kind === 'video'),
        ),
      };
      if (generation !== this.generation) {
        // Released while the devices started: nobody wants them any more.
        stopAll(kinds);
        return {};
      }
      this.held = kinds;
      if (kinds.video !== undefined) this.showVideo(kinds.video.mediaStreamTrack);
      return kinds;
    });
    // A failed start holds nothing: the room starts the devices itself then.
    this.pending = started.catch(() => ({}));
    return started.then(() => undefined);
  }

  /** The started tracks (once a start under way has ended), which the caller owns from now on. */
  async take(): Promise<StartedTracks> {
    const pending = this.pending;
    if (pending === undefined) return {};
    const generation = this.generation;
    const tracks = await pending;
    if (generation !== this.generation) return {};
    this.pending = undefined;
    this.held = {};
    return tracks;
  }

  /** Stops what was started and not taken (the camera's light goes off), and any start under way. */
  release(): void {
    this.generation += 1;
    const held = this.held;
    this.held = {};
    this.pending = undefined;
    stopAll(held);
    if (held.video !== undefined) this.showVideo(undefined);
  }

  /** Moves a started, unpublished track to the device chosen in the menu. */
  async select(kind: CallDeviceKind, deviceID: string): Promise<void> {
    await (kind === 'audioinput' ? this.held.audio : this.held.video)?.setDeviceId(deviceID);
  }
}

function optional<K extends string>(
  key: K,
  track: LocalTrackLike | undefined,
): Partial<Record<K, LocalTrackLike>> {
  return track === undefined ? {} : ({ [key]: track } as Record<K, LocalTrackLike>);
}
