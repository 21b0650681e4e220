/**
 * What the SFU's debug log (`TEAMIM_LIVEKIT_LOG_LEVEL=debug`, scripts/livekit.mjs) says of a joiner's
 * video subscriptions: for each camera it subscribed to, when the SFU first asked its publisher for a key
 * frame, when it forwarded the first one, and whether the publisher's feed ran dry in between (the SFU
 * saw no packets from it). That is the part of the join → first frame the joiner's page does not control.
 */
import { readFileSync } from 'node:fs';

export interface KeyFrameWait {
  /** The publisher's identity (the OpenIM user id). */
  readonly from: string;
  /** Milliseconds from `since`: the SFU's first key-frame request to the publisher, its first forward. */
  readonly askedMs: number;
  readonly forwardedMs: number;
  /** The publisher's feed went dry between the request and the key frame. */
  readonly feedDry: boolean;
}

interface Line {
  readonly at: number;
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function parse(log: string): Line[] {
  const lines: Line[] = [];
  for (const raw of log.split('\n')) {
    const [stamp, , , , message, json] = raw.split('\t');
    if (stamp === undefined || message === undefined || json === undefined) continue;
    try {
      lines.push({ at: Date.parse(stamp), message, fields: JSON.parse(json) as Record<string, unknown> });
    } catch {
      // A line cut short as the SFU was stopped says nothing.
    }
  }
  return lines;
}

/** The key-frame waits of `subscriber`'s subscriptions, after `since` (epoch ms), to the `publishers`' videos. */
export function keyFrameWaits(
  logFile: string,
  subscriber: string,
  since: number,
  publishers: readonly string[],
): KeyFrameWait[] {
  const mine = parse(readFileSync(logFile, 'utf8')).filter(
    (l) => l.at >= since && l.fields['participant'] === subscriber,
  );
  const tracks = new Map<string, { from: string; asked?: number; forwarded?: number; dry: boolean }>();
  for (const line of mine) {
    const track = text(line.fields['trackID']);
    const from = text(line.fields['publisher']);
    if (line.message === 'initializing subscriber track settings on bind' && publishers.includes(from))
      tracks.set(track, { from, dry: false });
    const t = tracks.get(track);
    if (t === undefined || t.forwarded !== undefined) continue;
    if (line.message === 'sending PLI for layer lock') t.asked ??= line.at;
    if (line.message === 'forwarded key frame') t.forwarded = line.at;
    const allocation = line.fields['allocation'] as { PauseReason?: string } | undefined;
    if (t.asked !== undefined && allocation?.PauseReason === 'FEED_DRY') t.dry = true;
  }
  return [...tracks.values()].map((t) => ({
    from: t.from,
    askedMs: Math.round((t.asked ?? Number.NaN) - since),
    forwardedMs: Math.round((t.forwarded ?? Number.NaN) - since),
    feedDry: t.dry,
  }));
}
