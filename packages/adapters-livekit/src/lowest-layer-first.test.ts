import {
  RemoteTrackPublication,
  RemoteVideoTrack,
  Track,
  TrackEvent,
  VideoQuality,
  type ElementInfo,
} from 'livekit-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAtLowestLayer } from './livekit-room-parts';
import { VIDEO_QUALITY } from './room-like';

function mediaTrack(): MediaStreamTrack {
  const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
  return { kind: 'video', id: 'v1', enabled: true, muted: false, readyState: 'live', ...listeners } as never;
}

/** What an UpdateTrackSettings message says, as far as these tests look. */
interface SentSettings {
  readonly disabled: boolean;
  readonly width: number;
  readonly height: number;
  readonly quality: number;
}

/** A subscribed camera with simulcast layers, as livekit-client holds it under adaptive stream. */
function subscribedCamera() {
  // livekit's TrackInfo message, as far as a publication reads it.
  const layers = [
    { quality: VideoQuality.LOW, width: 320, height: 180 },
    { quality: VideoQuality.MEDIUM, width: 640, height: 360 },
    { quality: VideoQuality.HIGH, width: 1280, height: 720 },
  ];
  const info = { sid: 'TR_1', name: 'camera', width: 1280, height: 720, muted: false, layers } as never;
  const publication = new RemoteTrackPublication(Track.Kind.Video, info, true);
  const track = new RemoteVideoTrack(mediaTrack(), 'TR_1', undefined as never, {});
  publication.setTrack(track);
  const sent: string[] = [];
  publication.on(TrackEvent.UpdateSettings, (s: SentSettings) =>
    sent.push(
      `${s.disabled ? 'off' : 'on'} ${s.width > 0 ? `${s.width}x${s.height}` : VideoQuality[s.quality]}`,
    ),
  );
  return { publication, track, sent };
}

/** A tile's video element on screen, 620x312, as livekit watches it once attached. */
const tile = (): ElementInfo => ({
  element: {},
  width: () => 620,
  height: () => 312,
  visible: true,
  pictureInPicture: false,
  visibilityChangedAt: 0,
  observe: () => undefined,
  stopObserving: () => undefined,
});

describe('a remote camera starts at its lowest layer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('uses livekit-client quality values', () => {
    expect(VIDEO_QUALITY).toEqual({ low: VideoQuality.LOW, high: VideoQuality.HIGH });
  });

  it('asks for the lowest layer until the tile is sized, then for the layer that fits the tile', async () => {
    const { publication, track, sent } = subscribedCamera();
    startAtLowestLayer(track, publication);
    track.observeElementInfo(tile());
    await vi.advanceTimersByTimeAsync(500);
    // Never the top layer, never off: the subscription's first layer plays until the size is known.
    expect(sent).toEqual(['on LOW', 'on LOW', 'on LOW', 'on 620x312']);
  });

  it('left to livekit, asks for the top layer before the size', async () => {
    // What the above is there for; if livekit changes it, this shows it.
    const { track, sent } = subscribedCamera();
    track.observeElementInfo(tile());
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual(['on HIGH', 'on 620x312']);
  });

  it('then lets adaptive stream pick for every size, the top layer included', async () => {
    const { publication, track, sent } = subscribedCamera();
    startAtLowestLayer(track, publication);
    let size = { width: 1280, height: 720 };
    const element: ElementInfo = { ...tile(), width: () => size.width, height: () => size.height };
    track.observeElementInfo(element);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.at(-1)).toBe('on HIGH');
    size = { width: 300, height: 170 };
    element.handleResize?.();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.at(-1)).toBe('on 300x170');
  });
});
