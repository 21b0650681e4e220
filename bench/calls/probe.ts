/// <reference lib="dom" />
/**
 * What the call benchmark installs in and reads from each page: the click on Answer, and from it the
 * steps of the first remote video: its track arriving in a peer connection, its first bytes and decoded
 * frame (WebRTC statistics asked for every 10 ms, timed when the answer came: on a busy page
 * later than the bytes arrived), the overlay's video element, its first painted frame
 * (`requestVideoFrameCallback`), and the first frame this page's own camera encoded. Times are epoch
 * milliseconds (the page's time origin plus its clock), so the two pages' times compare.
 */
import type { Page } from 'playwright-core';

export type CallStep =
  | 'answerClick'
  | 'remoteTrack'
  | 'firstBytes'
  | 'firstDecoded'
  | 'videoElement'
  | 'firstPainted'
  | 'ownFirstEncoded';

interface ProbeState {
  peerConnections: RTCPeerConnection[];
  /** Each step's first time in the call under way; cleared between calls. */
  steps: Partial<Record<CallStep, number>>;
}

/** The init script: records the steps above for the call under way. */
export function installCallProbe(): void {
  const now = (): number => performance.timeOrigin + performance.now();
  const state: ProbeState = { peerConnections: [], steps: {} };
  (window as unknown as { __callBench: ProbeState }).__callBench = state;
  const mark = (step: CallStep): void => {
    state.steps[step] ??= now();
  };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      state.peerConnections.push(this);
      this.addEventListener('track', (event) => {
        if (event.track.kind === 'video') mark('remoteTrack');
      });
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (button?.textContent?.trim() === 'Answer') mark('answerClick');
    },
    true,
  );
  const watched = new WeakSet<HTMLVideoElement>();
  new MutationObserver(() => {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label^="Video of"]');
    if (video === null || watched.has(video)) return;
    watched.add(video);
    mark('videoElement');
    video.requestVideoFrameCallback(() => mark('firstPainted'));
  }).observe(document, { subtree: true, childList: true });
  // Every 10 ms while a peer connection is open (nothing flows before the answer: the inviter's room is
  // joined with nothing published, the callee's is only prepared).
  setInterval(() => {
    for (const pc of state.peerConnections) {
      if (pc.connectionState === 'closed') continue;
      void pc.getStats().then((stats) =>
        stats.forEach((s: { type: string; kind?: string } & Record<string, unknown>) => {
          if (s.kind !== 'video') return;
          if (s.type === 'inbound-rtp' && Number(s['bytesReceived'] ?? 0) > 0) mark('firstBytes');
          if (s.type === 'inbound-rtp' && Number(s['framesDecoded'] ?? 0) > 0) mark('firstDecoded');
          if (s.type === 'outbound-rtp' && Number(s['framesEncoded'] ?? 0) > 0) mark('ownFirstEncoded');
        }),
      );
    }
  }, 10);
}

/** The steps of the call under way so far. */
export function callSteps(page: Page): Promise<Partial<Record<CallStep, number>>> {
  return page.evaluate(() => ({ ...(window as unknown as { __callBench: ProbeState }).__callBench.steps }));
}

/** Forgets the steps of the last call (its peer connections are closed by then). */
export function resetCallSteps(page: Page): Promise<void> {
  return page.evaluate(() => {
    const state = (window as unknown as { __callBench: ProbeState }).__callBench;
    state.steps = {};
    state.peerConnections = state.peerConnections.filter((pc) => pc.connectionState !== 'closed');
  });
}
