/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What the meeting benchmark installs in and reads from each page: the join click's time, when each remote
 * tile's first frame was shown, and per remote tile the frames decoded (WebRTC statistics) and painted
 * (`requestVideoFrameCallback`) so far. Times are epoch milliseconds (the page's time origin plus its clock),
 * so the four pages' times compare.
 */
import type { Page } from 'playwright-core';

interface ProbeState {
  peerConnections: RTCPeerConnection[];
  /** When a "Join" or "Start meeting" button was clicked (the capture phase, before the app's handler). */
  clickAt: number | undefined;
  /**
   * When the first frame of each remote participant's tile video was shown, by user id: the expected
   * display time `requestVideoFrameCallback` reports for it, which the callback itself (on the page's
   * main thread) follows by as long as that thread was busy.
   */
  firstFrame: Record<string, number>;
  /** Frames painted per remote tile since the start of the page. */
  painted: Record<string, number>;
  /** The first time after the click of each step on the way to the first remote frame. */
  steps: Partial<Record<JoinStep, number>>;
  /**
   * When asked for (the host's page): the own camera's layers every 100 ms from the room's first peer
   * connection on, for `traceSeconds`: time, rid, whether the layer is on, frames encoded so far.
   */
  sentTrace: [number, string, boolean, number][];
}

/**
 * The steps from the join click to the first remote frame that the page can see: the room's peer
 * connection made and its first offer (livekit-client sends it with the join), the SFU's socket opened,
 * the first remote video track, ICE and DTLS done, the first bytes and frame of remote video, and the
 * tile's `<video>` appearing and playing, and the main thread's first frame callback (after the frame was
 * shown, by as long as the thread was busy).
 */
export type JoinStep =
  | 'pcCreated'
  | 'offerStart'
  | 'offerDone'
  | 'signalStart'
  | 'signalOpen'
  | 'remoteTrack'
  | 'iceConnected'
  | 'dtlsConnected'
  | 'firstBytes'
  | 'firstDecoded'
  | 'tileVideo'
  | 'videoPlaying'
  | 'frameCallback';

/** The init script: records the peer connections, the join click and every remote tile's painted frames. */
export function installProbe({ selfID, traceSeconds }: { selfID: string; traceSeconds: number }): void {
  const now = (): number => performance.timeOrigin + performance.now();
  const state: ProbeState = {
    peerConnections: [],
    clickAt: undefined,
    firstFrame: {},
    painted: {},
    steps: {},
    sentTrace: [],
  };
  const mark = (step: JoinStep): void => {
    if (state.clickAt !== undefined) state.steps[step] ??= now();
  };
  (window as unknown as { __meetingBench: ProbeState }).__meetingBench = state;
  // The SFU's signalling socket (the app's own sockets are to the local server, not `/rtc`).
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      if (!String(args[0]).includes('/rtc')) return;
      mark('signalStart');
      this.addEventListener('open', () => mark('signalOpen'));
    }
  };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      mark('pcCreated');
      state.peerConnections.push(this);
      this.addEventListener('track', (event) => {
        if (event.track.kind === 'video') mark('remoteTrack');
      });
      const createOffer = this.createOffer.bind(this) as (
        options?: RTCOfferOptions,
      ) => Promise<RTCSessionDescriptionInit>;
      this.createOffer = ((options?: RTCOfferOptions) => {
        mark('offerStart');
        return createOffer(options).then((offer) => {
          mark('offerDone');
          return offer;
        });
      }) as typeof this.createOffer;
      this.addEventListener('iceconnectionstatechange', () => {
        if (this.iceConnectionState === 'connected') mark('iceConnected');
      });
      this.addEventListener('connectionstatechange', () => {
        if (this.connectionState === 'connected') mark('dtlsConnected');
      });
    }
  };
  // Until the first remote frame: the first bytes and decoded frame of any remote video, timed when the
  // statistics answered (on a busy page later than the bytes arrived, even after the first paint).
  const poll = setInterval(() => {
    if (state.clickAt === undefined) return;
    if (Object.keys(state.firstFrame).length > 0) {
      clearInterval(poll);
      return;
    }
    for (const pc of state.peerConnections) {
      if (pc.connectionState === 'closed') continue;
      void pc.getStats().then((stats) =>
        stats.forEach((s: { type: string; kind?: string } & Record<string, unknown>) => {
          if (s.type !== 'inbound-rtp' || s.kind !== 'video') return;
          if (Number(s['bytesReceived'] ?? 0) > 0) mark('firstBytes');
          if (Number(s['framesDecoded'] ?? 0) > 0) mark('firstDecoded');
        }),
      );
    }
  }, 25);
  let traceFrom: number | undefined;
  const trace = setInterval(() => {
    if (state.peerConnections.length === 0) return;
    traceFrom ??= now();
    if (now() - traceFrom > traceSeconds * 1000) {
      clearInterval(trace);
      return;
    }
    for (const pc of state.peerConnections) {
      if (pc.connectionState === 'closed') continue;
      const at = now();
      void pc.getStats().then((stats) =>
        stats.forEach((s: { type: string; kind?: string } & Record<string, unknown>) => {
          if (s.type !== 'outbound-rtp' || s.kind !== 'video') return;
          const layer = typeof s['rid'] === 'string' ? s['rid'] : '';
          state.sentTrace.push([at, layer, s['active'] === true, Number(s['framesEncoded'] ?? 0)]);
        }),
      );
    }
  }, 100);
  if (traceSeconds <= 0) clearInterval(trace);
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (button && /^(Join|Start meeting)$/.test(button.textContent?.trim() ?? '')) state.clickAt ??= now();
    },
    true,
  );
  const watched = new WeakSet<HTMLVideoElement>();
  const watch = (): void => {
    for (const video of document.querySelectorAll<HTMLVideoElement>('li[data-user-id] video')) {
      const userID = video.closest('li')?.getAttribute('data-user-id') ?? '';
      const label = video.closest('li')?.getAttribute('aria-label') ?? '';
      if (watched.has(video) || userID === selfID || label.startsWith('Screen of')) continue;
      watched.add(video);
      mark('tileVideo');
      video.addEventListener('playing', () => mark('videoPlaying'), { once: true });
      const onFrame = (_: number, frame: VideoFrameCallbackMetadata): void => {
        if (state.firstFrame[userID] === undefined) {
          state.firstFrame[userID] = performance.timeOrigin + frame.expectedDisplayTime;
          mark('frameCallback');
        }
        state.painted[userID] = (state.painted[userID] ?? 0) + 1;
        if (video.isConnected) video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }
  };
  new MutationObserver(watch).observe(document, { subtree: true, childList: true });
}

