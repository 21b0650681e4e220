import { WebSocket } from 'ws';
import { ReqIdentifier, type PushMessages, type SubUserOnlineStatusTips } from '../contract';
import {
  decodeResponseFrame,
  decodeResponseGob,
  encodeRequestFrame,
  encodeRequestGob,
  type WsResponseEnvelope,
} from '../envelope';
import { SDK_MAX_FRAME_BYTES } from '../framing';
import { PushMessagesCodec, SubUserOnlineStatusTipsCodec } from '../messages';
import type { MessageCodec } from '../proto';

/** ReqIdentifiers the SDK's reader accepts; anything else stops it for good. */
const SDK_ACCEPTED = new Set<number>([
  1001, 1002, 1003, 1004, 1005, 1006, 1007, 2001, 2002, 2003, 2004, 2005,
]);

export interface TestClientOptions {
  /** e.g. `ws://127.0.0.1:1234/ws` */
  url: string;
  userID: string;
  token: string;
  platformID?: number;
  operationID?: string;
  /** The wasm SDK always asks for gzip. */
  compression?: boolean;
  /** The wasm SDK always sends isMsgResp=true. */
  isMsgResp?: boolean;
  isBackground?: boolean;
  /** Extra or overriding query parameters. */
  query?: Record<string, string>;
  /** Default 10 s, like the SDK's sendAndWaitTime. */
  requestTimeoutMs?: number;
  /** Handshake timeout (the SDK waits one minute). Default 10 s. */
  connectTimeoutMs?: number;
  /** Answer server pings (browsers always do). Set false to simulate a dead peer. */
  autoPong?: boolean;
}

export class WsRequestError extends Error {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly reqIdentifier: number,
  ) {
    super(`ws request ${reqIdentifier} failed: ${errCode} ${errMsg}`);
    this.name = 'WsRequestError';
  }
}

interface Waiter<T> {
  predicate: (value: T) => boolean;
  resolve: (value: T) => void;
}

/**
 * The socket side of OpenImTestClient: frames in and out, request correlation, the SDK's acceptance
 * rules for server frames, waiting for pushes and closing. OpenImTestClient adds how the SDK opens the
 * connection and the SDK's typed requests.
 */
export class OpenImTestConnection {
  readonly userID: string;
  readonly platformID: number;
  /** Every decoded 2001 push, in arrival order. */
  readonly pushes: PushMessages[] = [];
  /** Every unsolicited 2005 online-status push. */
  readonly statusPushes: SubUserOnlineStatusTips[] = [];
  /**
   * Everything that would have broken the real SDK: frames that stop its reader for good, and
   * server-originated frames with an empty OperationID (the SDK then refuses the HTTP calls it
   * makes in reaction). Must stay empty.
   */
  readonly fatalErrors: string[] = [];
  /** Size of every binary frame received (compressed). */
  readonly frameSizes: number[] = [];
  kicked = false;
  closeCode: number | undefined;
  closeReason = '';

