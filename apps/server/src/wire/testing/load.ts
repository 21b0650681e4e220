/**
 * A bounded WebSocket load generator built on OpenImTestClient, for bench/ and smoke tests.
 * Each simulated user behaves like the SDK: one connection, one request at a time. All users
 * connect first, then send their requests. The run stops
 * after `requestsPerUser` requests per user or `maxDurationMs`, whichever comes first, and only
 * ever talks to the URL it is given (use loopback addresses).
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { type MsgData, ReqIdentifier } from '../contract';
import { decodeResponseFrame, encodeRequestFrame } from '../envelope';
import { MsgDataCodec, PushMessagesCodec } from '../messages';
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
  /** Called for every chat message in a 2001 push, with the receive time (performance.now()). */
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
      { perMessageDeflate: false },
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
    const at = performance.now();
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
    const frame = encodeRequestFrame({
      reqIdentifier: ReqIdentifier.SendMsg,
      token: '',
      sendID: this.userID,
      operationID: `bench-${msgIncr}`,
      msgIncr,
      data: MsgDataCodec.encode(msg),
    });
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
): Promise<{ clients: DeliveryClient[]; failures: string[]; durationMs: number; connectMs: Percentiles }> {
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
  return { clients, failures, durationMs: performance.now() - started, connectMs: percentiles(times) };
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
  /** Send call to the recipient having decoded the push. */
  latencyMs: Percentiles;
  windowMs: number;
  /** CPU time the generator itself used (user + system), to set against the server's. */
  generatorCpuMs: number;
}

const textEncoder = new TextEncoder();

/** A text message as the SDK builds it before 1003. */
export function textMessage(
  sendID: string,
  to: { recvID?: string; groupID?: string },
  text: string,
): MsgData {
  const now = Date.now();
  return {
    sendID,
    recvID: to.recvID ?? '',
    groupID: to.groupID ?? '',
    clientMsgID: randomBytes(16).toString('hex'),
    serverMsgID: '',
    senderPlatformID: 5,
    senderNickname: sendID,
    senderFaceURL: '',
    sessionType: to.groupID ? 3 : 1,
    msgFrom: 100,
    contentType: 101,
    content: textEncoder.encode(JSON.stringify({ content: text })),
    seq: 0,
    sendTime: 0,
    createTime: now,
    status: 1,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}

/** Sends messages for warm-up + duration and measures deliveries and send-to-receive latency. */
export async function runDelivery(opts: DeliveryOptions): Promise<DeliveryResult> {
  const warmupMs = opts.warmupMs ?? 1_000;
  const drainMs = opts.drainMs ?? 5_000;
  const mode = opts.mode;
  const senders: { client: DeliveryClient; to: { recvID?: string; groupID?: string } }[] = [];
  let receiversPerMessage: number;
  let receivers: readonly DeliveryClient[];
  if (mode.kind === 'pairs') {
    receivers = opts.clients;
    receiversPerMessage = 1;
    for (let i = 0; i + 1 < opts.clients.length; i += 2) {
      const a = opts.clients[i] as DeliveryClient;
      const b = opts.clients[i + 1] as DeliveryClient;
      senders.push({ client: a, to: { recvID: b.userID } }, { client: b, to: { recvID: a.userID } });
    }
  } else {
    receivers = mode.members;
    receiversPerMessage = mode.members.length - 1;
    for (const client of mode.members.slice(0, mode.senders))
      senders.push({ client, to: { groupID: mode.groupID } });
  }
  if (senders.length === 0) throw new Error('no senders');

  const t0 = performance.now();
  const windowStart = t0 + warmupMs;
  const windowEnd = windowStart + opts.durationMs;
  // clientMsgID -> send time; `measured` for messages sent inside the window.
  const sentAt = new Map<string, { t: number; measured: boolean }>();
  const latencies: number[] = [];
  let delivered = 0;
  let deliveredInWindow = 0;
  let deliveredAll = 0;
  let sent = 0;
  let acked = 0;
  let sendErrors = 0;
  let firstSendError = '';
  for (const r of receivers) {
    const me = r.userID;
    r.onMessage = (m, at) => {
      if (m.sendID === me) return;
      const s = sentAt.get(m.clientMsgID);
      if (s === undefined) return;
      // Throughput counts every delivery inside the window; latency and completeness only the window's messages.
      deliveredAll++;
      if (at >= windowStart && at <= windowEnd) deliveredInWindow++;
      if (!s.measured) return;
      delivered++;
      latencies.push(at - s.t);
    };
  }
  const cpu0 = process.cpuUsage();
  let n = 0;
  const sendOne = (sender: (typeof senders)[number]): Promise<void> => {
    const msg = textMessage(sender.client.userID, sender.to, `bench message ${n++}`);
    const now = performance.now();
    const measured = now >= windowStart && now < windowEnd;
    sentAt.set(msg.clientMsgID, { t: now, measured });
    if (measured) sent++;
    return sender.client.send(msg).then(
      () => {
        if (measured) acked++;
      },
      (err: unknown) => {
        sendErrors++;
        if (!firstSendError) firstSendError = err instanceof Error ? err.message : String(err);
      },
    );
  };

  if (opts.sendRate === undefined) {
    await Promise.all(
      senders.map(async (s) => {
        while (performance.now() < windowEnd && s.client.isOpen) await sendOne(s);
      }),
    );
  } else {
    // Open loop: every ~10 ms tick sends what the rate owes by now (a late tick catches up, so a busy
    // generator still offers the full rate), round-robin over the senders.
    const rate = opts.sendRate;
    let issued = 0;
    let rr = 0;
    const inflight: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (performance.now() >= windowEnd) {
          clearInterval(tick);
          resolve();
          return;
        }
        const owed = Math.floor(((performance.now() - t0) / 1000) * rate);
        for (; issued < owed; issued++) {
          const s = senders[rr++ % senders.length] as (typeof senders)[number];
          inflight.push(sendOne(s));
        }
      }, 10);
    });
    await Promise.all(inflight);
  }
  const expected = acked * receiversPerMessage;
  const drainUntil = performance.now() + drainMs;
  while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  const cpu = process.cpuUsage(cpu0);
  for (const r of receivers) r.onMessage = () => {};
  return {
    senders: senders.length,
    sent,
    acked,
    sendErrors,
    firstSendError,
    delivered,
    expected,
    deliveredAll,
    deliveredPerSecond: (deliveredInWindow / opts.durationMs) * 1000,
    sentPerSecond: (sent / opts.durationMs) * 1000,
    latencyMs: percentiles(latencies),
    windowMs: opts.durationMs,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}
