/**
 * A bounded WebSocket load generator built on OpenImTestClient, for bench/ and smoke tests.
 * Each simulated user behaves like the SDK: one connection, one request at a time. All users
 * connect first, then send their requests. The run stops
 * after `requestsPerUser` requests per user or `maxDurationMs`, whichever comes first, and only
 * ever talks to the URL it is given (use loopback addresses).
 */
import { randomBytes } from 'node:crypto';
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { type MsgData, ReqIdentifier, textMsgData } from '../contract';
import { decodeResponseFrame, encodeRequestFrame } from '../envelope';
import { MsgDataCodec, PushMessagesCodec } from '../messages';
import { gzipFixedLiterals } from './fixed-deflate';
import { OpenImTestClient, WsRequestError } from './client';

export interface LoadUser {
  userID: string;
  token: string;
  platformID?: number;
}

export interface LoadOptions {
  /** e.g. `ws://127.0.0.1:10002/ws` */
  url: string;
  users: readonly LoadUser[];
  requestsPerUser: number;
  /** Hard stop for the whole run. Default 60 s. */
  maxDurationMs?: number;
  /** One request; default: 1001 GetNewestSeq. */
  request?: (client: OpenImTestClient, index: number) => Promise<unknown>;
}

export interface LoadResult {
  connected: number;
  handshakeFailures: number;
  requests: number;
  errors: number;
  durationMs: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Time from opening the socket to the handshake frame, successful connections only. */
  connectMs: { p50: number; max: number };
  /** Frames that would have stopped the real SDK's reader, per user. Must be empty. */
  fatalErrors: string[];
  /** Why handshakes failed (first few distinct reasons). */
  handshakeErrors: string[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)] ?? 0;
}

export async function runWsLoad(opts: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const deadline = started + (opts.maxDurationMs ?? 60_000);
  const request = opts.request ?? ((c: OpenImTestClient) => c.getNewestSeq());
  const latencies: number[] = [];
  const fatalErrors: string[] = [];
  let connected = 0;
  let handshakeFailures = 0;
  let errors = 0;
  const handshakeErrors = new Set<string>();
  const connectTimes: number[] = [];

  // Phase 1: connect everybody (a login storm), so that phase 2 measures steady-state requests.
  const sessions = await Promise.all(
    opts.users.map(async (user) => {
      const t0 = performance.now();
      try {
        const r = await OpenImTestClient.connect({
          url: opts.url,
          userID: user.userID,
          token: user.token,
          platformID: user.platformID ?? 5,
          connectTimeoutMs: Math.max(1_000, deadline - Date.now()),
        });
        if (r.client) {
          connectTimes.push(performance.now() - t0);
          return { user, client: r.client };
        }
        handshakeErrors.add(`errCode ${r.handshake.errCode}: ${r.handshake.errMsg}`);
      } catch (err) {
        handshakeErrors.add(err instanceof Error ? err.message : String(err));
      }
      handshakeFailures++;
      return null;
    }),
  );

  // Phase 2: every user sends its requests one at a time, like the SDK.
  await Promise.all(
    sessions.map(async (session) => {
      if (!session) return;
      const { user, client } = session;
      connected++;
      try {
        for (let i = 0; i < opts.requestsPerUser && Date.now() < deadline; i++) {
          const t0 = performance.now();
          try {
            await request(client, i);
            latencies.push(performance.now() - t0);
          } catch {
            errors++;
          }
        }
      } finally {
        fatalErrors.push(...client.fatalErrors.map((e) => `${user.userID}: ${e}`));
        await client.close();
      }
    }),
  );

  latencies.sort((a, b) => a - b);
  connectTimes.sort((a, b) => a - b);
  return {
    connected,
    handshakeFailures,
    requests: latencies.length + errors,
    errors,
    durationMs: Date.now() - started,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
    connectMs: { p50: percentile(connectTimes, 50), max: connectTimes.at(-1) ?? 0 },
    fatalErrors,
    handshakeErrors: [...handshakeErrors].slice(0, 10),
  };
}

// ---- message delivery ---------------------------------------------------------------------------

/**
 * A lean client for delivery benchmarks: the SDK's upgrade URL, handshake and gzip+gob framing, but
 * none of the test client's bookkeeping (it keeps no pushes, checks no SDK rules), so that the
 * generator, which shares the machine with the server, spends as little CPU per frame as possible.
 */
export class DeliveryClient {
  /** Called for every chat message in a 2001 push, with the receive time (sharedClockMs()). */
  onMessage: (msg: MsgData, receivedAt: number) => void = () => {};
  private counter = 0;
  private readonly pending = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();

  private constructor(
    readonly userID: string,
    private readonly ws: WebSocket,
  ) {}

