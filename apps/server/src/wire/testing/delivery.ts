import { randomBytes } from 'node:crypto';
import { sharedClockMs } from './bench-message';
import type { DeliveryClient } from './delivery-client';
import {
  DeliveryPart,
  layout,
  type LoopDelay,
  type PartReceiveReport,
  type PartSendReport,
  type PhaseSpec,
} from './delivery-part';
import { type Percentiles, percentiles } from './load';

type DeliveryMode =
  /** clients[2i] and clients[2i+1] chat with each other; every client sends. */
  | { kind: 'pairs' }
  /** The first `senders` of `members` post into the group; every member receives. */
  | { kind: 'group'; groupID: string; members: readonly DeliveryClient[]; senders: number };

export interface DeliveryOptions {
  clients: readonly DeliveryClient[];
  mode: DeliveryMode;
  /** Measuring window after the warm-up. */
  durationMs: number;
  /** Sent and delivered before it are not measured. Default 1 s. */
  warmupMs?: number;
  /**
   * Open loop: messages sent per second over all senders, whatever the server answers (latency at a
   * given load). Omitted: closed loop, each sender sends its next message when the previous one was
   * acknowledged, like the SDK (the server's capacity).
   */
  sendRate?: number;
  /** How long to wait for outstanding deliveries at the end. Default 5 s. */
  drainMs?: number;
}

interface GeneratorStats {
  /** Processes (or in-process parts) that held clients. */
  parts: number;
  /** CPU time (user + system) of all of them together. */
  cpuMs: number;
  /** The worst part's event-loop delay: when this is high, latencies include the generator's own queueing. */
  eventLoopDelayMs: LoopDelay;
  /** Per part: CPU time and event-loop delay. */
  perPart: { cpuMs: number; eventLoopDelayMs: LoopDelay; clients: number }[];
}

export interface DeliveryResult {
  senders: number;
  /** Messages sent in the measuring window, and acknowledged by the server. */
  sent: number;
  acked: number;
  sendErrors: number;
  firstSendError: string;
  /** Deliveries to recipients (not the sender's own echo) of the messages sent in the window. */
  delivered: number;
  expected: number;
  /** Every delivery of the run, warm-up and drain included (to set against the server's CPU time). */
  deliveredAll: number;
  /** Deliveries per second arriving at the receivers during the window. */
  deliveredPerSecond: number;
  sentPerSecond: number;
  /** Send call to the recipient having received the push (one clock for all processes, see sharedClockMs). */
  latencyMs: Percentiles;
  windowMs: number;
  /** CPU time the generator itself used (user + system, all parts), to set against the server's. */
  generatorCpuMs: number;
  generator: GeneratorStats;
}

/** A part as the coordinator drives it: in this process (DeliveryPart itself) or behind IPC. */
export interface PartHandle {
  run(spec: PhaseSpec): Promise<PartSendReport>;
  delivered(): Promise<number> | number;
  finish(): Promise<PartReceiveReport> | PartReceiveReport;
}

export interface CoordinatedOptions {
  /** All clients of the run, over all parts. */
  clientCount: number;
  mode: PhaseSpec['mode'];
  durationMs: number;
  warmupMs?: number;
  sendRate?: number;
  /** How long to wait for outstanding deliveries after the last acknowledgement. Default 5 s. */
  drainMs?: number;
  /** Lead time so that every part is ready before the common start. Default 100 ms. */
  startDelayMs?: number;
}

/** Runs one phase on every part at once and merges their reports. */
export async function coordinateDelivery(
  parts: readonly PartHandle[],
  opts: CoordinatedOptions,
): Promise<DeliveryResult> {
  const warmupMs = opts.warmupMs ?? 1_000;
  const drainMs = opts.drainMs ?? 5_000;
  const global = layout(opts.mode, opts.clientCount);
  if (global.senders === 0) throw new Error('no senders');
  const spec: PhaseSpec = {
    runId: randomBytes(6).toString('hex'),
    mode: opts.mode,
    startAt: sharedClockMs() + (opts.startDelayMs ?? 100),
    warmupMs,
    durationMs: opts.durationMs,
    ...(opts.sendRate === undefined ? {} : { sendRate: opts.sendRate }),
  };
  const sends = await Promise.all(parts.map((p) => p.run(spec)));
  const sum = (k: 'sent' | 'acked' | 'sendErrors' | 'senders'): number => sends.reduce((s, r) => s + r[k], 0);
  const acked = sum('acked');
  const expected = acked * global.receiversPerMessage;
  const drainUntil = sharedClockMs() + drainMs;
  for (;;) {
    const counts = await Promise.all(parts.map(async (p) => p.delivered()));
    if (counts.reduce((s, c) => s + c, 0) >= expected || sharedClockMs() >= drainUntil) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const recvs = await Promise.all(parts.map(async (p) => p.finish()));
  const all: number[] = [];
  for (const r of recvs) for (const v of r.latencies) all.push(v);
  const worst = (k: keyof LoopDelay): number => Math.max(0, ...recvs.map((r) => r.eventLoopDelayMs[k]));
  const cpuMs = recvs.reduce((s, r) => s + r.cpuMs, 0);
  const deliveredInWindow = recvs.reduce((s, r) => s + r.deliveredInWindow, 0);
  const sent = sum('sent');
  return {
    senders: sum('senders'),
    sent,
    acked,
    sendErrors: sum('sendErrors'),
    firstSendError: sends.find((s) => s.firstSendError)?.firstSendError ?? '',
    delivered: recvs.reduce((s, r) => s + r.delivered, 0),
    expected,
    deliveredAll: recvs.reduce((s, r) => s + r.deliveredAll, 0),
    deliveredPerSecond: (deliveredInWindow / opts.durationMs) * 1000,
    sentPerSecond: (sent / opts.durationMs) * 1000,
    latencyMs: percentiles(all),
    windowMs: opts.durationMs,
    generatorCpuMs: cpuMs,
    generator: {
      parts: parts.length,
      cpuMs,
      eventLoopDelayMs: { p50: worst('p50'), p99: worst('p99'), max: worst('max') },
      perPart: recvs.map((r) => ({
        cpuMs: r.cpuMs,
        eventLoopDelayMs: r.eventLoopDelayMs,
        clients: r.clients,
      })),
    },
  };
}

/**
 * Sends messages for warm-up + duration and measures deliveries and send-to-receive latency, with
 * every client in this process (one part). bench/server-load spreads the clients over several
 * processes with DeliveryPart and coordinateDelivery instead.
 */
export async function runDelivery(opts: DeliveryOptions): Promise<DeliveryResult> {
  const mode = opts.mode;
  // In group mode the members come first in the global order, so that `members` and `senders` are prefixes.
  const ordered =
    mode.kind === 'pairs'
      ? [...opts.clients]
      : [...mode.members, ...opts.clients.filter((c) => !mode.members.includes(c))];
  const part = new DeliveryPart(
    ordered.map((c) => c.userID),
    new Map(ordered.map((c, i) => [i, c])),
  );
  return coordinateDelivery([part], {
    clientCount: ordered.length,
    mode:
      mode.kind === 'pairs'
        ? mode
        : { kind: 'group', groupID: mode.groupID, members: mode.members.length, senders: mode.senders },
    durationMs: opts.durationMs,
    ...(opts.warmupMs === undefined ? {} : { warmupMs: opts.warmupMs }),
    ...(opts.sendRate === undefined ? {} : { sendRate: opts.sendRate }),
    ...(opts.drainMs === undefined ? {} : { drainMs: opts.drainMs }),
  });
}
