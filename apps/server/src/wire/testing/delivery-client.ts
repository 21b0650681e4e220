import { WebSocket } from 'ws';
import { type MsgData, ReqIdentifier } from '../contract';
import { decodeResponseFrame, encodeRequestFrame } from '../envelope';
import { MsgDataCodec, PushMessagesCodec } from '../messages';
import { sharedClockMs } from './bench-message';
import { OpenImTestClient } from './client';
import { WsRequestError } from './connection';
import { gzipFixedLiterals } from './fixed-deflate';
import { type LoadUser, type Percentiles, percentiles } from './load';

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
