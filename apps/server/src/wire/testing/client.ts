/**
 * A WebSocket client that speaks the OpenIM wire protocol the way the wasm SDK does: the same
 * query string, the handshake text frame, gzip(gob(GeneralWsReq)) requests with `MsgIncr`
 * correlation. It also applies the SDK's own acceptance rules to every server frame and
 * records anything that would kill the real SDK's reader (`fatalErrors`), so tests can assert
 * the server never sends such a frame. Usable as a load generator (see bench/).
 */
import { WebSocket } from 'ws';
import {
  ReqIdentifier,
  type DelUserPushTokenReq,
  type GetConversationsHasReadAndMaxSeqReq,
  type GetConversationsHasReadAndMaxSeqResp,
  type GetLastMessageReq,
  type GetLastMessageResp,
  type GetMaxSeqResp,
  type GetSeqMessageReq,
  type GetSeqMessageResp,
  type MsgData,
  type PullMessageBySeqsReq,
  type PullMessageBySeqsResp,
  type PushMessages,
  type SubUserOnlineStatusTips,
  type UserSendMsgResp,
} from '../contract';
import {
  decodeResponseFrame,
  decodeResponseGob,
  encodeRequestFrame,
  encodeRequestGob,
  type WsResponseEnvelope,
} from '../envelope';
import { SDK_MAX_FRAME_BYTES } from '../framing';
import {
  DelUserPushTokenReqCodec,
  GetConversationsHasReadAndMaxSeqReqCodec,
  GetConversationsHasReadAndMaxSeqRespCodec,
  GetLastMessageReqCodec,
  GetLastMessageRespCodec,
  GetMaxSeqReqCodec,
  GetMaxSeqRespCodec,
  GetSeqMessageReqCodec,
  GetSeqMessageRespCodec,
  MsgDataCodec,
  PullMessageBySeqsReqCodec,
  PullMessageBySeqsRespCodec,
  PushMessagesCodec,
  SetAppBackgroundStatusReqCodec,
  SubUserOnlineStatusCodec,
  SubUserOnlineStatusTipsCodec,
  UserSendMsgRespCodec,
} from '../messages';
import type { MessageCodec } from '../proto';

/** ReqIdentifiers the SDK's reader accepts; anything else stops it for good. */
const SDK_ACCEPTED = new Set<number>([
  1001, 1002, 1003, 1004, 1005, 1006, 1007, 2001, 2002, 2003, 2004, 2005,
]);

export interface HandshakeResult {
  errCode: number;
  errMsg: string;
  errDlt: string;
}

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

export interface ConnectResult {
  /** null when the handshake carried an error (the server closes the socket). */
  client: OpenImTestClient | null;
  handshake: HandshakeResult;
  /** The raw first frame: the SDK requires it to be a JSON text frame. */
  handshakeFrame: { text: string; isBinary: boolean } | null;
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

export class OpenImTestClient {
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

