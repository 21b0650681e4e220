import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { MsgData } from '../contract';
import { benchTag, parseBenchTag, sharedClockMs, textMessage } from './bench-message';
import type { DeliveryClient } from './delivery-client';

/** Event-loop delay of a generator process during a phase (perf_hooks.monitorEventLoopDelay), in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/**
 * One delivery phase, as every part (process) of the generator sees it. Clients are numbered in one
 * global order shared by all parts: in `pairs` mode client 2i chats with 2i+1, in `group` mode the
 * first `members` clients are the group and the first `senders` of them post.
 */
export interface PhaseSpec {
  runId: string;
  mode: { kind: 'pairs' } | { kind: 'group'; groupID: string; members: number; senders: number };
  /** sharedClockMs() at which every part starts sending. */
  startAt: number;
  warmupMs: number;
  durationMs: number;
  /** Open loop: messages per second over all senders of all parts. Omitted: closed loop. */
  sendRate?: number;
  /**
   * How long a part waits for the acknowledgements of its last sends. Default 120 s: an overloaded
   * server's backlog must clear before the next phase starts, or that phase measures this one's queue.
   */
  ackTimeoutMs?: number;
}

export interface PartSendReport {
  senders: number;
  sent: number;
  acked: number;
  sendErrors: number;
  firstSendError: string;
}

export interface PartReceiveReport {
  delivered: number;
  deliveredInWindow: number;
  deliveredAll: number;
  /** Latencies of the window's messages received by this part, in ms. */
  latencies: Float64Array;
  cpuMs: number;
  eventLoopDelayMs: LoopDelay;
  clients: number;
}

/** Sampling interval of the event-loop delay monitor. */
const LOOP_RESOLUTION_MS = 10;

/** Global sender and receiver layout of a phase over `clientCount` clients. */
export function layout(
  mode: PhaseSpec['mode'],
  clientCount: number,
): { senders: number; receiversPerMessage: number; isReceiver: (i: number) => boolean } {
  if (mode.kind === 'pairs') {
    return { senders: clientCount - (clientCount % 2), receiversPerMessage: 1, isReceiver: () => true };
  }
  const members = Math.min(mode.members, clientCount);
  return {
    senders: Math.min(mode.senders, members),
    receiversPerMessage: members - 1,
    isReceiver: (i) => i < members,
  };
}

/**
 * The clients one generator process holds, and its side of a delivery phase: it sends for its own
 * senders and records what its own receivers get. A coordinator (coordinateDelivery) runs several
 * parts, in this process or in others, against the same clock.
 */
export class DeliveryPart {
  private recv = {
    runId: '',
    windowStart: 0,
    windowEnd: 0,
    delivered: 0,
    deliveredInWindow: 0,
    deliveredAll: 0,
    latencies: [] as number[],
  };
  private cpu0: NodeJS.CpuUsage = process.cpuUsage();
  private loop: ELDHistogram | undefined;

  /**
   * `userIDs`: every client of the run in the global order; `clients`: the ones this part holds, by
   * their global index.
   */
  constructor(
    readonly userIDs: readonly string[],
    readonly clients: ReadonlyMap<number, DeliveryClient>,
  ) {}

