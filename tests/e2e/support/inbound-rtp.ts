/**
 * The harness pages' side of the real-SFU tests (rtc-harness, meeting-harness): keeps every
 * RTCPeerConnection the page creates and reads the browser's own inbound-rtp statistics from them.
 */

/** One received track as the browser counts it. */
export interface InboundSummary {
  readonly kind: string;
  readonly bytesReceived: number;
  readonly framesDecoded: number;
  readonly codec: string;
  /** The receiving MediaStreamTrack's id. */
  readonly trackIdentifier: string;
}

/** Starts keeping the page's peer connections (before the room connects); the result reads their statistics. */
export function recordInboundRtp(): () => Promise<InboundSummary[]> {
  const connections: RTCPeerConnection[] = [];
  const NativePeerConnection = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeerConnection {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      connections.push(this);
    }
  };
  return async () => {
    const out: InboundSummary[] = [];
    for (const pc of connections) {
      if (pc.connectionState === 'closed') continue;
      const report = await pc.getStats();
      const codecs = new Map<string, string>();
      report.forEach((s: { type: string; id: string; mimeType?: string }) => {
        if (s.type === 'codec') codecs.set(s.id, s.mimeType ?? '');
      });
      report.forEach(
        (s: {
          type: string;
          kind?: string;
          bytesReceived?: number;
          framesDecoded?: number;
          codecId?: string;
          trackIdentifier?: string;
        }) => {
          if (s.type !== 'inbound-rtp') return;
          out.push({
            kind: s.kind ?? '',
            bytesReceived: s.bytesReceived ?? 0,
            framesDecoded: s.framesDecoded ?? 0,
            codec: codecs.get(s.codecId ?? '') ?? '',
            trackIdentifier: s.trackIdentifier ?? '',
          });
        },
      );
    }
    return out;
  };
}