  private constructor(
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

  /** Builds the upgrade URL exactly like the SDK (sorted keys after the browser dialer). */
  static buildUrl(opts: TestClientOptions): string {
    const params: Record<string, string> = {
      sendID: opts.userID,
      token: opts.token,
      platformID: String(opts.platformID ?? 5),
      operationID: opts.operationID ?? String(Date.now()) + String(Math.floor(Math.random() * 1e6)),
      isBackground: String(opts.isBackground ?? false),
    };
    if (opts.compression ?? true) params['compression'] = 'gzip';
    if (opts.isMsgResp ?? true) params['isMsgResp'] = 'true';
    Object.assign(params, opts.query ?? {});
    const search = new URLSearchParams(
      Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    return `${opts.url}?${search.toString()}`;
  }

  /**
   * Opens the socket and waits for the handshake text frame. Resolves with the client (null
   * when the handshake carried an error) and the handshake JSON.
   */
  static connect(opts: TestClientOptions): Promise<ConnectResult> {
    const ws = new WebSocket(OpenImTestClient.buildUrl(opts), {
      perMessageDeflate: false,
      autoPong: opts.autoPong ?? true,
    });
    const client = new OpenImTestClient(ws, opts);
    const isMsgResp = opts.isMsgResp ?? true;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('handshake timed out'));
      }, opts.connectTimeoutMs ?? 10_000);
      let first = true;
      ws.on('error', (err) => {
        if (first) {
          clearTimeout(timer);
          reject(err);
        }
      });
      ws.on('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          try {
            const parsed = JSON.parse(body) as HandshakeResult;
            resolve({ client: null, handshake: parsed, handshakeFrame: null });
          } catch {
            reject(new Error(`upgrade refused with HTTP ${res.statusCode}: ${body}`));
          }
        });
      });
      ws.on('open', () => {
        if (!isMsgResp) {
          first = false;
          clearTimeout(timer);
          client.attach();
          resolve({ client, handshake: { errCode: 0, errMsg: '', errDlt: '' }, handshakeFrame: null });
        }
      });
      ws.on('message', (data, isBinary) => {
        if (!first) return;
        first = false;
        clearTimeout(timer);
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(data as ArrayBuffer).toString('utf8');
        let handshake: HandshakeResult;
        try {
          handshake = JSON.parse(text) as HandshakeResult;
        } catch {
          ws.terminate();
          reject(new Error(`handshake is not JSON (${isBinary ? 'binary' : 'text'}): ${text.slice(0, 100)}`));
          return;
        }
        const handshakeFrame = { text, isBinary };
        if (handshake.errCode !== 0) {
          resolve({ client: null, handshake, handshakeFrame });
          return;
        }
        client.attach();
        resolve({ client, handshake, handshakeFrame });
      });
    });
  }

  /** Convenience: connect and fail unless the handshake succeeded. */
  static async open(opts: TestClientOptions): Promise<OpenImTestClient> {
    const { client, handshake } = await OpenImTestClient.connect(opts);
    if (!client) throw new Error(`handshake failed: ${JSON.stringify(handshake)}`);
    return client;
  }

  private attach(): void {
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

  getNewestSeq(): Promise<GetMaxSeqResp> {
    return this.call(
      ReqIdentifier.GetNewestSeq,
      GetMaxSeqReqCodec,
      { userID: this.userID },
      GetMaxSeqRespCodec,
    );
  }

  pullMsgByRange(req: Omit<PullMessageBySeqsReq, 'userID'>): Promise<PullMessageBySeqsResp> {
    return this.call(
      ReqIdentifier.PullMsgByRange,
      PullMessageBySeqsReqCodec,
      { userID: this.userID, ...req },
      PullMessageBySeqsRespCodec,
    );
  }

  sendMsg(msg: MsgData): Promise<UserSendMsgResp> {
    return this.call(ReqIdentifier.SendMsg, MsgDataCodec, msg, UserSendMsgRespCodec);
  }

  pullMsgBySeqList(req: Omit<GetSeqMessageReq, 'userID'>): Promise<GetSeqMessageResp> {
    return this.call(
      ReqIdentifier.PullMsgBySeqList,
      GetSeqMessageReqCodec,
      { userID: this.userID, ...req },
      GetSeqMessageRespCodec,
    );
  }

  getConvMaxReadSeq(
    req: Partial<Omit<GetConversationsHasReadAndMaxSeqReq, 'userID'>> = {},
  ): Promise<GetConversationsHasReadAndMaxSeqResp> {
    return this.call(
      ReqIdentifier.GetConvMaxReadSeq,
      GetConversationsHasReadAndMaxSeqReqCodec,
      {
        userID: this.userID,
        conversationIDs: req.conversationIDs ?? [],
        returnPinned: req.returnPinned ?? false,
      },
      GetConversationsHasReadAndMaxSeqRespCodec,
    );
  }

  pullConvLastMessage(req: Omit<GetLastMessageReq, 'userID'>): Promise<GetLastMessageResp> {
    return this.call(
      ReqIdentifier.PullConvLastMessage,
      GetLastMessageReqCodec,
      { userID: this.userID, ...req },
      GetLastMessageRespCodec,
    );
  }

  /** 2003: resolves with the response envelope; the server closes the socket afterwards. */
  logout(): Promise<WsResponseEnvelope> {
    const req: DelUserPushTokenReq = { userID: this.userID, platformID: this.platformID };
    return this.request(ReqIdentifier.LogoutMsg, DelUserPushTokenReqCodec.encode(req));
  }

  setBackground(isBackground: boolean): Promise<WsResponseEnvelope> {
    return this.request(
      ReqIdentifier.SetBackgroundStatus,
      SetAppBackgroundStatusReqCodec.encode({ userID: this.userID, isBackground }),
    );
  }

  async subscribeUserStatus(
    subscribe: string[],
    unsubscribe: string[] = [],
  ): Promise<SubUserOnlineStatusTips> {
    const env = await this.request(
      ReqIdentifier.SubUserOnlineStatus,
      SubUserOnlineStatusCodec.encode({ subscribeUserID: subscribe, unsubscribeUserID: unsubscribe }),
    );
    if (env.errCode !== 0) throw new WsRequestError(env.errCode, env.errMsg, env.reqIdentifier);
    return SubUserOnlineStatusTipsCodec.decode(env.data);
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