  /** Waits for `spec.startAt`, sends until the window ends, waits for the acknowledgements. */
  async run(spec: PhaseSpec): Promise<PartSendReport> {
    const windowStart = spec.startAt + spec.warmupMs;
    const windowEnd = windowStart + spec.durationMs;
    const global = layout(spec.mode, this.userIDs.length);
    this.recv = {
      runId: spec.runId,
      windowStart,
      windowEnd,
      delivered: 0,
      deliveredInWindow: 0,
      deliveredAll: 0,
      latencies: [],
    };
    const senders: { client: DeliveryClient; to: { recvID?: string; groupID?: string } }[] = [];
    for (const [i, client] of this.clients) {
      if (global.isReceiver(i)) client.onMessage = (m, at) => this.onMessage(client.userID, m, at);
      if (i >= global.senders) continue;
      if (spec.mode.kind === 'pairs') senders.push({ client, to: { recvID: this.userIDs[i ^ 1] as string } });
      else senders.push({ client, to: { groupID: spec.mode.groupID } });
    }
    this.loop?.disable();
    this.loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    this.loop.enable();
    this.cpu0 = process.cpuUsage();
    const report: PartSendReport = {
      senders: senders.length,
      sent: 0,
      acked: 0,
      sendErrors: 0,
      firstSendError: '',
    };
    const wait = spec.startAt - sharedClockMs();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (senders.length === 0) return report;

    let n = 0;
    const sendOne = (sender: (typeof senders)[number]): Promise<void> => {
      const msg = textMessage(sender.client.userID, sender.to, `bench message ${n++}`);
      const now = sharedClockMs();
      const measured = now >= windowStart && now < windowEnd;
      msg.ex = benchTag(spec.runId, now, measured);
      if (measured) report.sent++;
      return sender.client.send(msg).then(
        () => {
          if (measured) report.acked++;
        },
        (err: unknown) => {
          report.sendErrors++;
          if (!report.firstSendError)
            report.firstSendError = err instanceof Error ? err.message : String(err);
        },
      );
    };

    let sending: Promise<unknown>;
    if (spec.sendRate === undefined) {
      sending = Promise.all(
        senders.map(async (s) => {
          while (sharedClockMs() < windowEnd && s.client.isOpen) await sendOne(s);
        }),
      );
    } else {
      // Open loop: every ~10 ms tick sends what the rate owes by now (a late tick catches up, so a busy
      // generator still offers the full rate), round-robin over this part's senders. Each part offers
      // its senders' share of the global rate.
      const rate = (spec.sendRate * senders.length) / global.senders;
      let issued = 0;
      let rr = 0;
      const inflight: Promise<void>[] = [];
      await new Promise<void>((resolve) => {
        const tick = setInterval(() => {
          const now = sharedClockMs();
          if (now >= windowEnd) {
            clearInterval(tick);
            resolve();
            return;
          }
          const owed = Math.floor(((now - spec.startAt) / 1000) * rate);
          for (; issued < owed; issued++) {
            const s = senders[rr++ % senders.length] as (typeof senders)[number];
            inflight.push(sendOne(s));
          }
        }, 10);
      });
      sending = Promise.all(inflight);
    }
    const ackTimeoutMs = spec.ackTimeoutMs ?? 120_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      sending.then(() => false),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(true), ackTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut && !report.firstSendError)
      report.firstSendError = `no acknowledgement within ${ackTimeoutMs} ms`;
    return report;
  }

  private onMessage(me: string, m: MsgData, at: number): void {
    if (m.sendID === me) return;
    const tag = parseBenchTag(m.ex, this.recv.runId);
    if (tag === undefined) return;
    const r = this.recv;
    // Throughput counts every delivery inside the window; latency and completeness only the window's messages.
    r.deliveredAll++;
    if (at >= r.windowStart && at <= r.windowEnd) r.deliveredInWindow++;
    if (!tag.measured) return;
    r.delivered++;
    r.latencies.push(at - tag.sentAt);
  }

  /** Deliveries of the window's messages received so far. */
  delivered(): number {
    return this.recv.delivered;
  }

  /** Stops recording and reports what this part received, its CPU time and event-loop delay. */
  finish(): PartReceiveReport {
    const cpu = process.cpuUsage(this.cpu0);
    for (const c of this.clients.values()) c.onMessage = () => {};
    const h = this.loop;
    this.loop = undefined;
    h?.disable();
    // The histogram holds the time between the sampling timer's ticks; the delay is what exceeds its interval.
    const ms = (ns: number): number => (Number.isFinite(ns) ? Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS) : 0);
    const r = this.recv;
    return {
      delivered: r.delivered,
      deliveredInWindow: r.deliveredInWindow,
      deliveredAll: r.deliveredAll,
      latencies: Float64Array.from(r.latencies),
      cpuMs: (cpu.user + cpu.system) / 1000,
      eventLoopDelayMs: h
        ? { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }
        : { p50: 0, p99: 0, max: 0 },
      clients: this.clients.size,
    };
  }
}