/** One remote tile's counters at a moment. */
interface TileSample {
  readonly userID: string;
  readonly framesReceived: number;
  readonly framesDecoded: number;
  readonly framesPainted: number;
  readonly width: number;
  readonly height: number;
  readonly codec: string;
}

/** One simulcast layer of the page's own camera: the frames it has encoded so far. */
interface LayerSample {
  readonly rid: string;
  readonly framesEncoded: number;
  readonly width: number;
  readonly height: number;
  readonly limitation: string;
}

/** What the page has captured of its own camera so far, and sent in each layer. */
interface OwnVideoSample {
  readonly framesCaptured: number;
  readonly layers: readonly LayerSample[];
}

export interface PageSample {
  readonly at: number;
  readonly tiles: readonly TileSample[];
  readonly sent: OwnVideoSample;
}

/** Reads every remote tile's decoded and painted frames (its video track matched to `inbound-rtp`). */
export function samplePage(page: Page): Promise<PageSample> {
  return page.evaluate(async () => {
    const state = (window as unknown as { __meetingBench: ProbeState }).__meetingBench;
    type Stat = Record<string, string | number | undefined> & { type: string; id: string };
    const stats: Stat[] = [];
    for (const pc of state.peerConnections) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Stat) => stats.push(s));
    }
    const num = (s: Stat | undefined, key: string): number => Number(s?.[key] ?? 0);
    const codecOf = (s: Stat): string =>
      String(stats.find((c) => c.id === s['codecId'])?.['mimeType'] ?? '').replace('video/', '');
    const tiles: TileSample[] = [];
    for (const [userID, painted] of Object.entries(state.painted)) {
      const video = document.querySelector<HTMLVideoElement>(`li[data-user-id="${userID}"] video`);
      const trackID = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0]?.id;
      const inbound = stats.find((s) => s.type === 'inbound-rtp' && s['trackIdentifier'] === trackID);
      tiles.push({
        userID,
        framesReceived: num(inbound, 'framesReceived'),
        framesDecoded: num(inbound, 'framesDecoded'),
        framesPainted: painted,
        width: num(inbound, 'frameWidth'),
        height: num(inbound, 'frameHeight'),
        codec: inbound ? codecOf(inbound) : '',
      });
    }
    const source = stats.find((s) => s.type === 'media-source' && s['kind'] === 'video');
    const layers = stats
      .filter((s) => s.type === 'outbound-rtp' && s['kind'] === 'video')
      .map((s) => ({
        rid: String(s['rid'] ?? ''),
        framesEncoded: num(s, 'framesEncoded'),
        width: num(s, 'frameWidth'),
        height: num(s, 'frameHeight'),
        limitation: String(s['qualityLimitationReason'] ?? ''),
      }));
    return {
      at: performance.timeOrigin + performance.now(),
      tiles,
      sent: { framesCaptured: num(source, 'frames'), layers },
    };
  });
}

