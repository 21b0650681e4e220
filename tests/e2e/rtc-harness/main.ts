/**
 * A page for the real-SFU test (calls-media.e2e.ts): joins a LiveKit room through the product's
 * RtcRoom adapter and exposes what the test checks on `window.rtcHarness`, the browser's own
 * inbound-rtp statistics included.
 */
import { createRtcRoom, type RemoteTrackEvent } from '@teamim/adapters-livekit';
import { recordInboundRtp } from '../support/inbound-rtp';

const inbound = recordInboundRtp();

const room = createRtcRoom();
const events: RemoteTrackEvent['type'][] = [];
const remoteKinds = new Set<string>();
const remoteMuted = new Map<string, boolean>();
let connectStartedAt = 0;
let firstVideoFrameAt: number | undefined;

const video = document.querySelector<HTMLVideoElement>('#remote-video');
const audio = document.querySelector<HTMLAudioElement>('#remote-audio');

room.remoteTracks$.subscribe((event) => {
  events.push(event.type);
  if (event.type === 'muted' || event.type === 'unmuted') {
    remoteMuted.set(event.kind, event.type === 'muted');
    return;
  }
  if (event.type === 'unsubscribed') {
    remoteKinds.delete(event.kind);
    return;
  }
  remoteKinds.add(event.kind);
  if (!(event.track instanceof MediaStreamTrack)) return;
  const element = event.kind === 'video' ? video : audio;
  if (element === null) return;
  element.srcObject = new MediaStream([event.track]);
  if (event.kind === 'video' && video !== null) {
    // The time a call's viewer sees the other party: the first decoded frame painted in the element.
    video.requestVideoFrameCallback(() => {
      firstVideoFrameAt ??= performance.now();
    });
  }
});

const harness = {
  async connect(url: string, token: string, video: boolean): Promise<void> {
    connectStartedAt = performance.now();
    await room.connect(url, token, { video });
  },
  /** What a ringing call does before the answer: the receiver prepares, the inviter joins. */
  prepare: (url: string, token: string): Promise<void> => room.prepare(url, token),
  join: (url: string, token: string): Promise<void> => room.join(url, token),
  /** What the inviter does while its call rings: its microphone and camera start, not yet on air. */
  capture: (video: boolean): Promise<void> => room.capture({ video }),
  state: (): string => {
    let current = '';
    room.state$.subscribe((s) => (current = s)).unsubscribe();
    return current;
  },
  remoteKinds: (): string[] => [...remoteKinds].sort(),
  /** Kinds of this page's own tracks (on air, or captured while ringing) that are real MediaStreamTracks. */
  localKinds: (): string[] => {
    let kinds: string[] = [];
    room.localTracks$
      .subscribe((t) => {
        kinds = Object.entries(t)
          .filter(([, track]) => track instanceof MediaStreamTrack)
          .map(([kind]) => kind);
      })
      .unsubscribe();
    return kinds.sort();
  },
  remoteMuted: (kind: string): boolean => remoteMuted.get(kind) ?? false,
  events: (): string[] => [...events],
  /** Milliseconds from connect() to the first remote video frame painted, once there was one. */
  firstVideoFrameMs: (): number | undefined =>
    firstVideoFrameAt === undefined ? undefined : firstVideoFrameAt - connectStartedAt,
  /** The same two moments as wall-clock times (ms since the epoch), to compare across pages. */
  connectStartedEpoch: (): number => performance.timeOrigin + connectStartedAt,
  firstVideoFrameEpoch: (): number | undefined =>
    firstVideoFrameAt === undefined ? undefined : performance.timeOrigin + firstVideoFrameAt,
  inbound,
  setMicrophoneEnabled: (enabled: boolean): Promise<void> => room.setMicrophoneEnabled(enabled),
  disconnect: (): Promise<void> => room.disconnect(),
};

// The test declares the shape it uses (calls-media.e2e.ts); the page only publishes it.
Object.assign(window, { rtcHarness: harness });
document.title = 'RTC harness ready';