  static open(opts: { url: string; userID: string; token: string; platformID?: number; timeoutMs?: number }) {
    const ws = new WebSocket(
      OpenImTestClient.buildUrl({
        url: opts.url,
        userID: opts.userID,
        token: opts.token,
        platformID: opts.platformID ?? 5,
      }),
      {
        perMessageDeflate: false,
        // An all-zero mask, which ws then skips applying: masking protects browsers' proxies from
        // scripted payloads, not a load generator, and a random mask per frame cost generator CPU.
        generateMask: (mask: Buffer) => {
          mask.fill(0);
        },
      },
    );
    const client = new DeliveryClient(opts.userID, ws);
    return new Promise<DeliveryClient>((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('handshake timed out'));
      }, opts.timeoutMs ?? 30_000);
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused with HTTP ${res.statusCode}`));
      });
      ws.once('message', (data) => {
        clearTimeout(timer);
        const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
        const hs = JSON.parse(text || '{}') as { errCode?: number; errMsg?: string };
        if (hs.errCode !== 0) {
          ws.terminate();
          reject(new Error(`handshake ${hs.errCode}: ${hs.errMsg}`));
          return;
        }
        ws.on('message', (frame: Buffer) => client.onFrame(frame));
        ws.on('error', () => {});
        ws.on('close', () => {
          for (const p of client.pending.values()) p.reject(new Error('connection closed'));
          client.pending.clear();
        });
        resolve(client);
      });
    });
  }

  private onFrame(frame: Buffer): void {
    const at = sharedClockMs();
    const env = decodeResponseFrame(frame);
    if (env.reqIdentifier === ReqIdentifier.PushMsg) {
      const push = PushMessagesCodec.decode(env.data);
      for (const pull of Object.values(push.msgs)) for (const m of pull.Msgs) this.onMessage(m, at);
      return;
    }
    const p = this.pending.get(env.msgIncr);
    if (!p) return;
    this.pending.delete(env.msgIncr);
    if (env.errCode === 0) p.resolve();
    else p.reject(new WsRequestError(env.errCode, env.errMsg, env.reqIdentifier));
  }

  /** 1003: resolves when the server acknowledged (stored) the message. */
  send(msg: MsgData): Promise<void> {
    const msgIncr = `${this.userID}_${++this.counter}`;
    // Compressed, as the SDK compresses every request, so the server inflates real Huffman-coded data.
    const frame = encodeRequestFrame(
      {
        reqIdentifier: ReqIdentifier.SendMsg,
        token: '',
        sendID: this.userID,
        operationID: `bench-${msgIncr}`,
        msgIncr,
        data: MsgDataCodec.encode(msg),
      },
      undefined,
      gzipFixedLiterals,
    );
    return new Promise((resolve, reject) => {
      this.pending.set(msgIncr, { resolve, reject });
      this.ws.send(frame, { binary: true });
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close(1000);
      setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 2_000).unref();
    });
  }
}

/** Opens a client per user, `concurrency` handshakes at a time (a burst of thousands only measures the SYN backlog). */
export async function connectAll(
  url: string,
  users: readonly LoadUser[],
  concurrency = 100,
): Promise<{
  clients: DeliveryClient[];
  failures: string[];
  durationMs: number;
  connectMs: Percentiles;
  /** Every successful handshake's time, to merge over processes. */
  connectTimesMs: number[];
}> {
  const started = performance.now();
  const clients: DeliveryClient[] = [];
  const failures: string[] = [];
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, users.length) }, async () => {
      while (next < users.length) {
        const user = users[next++] as LoadUser;
        const t0 = performance.now();
        try {
          clients.push(await DeliveryClient.open({ url, ...user }));
          times.push(performance.now() - t0);
        } catch (err) {
          failures.push(`${user.userID}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }),
  );
  return {
    clients,
    failures,
    durationMs: performance.now() - started,
    connectMs: percentiles(times),
    connectTimesMs: times,
  };
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  count: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    count: sorted.length,
  };
}

export type DeliveryMode =
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

/** Event-loop delay of a generator process during a phase (perf_hooks.monitorEventLoopDelay), in ms. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface GeneratorStats {
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

/** Unique per process (random prefix) without a random draw per message, which cost generator CPU. */
const clientMsgIDPrefix = randomBytes(8).toString('hex');
let clientMsgCounter = 0;
function nextClientMsgID(): string {
  clientMsgCounter++;
  return clientMsgIDPrefix + clientMsgCounter.toString(16).padStart(16, '0');
}

/** A text message as the SDK builds it before 1003. */
export function textMessage(
  sendID: string,
  to: { recvID?: string; groupID?: string },
  text: string,
): MsgData {
  return textMsgData({
    sendID,
    ...to,
    text,
    clientMsgID: nextClientMsgID(),
    createTime: Date.now(),
    senderPlatformID: 5,
    senderNickname: sendID,
  });
}

/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC). Every process on the machine
 * reads the same clock, so a send time written by one generator process compares directly with the
 * receive time of another (performance.now() has a per-process origin).
 */
export function sharedClockMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * What a bench message carries in `ex` (the server stores and pushes it unchanged):
 * `bench|<runId>|<send time, sharedClockMs>|<1 when sent inside the measuring window>`. Receivers in
 * any process compute the latency from it, and ignore stragglers of an earlier phase by the run ID.
 */
function benchTag(runId: string, sentAt: number, measured: boolean): string {
  return `bench|${runId}|${sentAt}|${measured ? 1 : 0}`;
}

function parseBenchTag(ex: string, runId: string): { sentAt: number; measured: boolean } | undefined {
  if (!ex.startsWith('bench|')) return undefined;
  const parts = ex.split('|');
  if (parts[1] !== runId || parts.length !== 4) return undefined;
  const sentAt = Number(parts[2]);
  if (!Number.isFinite(sentAt)) return undefined;
  return { sentAt, measured: parts[3] === '1' };
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
function layout(
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