/**
 * The join click's time, the first frame painted per remote participant, the steps before it, and when
 * the room token's request ended if the join had to ask for it (resource timing of the chat API's RTC
 * token call; none when it was asked for ahead, while the meeting's card was on screen).
 */
export function joinTimes(page: Page): Promise<{
  clickAt: number | undefined;
  firstFrame: Record<string, number>;
  steps: Partial<Record<JoinStep | 'tokenAnswered', number>>;
  sentTrace: [number, string, boolean, number][];
}> {
  return page.evaluate(() => {
    const state = (window as unknown as { __meetingBench: ProbeState }).__meetingBench;
    const token = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/rtc/') && e.startTime + performance.timeOrigin >= (state.clickAt ?? 0))
      .at(0) as PerformanceResourceTiming | undefined;
    const tokenAnswered =
      token === undefined ? {} : { tokenAnswered: performance.timeOrigin + token.responseEnd };
    return {
      clickAt: state.clickAt,
      firstFrame: { ...state.firstFrame },
      steps: { ...state.steps, ...tokenAnswered },
      sentTrace: state.sentTrace,
    };
  });
}

/** How many remote tiles have painted a frame. */
export function remoteTilesWithFrames(page: Page): Promise<number> {
  return page.evaluate(
    () => Object.keys((window as unknown as { __meetingBench: ProbeState }).__meetingBench.firstFrame).length,
  );
}

/**
 * A page's own camera layers as they changed: from `trace` (see `sentTrace`), each time a layer was
 * turned on or off, or started or stopped encoding frames, in ms from `from`.
 */
export function layerChanges(
  trace: readonly (readonly [number, string, boolean, number])[],
  from: number,
): { atMs: number; layer: string; on: boolean; encoding: boolean }[] {
  const last = new Map<string, { on: boolean; frames: number; encoding: boolean }>();
  const changes: { atMs: number; layer: string; on: boolean; encoding: boolean }[] = [];
  for (const [at, layer, on, frames] of trace) {
    const before = last.get(layer);
    const encoding = before !== undefined && frames > before.frames;
    if (before === undefined || before.on !== on || before.encoding !== encoding)
      changes.push({ atMs: Math.round(at - from), layer, on, encoding });
    last.set(layer, { on, frames, encoding });
  }
  return changes;
}