  private counter = 0;
  private readonly pending = new Map<
    string,
    { resolve: (r: WsResponseEnvelope) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly pushWaiters: Waiter<PushMessages>[] = [];
  private readonly envWaiters: Waiter<WsResponseEnvelope>[] = [];
  private readonly closed: Promise<void>;
  private readonly compression: boolean;
  private readonly requestTimeoutMs: number;

  protected constructor(
    private readonly ws: WebSocket,
    opts: TestClientOptions,
  ) {
    this.userID = opts.userID;
    this.platformID = opts.platformID ?? 5;
    this.compression = opts.compression ?? true;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? 10_000;
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        for (const [, p] of this.pending) {
          clearTimeout(p.timer);
          p.reject(new Error(`connection closed (${code}) before the response`));
        }
        this.pending.clear();
        resolve();
      });
    });
  }

  protected attach(): void {
    this.ws.removeAllListeners('message');
    this.ws.on('message', (data, isBinary) => {
      const buf = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      if (!isBinary) {
        this.fatalErrors.push(`text frame after the handshake: ${buf.toString('utf8').slice(0, 100)}`);
        return;
      }
      this.frameSizes.push(buf.length);
      let env: WsResponseEnvelope;
      try {
        env = this.compression
          ? decodeResponseFrame(buf, {
              maxFrameBytes: SDK_MAX_FRAME_BYTES,
              maxDecompressedBytes: 256 * 1024 * 1024,
            })
          : decodeResponseGob(buf);
      } catch (err) {
        this.fatalErrors.push(`undecodable frame: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      this.onEnvelope(env);
    });
  }

  private onEnvelope(env: WsResponseEnvelope): void {
    if (!SDK_ACCEPTED.has(env.reqIdentifier)) {
      this.fatalErrors.push(`unknown ReqIdentifier ${env.reqIdentifier}`);
      return;
    }
    if (env.operationID === '') {
      this.fatalErrors.push(`frame ${env.reqIdentifier} with an empty OperationID`);
    }
    for (let i = this.envWaiters.length - 1; i >= 0; i--) {
      const w = this.envWaiters[i] as Waiter<WsResponseEnvelope>;
      if (w.predicate(env)) {
        this.envWaiters.splice(i, 1);
        w.resolve(env);
      }
    }
    if (env.reqIdentifier === ReqIdentifier.PushMsg) {
      let push: PushMessages;
      try {
        push = PushMessagesCodec.decode(env.data);
      } catch (err) {
        this.fatalErrors.push(`undecodable PushMessages: ${String(err)}`);
        return;
      }
      this.pushes.push(push);
      for (let i = this.pushWaiters.length - 1; i >= 0; i--) {
        const w = this.pushWaiters[i] as Waiter<PushMessages>;
        if (w.predicate(push)) {
          this.pushWaiters.splice(i, 1);
          w.resolve(push);
        }
      }
      return;
    }
    if (env.reqIdentifier === ReqIdentifier.KickOnlineMsg) {
      this.kicked = true;
      return;
    }
    if (env.reqIdentifier === ReqIdentifier.SubUserOnlineStatus && env.msgIncr === '') {
      try {
        this.statusPushes.push(SubUserOnlineStatusTipsCodec.decode(env.data));
      } catch (err) {
        this.fatalErrors.push(`undecodable SubUserOnlineStatusTips: ${String(err)}`);
      }
      return;
    }
    const p = this.pending.get(env.msgIncr);
    if (p) {
      this.pending.delete(env.msgIncr);
      clearTimeout(p.timer);
      p.resolve(env);
    }
  }

  nextMsgIncr(): string {
    this.counter++;
    return `${this.userID}_${Date.now()}${String(this.counter).padStart(6, '0')}`;
  }

  /** Sends raw bytes as a binary frame (for malformed-input tests). */
  sendRaw(data: Uint8Array | string, binary = true): void {
    this.ws.send(data, { binary });
  }

  /** Sends one request envelope and resolves with the matching response envelope. */
  request(
    reqIdentifier: number,
    data: Uint8Array,
    overrides: { sendID?: string; operationID?: string; msgIncr?: string } = {},
  ): Promise<WsResponseEnvelope> {
    const msgIncr = overrides.msgIncr ?? this.nextMsgIncr();
    const env = {
      reqIdentifier,
      token: '',
      sendID: overrides.sendID ?? this.userID,
      operationID: overrides.operationID ?? `op-${msgIncr}`,
      msgIncr,
      data,
    };
    const frame = this.compression ? encodeRequestFrame(env) : Buffer.from(encodeRequestGob(env));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(msgIncr);
        reject(new Error(`request ${reqIdentifier} (${msgIncr}) timed out`));
      }, this.requestTimeoutMs);
      this.pending.set(msgIncr, { resolve, reject, timer });
      this.ws.send(frame, { binary: true }, (err) => {
        if (err) {
          clearTimeout(timer);
          this.pending.delete(msgIncr);
          reject(err);
        }
      });
    });
  }

  /** Typed request: encode, send, check ErrCode, decode. Throws WsRequestError on ErrCode != 0. */
  async call<Req, Resp>(
    reqIdentifier: number,
    reqCodec: MessageCodec<Req>,
    req: Req,
    respCodec: MessageCodec<Resp>,
  ): Promise<Resp> {
    const env = await this.request(reqIdentifier, reqCodec.encode(req));
    if (env.errCode !== 0) throw new WsRequestError(env.errCode, env.errMsg, reqIdentifier);
    return respCodec.decode(env.data);
  }

  /** Resolves with the first push (already received or future) matching `predicate`. */
  waitForPush(
    predicate: (p: PushMessages) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<PushMessages> {
    const existing = this.pushes.find(predicate);
    if (existing) return Promise.resolve(existing);
    return this.waitOn(this.pushWaiters, predicate, timeoutMs, 'push');
  }

  /** Resolves with the next envelope matching `predicate`. */
  waitForEnvelope(
    predicate: (e: WsResponseEnvelope) => boolean,
    timeoutMs = 5_000,
  ): Promise<WsResponseEnvelope> {
    return this.waitOn(this.envWaiters, predicate, timeoutMs, 'envelope');
  }

  private waitOn<T>(
    list: Waiter<T>[],
    predicate: (v: T) => boolean,
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter<T> = {
        predicate,
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
      };
      const timer = setTimeout(() => {
        const i = list.indexOf(waiter);
        if (i >= 0) list.splice(i, 1);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      list.push(waiter);
    });
  }

  /** Resolves when the socket is closed (by either side). */
  waitClosed(): Promise<void> {
    return this.closed;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Closes the socket and waits for the close to complete. */
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close(1000);
    const t = setTimeout(() => this.ws.terminate(), 2_000);
    await this.closed;
    clearTimeout(t);
  }

  /** Drop the TCP connection without a close handshake. */
  terminate(): void {
    this.ws.terminate();
  }
}
