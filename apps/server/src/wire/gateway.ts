/**
 * The OpenIM-compatible WebSocket gateway.
 *
 * Protocol (shared/reference/openim-protocol.md §2, §3 and the risk list in §13):
 * - upgrade on `path` (default /ws) with the query `sendID, token, platformID, operationID,
 *   isBackground, compression, isMsgResp[, sdkType]`; token verified through the injected
 *   verifier, then sendID/platformID must match the token (1502);
 * - with `isMsgResp=true` (always sent by the wasm SDK) the first server message is a text frame
 *   `{"errCode":0,"errMsg":"","errDlt":""}`, or the error variant followed by a close;
 * - afterwards only binary frames gzip(gob(envelope)), each a fresh gob stream; never another
 *   text frame, never an unknown ReqIdentifier, never a frame above the SDK's 1 MiB read limit;
 * - requests of one connection are processed strictly in order, every request gets exactly one
 *   answer echoing ReqIdentifier, MsgIncr and OperationID (the SDK serializes its requests
 *   and waits 10 s for each);
 * - server pings every `pingIntervalMs`; any frame or pong counts as liveness.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  isWsError,
  ReqIdentifier,
  WsErrCode,
  type EmptyResp,
  type Gateway,
  type GatewayDeps,
  type GatewayHost,
  type GatewayLogger,
  type GetLastMessageResp,
  type MultiLoginPolicy,
  type OnlineSession,
  type PullMessageBySeqsResp,
  type PushItem,
  type SubUserOnlineStatusTips,
  type VerifiedToken,
  type WsConnContext,
  type WsError,
  type WsResult,
} from './contract';
import {
  decodeRequestFrame,
  decodeRequestGob,
  encodeResponseGob,
  gzip,
  WireFrameError,
  type WsRequestEnvelope,
  type WsResponseEnvelope,
} from './envelope';
import {
  buildPushFrames,
  SDK_MAX_FRAME_BYTES,
  trimLastMessageResponse,
  trimPullResponse,
  type FrameEncoder,
} from './framing';
import {
  DelUserPushTokenReqCodec,
  EmptyCodec,
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
  SetAppBackgroundStatusReqCodec,
  SubUserOnlineStatusCodec,
  SubUserOnlineStatusTipsCodec,
  UserSendMsgRespCodec,
} from './messages';
import type { MessageCodec } from './proto';

/** Platform IDs OpenIM knows (iOS 1 ... Harmony 11). */
const VALID_PLATFORM_IDS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

/** OpenIM's platform classes for the multi-login policies: mobile, PC, pad; others stand alone. */
function platformClass(platformID: number): string {
  if (platformID === 1 || platformID === 2) return 'mobile';
  if (isPC(platformID)) return 'pc';
  if (platformID === 8 || platformID === 9) return 'pad';
  return `platform-${platformID}`;
}

function isPC(platformID: number): boolean {
  return platformID === 3 || platformID === 4 || platformID === 7;
}

const DEFAULTS = {
  path: '/ws',
  pingIntervalMs: 25_000,
  idleTimeoutMs: 75_000,
  maxFrameBytes: SDK_MAX_FRAME_BYTES,
  maxInboundFrameBytes: 256 * 1024,
  maxInboundDecompressedBytes: 1024 * 1024,
  maxConnections: 10_000,
  multiLoginPolicy: 'kick-same-platform-other-token' as MultiLoginPolicy,
  handlerTimeoutMs: 8_000,
  maxQueuedRequests: 64,
  maxBufferedBytes: 16 * 1024 * 1024,
};

const SUCCESS_HANDSHAKE = '{"errCode":0,"errMsg":"","errDlt":""}';

let operationCounter = 0;
/**
 * OperationID for server-originated frames (2001, 2002, 2005). It must not be empty: the SDK
 * uses a frame's OperationID as the context of everything it does in reaction (including the
 * HTTP calls a pushed notification triggers), and refuses HTTP calls without one (10002).
 */
export function newServerOperationID(): string {
  operationCounter = (operationCounter + 1) % 1_000_000;
  return `srv${Date.now()}${String(operationCounter).padStart(6, '0')}`;
}

const noopLogger: GatewayLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

interface Connection {
  readonly id: string;
  readonly ws: WebSocket;
  /** The upgraded TCP socket under `ws`, corked while frames of one event-loop turn accumulate. */
  readonly socket: Duplex;
  readonly userID: string;
  readonly platformID: number;
  readonly token: string;
  /** When the token was issued, if the verifier knows (see VerifiedToken). */
  readonly issuedAtMs: number | undefined;
  readonly operationID: string;
  readonly compress: boolean;
  readonly connectedAt: number;
  lastSeen: number;
  /** Frames waiting for the one being processed: a connection's requests are answered in order. */
  readonly pending: Buffer[];
  /** A frame of this connection is being processed. */
  busy: boolean;
  /** No more frames are sent once set (kicked, logging out, closing). */
  closing: boolean;
  /** Counts for online status; cleared as soon as the connection starts closing. */
  online: boolean;
  /** Users this connection subscribed to for online status (2005). */
  readonly subscriptions: Set<string>;
}

interface QueryInfo {
  sendID: string;
  token: string;
  platformID: number;
  operationID: string;
  isMsgResp: boolean;
  compress: boolean;
}

class HandshakeError extends Error {
  constructor(
    readonly errCode: number,
    readonly errMsg: string,
    readonly errDlt: string,
  ) {
    super(`${errCode} ${errMsg}: ${errDlt}`);
  }
}

function parseBool(value: string): boolean | undefined {
  // Go's strconv.ParseBool
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

/** Validates the upgrade query like the reference server's `ParseEssentialArgs` (1602). */
function parseQuery(
  url: URL,
  req: IncomingMessage,
): { info?: QueryInfo; isMsgResp: boolean; error?: HandshakeError } {
  const q = url.searchParams;
  const isMsgRespRaw = q.get('isMsgResp');
  const isMsgResp = isMsgRespRaw !== null && parseBool(isMsgRespRaw) === true;
  const argsErr = (detail: string) => ({
    isMsgResp,
    error: new HandshakeError(WsErrCode.ConnArgsErr, 'ConnArgsErr', detail),
  });
  if (isMsgRespRaw !== null && isMsgRespRaw !== '' && parseBool(isMsgRespRaw) === undefined) {
    return argsErr('isMsgResp is not bool');
  }
  const platformRaw = q.get('platformID') ?? '';
  const platformID = /^\d{1,3}$/.test(platformRaw) ? Number(platformRaw) : NaN;
  if (!Number.isInteger(platformID)) return argsErr('platformID is not int');
  const bg = q.get('isBackground');
  if (bg !== null && bg !== '' && parseBool(bg) === undefined) return argsErr('isBackground is not bool');
  const operationID = q.get('operationID') ?? '';
  const token = q.get('token') ?? '';
  const sendID = q.get('sendID') ?? '';
  if (operationID === '') return argsErr('operationID is empty');
  if (token === '') return argsErr('token is empty');
  if (sendID === '') return argsErr('sendID is empty');
  if (!VALID_PLATFORM_IDS.has(platformID)) return argsErr('platformID is invalid');
  const sdkType = q.get('sdkType') ?? '';
  if (sdkType !== '' && sdkType !== 'go') {
    // `js` selects JSON frames in the reference server; the wasm SDK never asks for it.
    return argsErr(sdkType === 'js' ? 'sdkType js (JSON frames) is not supported' : 'sdkType is invalid');
  }
  const headerCompression = req.headers['compression'];
  const compression =
    q.get('compression') || (typeof headerCompression === 'string' ? headerCompression : '');
  return {
    isMsgResp,
    info: { sendID, token, platformID, operationID, isMsgResp, compress: compression === 'gzip' },
  };
}

function handshakeJson(err: HandshakeError): string {
  return JSON.stringify({ errCode: err.errCode, errMsg: err.errMsg, errDlt: err.errDlt });
}

function resolveServer(host: GatewayHost): Server {
  if ('server' in host && typeof host.server === 'object') return host.server;
  return host as Server;
}

type Dispatch = (conn: Connection, ctx: WsConnContext, env: WsRequestEnvelope) => Promise<WsResponseEnvelope>;

/** Attach the gateway to an HTTP server (or a Fastify instance, via its `.server`). */
export function attachGateway(host: GatewayHost, deps: GatewayDeps): Gateway {
  const server = resolveServer(host);
  const o = deps.options ?? {};
  const cfg = {
    path: o.path ?? DEFAULTS.path,
    pingIntervalMs: o.pingIntervalMs ?? DEFAULTS.pingIntervalMs,
    idleTimeoutMs: o.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs,
    maxFrameBytes: o.maxFrameBytes ?? DEFAULTS.maxFrameBytes,
    maxInboundFrameBytes: o.maxInboundFrameBytes ?? DEFAULTS.maxInboundFrameBytes,
    maxInboundDecompressedBytes: o.maxInboundDecompressedBytes ?? DEFAULTS.maxInboundDecompressedBytes,
    maxConnections: o.maxConnections ?? DEFAULTS.maxConnections,
    multiLoginPolicy: o.multiLoginPolicy ?? DEFAULTS.multiLoginPolicy,
    handlerTimeoutMs: o.handlerTimeoutMs ?? DEFAULTS.handlerTimeoutMs,
  };
  const log = deps.logger ?? noopLogger;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: cfg.maxInboundFrameBytes,
    perMessageDeflate: false,
    // The SDK sends no subprotocol; accept any Origin like the reference server.
  });

  /** userID -> connID -> connection */
  const byUser = new Map<string, Map<string, Connection>>();
  /** subscribed userID -> subscriber connections (2005) */
  const subscribers = new Map<string, Set<Connection>>();
  let connectionCount = 0;
  let closed = false;
  const pending = new Set<Duplex>();

  // -- sending ---------------------------------------------------------------------------------

  const encodeFor =
    (conn: Pick<Connection, 'compress'>): FrameEncoder =>
    (env) => {
      const gob = encodeResponseGob(env);
      return conn.compress ? gzip(gob) : Buffer.from(gob);
    };

  /**
   * Sockets corked during this turn of the event loop. Frames for one socket in one turn (the
   * acknowledgement of a send and the push echoing it to the sender, pushes of several senders to one
   * recipient) then leave in one write system call, uncorked together once the turn's I/O callbacks ran.
   */
  const corked = new Set<Duplex>();
  let uncorkScheduled = false;
  const uncorkAll = (): void => {
    uncorkScheduled = false;
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  function corkForThisTurn(socket: Duplex): void {
    if (corked.has(socket)) return;
    corked.add(socket);
    socket.cork();
    if (!uncorkScheduled) {
      uncorkScheduled = true;
      setImmediate(uncorkAll);
    }
  }

  const BINARY = { binary: true } as const;

  function sendFrame(conn: Connection, frame: Buffer, after?: () => void): boolean {
    if (conn.closing || conn.ws.readyState !== WebSocket.OPEN) return false;
    if (frame.length > cfg.maxFrameBytes) {
      // Never reached for frames built here; a guard against a future bug killing the SDK socket.
      log.error({ connID: conn.id, size: frame.length }, 'ws frame above the SDK limit not sent');
      return false;
    }
    if (conn.ws.bufferedAmount > DEFAULTS.maxBufferedBytes) {
      log.warn({ connID: conn.id, userID: conn.userID }, 'ws client too slow, closing');
      closeConnection(conn, 1013, 'too slow');
      return false;
    }
    corkForThisTurn(conn.socket);
    if (after === undefined) {
      // No callback to track: a failed write surfaces as the socket's error and close events.
      conn.ws.send(frame, BINARY);
      return true;
    }
    conn.ws.send(frame, BINARY, (err) => {
      if (err) log.debug({ connID: conn.id, err: err.message }, 'ws send failed');
      after();
    });
    return true;
  }

  function closeConnection(conn: Connection, code: number, reason: string): void {
    conn.closing = true;
    setOffline(conn);
    try {
      conn.ws.close(code, reason);
    } catch {
      conn.ws.terminate();
    }
  }

  function setOffline(conn: Connection): void {
    if (!conn.online) return;
    const before = platformsOf(conn.userID);
    conn.online = false;
    notifyStatus(conn.userID, before);
  }

  // -- registry ----------------------------------------------------------------------------------

  function platformsOf(userID: string): number[] {
    const conns = byUser.get(userID);
    if (!conns) return [];
    const set = new Set<number>();
    for (const c of conns.values()) if (c.online) set.add(c.platformID);
    return [...set].sort((a, b) => a - b);
  }

  function notifyStatus(userID: string, before: number[]): void {
    const after = platformsOf(userID);
    if (before.length === after.length && before.every((p, i) => p === after[i])) return;
    try {
      deps.onOnlineStatusChange?.(userID, after);
    } catch (err) {
      log.error({ err: String(err), userID }, 'onOnlineStatusChange failed');
    }
    const subs = subscribers.get(userID);
    if (!subs || subs.size === 0) return;
    const tips: SubUserOnlineStatusTips = { subscribers: [{ userID, onlinePlatformIDs: after }] };
    const env: WsResponseEnvelope = {
      reqIdentifier: ReqIdentifier.SubUserOnlineStatus,
      errCode: 0,
      errMsg: '',
      msgIncr: '',
      operationID: newServerOperationID(),
      data: SubUserOnlineStatusTipsCodec.encode(tips),
    };
    for (const sub of subs) sendFrame(sub, encodeFor(sub)(env));
  }

  function register(conn: Connection): void {
    const before = platformsOf(conn.userID);
    let conns = byUser.get(conn.userID);
    if (!conns) {
      conns = new Map();
      byUser.set(conn.userID, conns);
    }
    conns.set(conn.id, conn);
    conn.online = true;
    notifyStatus(conn.userID, before);
  }

  function unregister(conn: Connection): void {
    const conns = byUser.get(conn.userID);
    if (!conns?.has(conn.id)) return;
    connectionCount--;
    conn.closing = true;
    setOffline(conn);
    conns.delete(conn.id);
    if (conns.size === 0) byUser.delete(conn.userID);
    for (const userID of conn.subscriptions) {
      const set = subscribers.get(userID);
      set?.delete(conn);
      if (set?.size === 0) subscribers.delete(userID);
    }
  }

  function kickConnections(conns: Connection[], reason: string): number {
    const frameEnv: WsResponseEnvelope = {
      reqIdentifier: ReqIdentifier.KickOnlineMsg,
      errCode: 0,
      errMsg: '',
      msgIncr: '',
      operationID: newServerOperationID(),
      data: new Uint8Array(0),
    };
    let n = 0;
    for (const conn of conns) {
      if (conn.closing) continue;
      n++;
      const sent = sendFrame(conn, encodeFor(conn)(frameEnv), () => closeConnection(conn, 1000, reason));
      // No further frames after the kick; the socket closes once the 2002 frame is flushed.
      conn.closing = true;
      setOffline(conn);
      if (!sent) closeConnection(conn, 1000, reason);
    }
    return n;
  }

  /** Does the multi-login policy make `newConn` kick `old` (same user, different token)? */
  function kicks(newConn: Connection, old: Connection): boolean {
    switch (cfg.multiLoginPolicy) {
      case 'allow-all':
        return false;
      case 'kick-same-platform-other-token':
        return old.platformID === newConn.platformID;
      case 'kick-same-class-other-token':
        return platformClass(old.platformID) === platformClass(newConn.platformID);
      case 'pc-and-one-other':
        return !isPC(newConn.platformID) && !isPC(old.platformID);
    }
  }

  function isNewer(a: number | undefined, b: number | undefined): boolean {
    return a !== undefined && b !== undefined && a > b;
  }

  function applyMultiLoginPolicy(conn: Connection): void {
    const conns = byUser.get(conn.userID);
    if (!conns) return;
    const rivals = [...conns.values()].filter(
      (c) => c !== conn && !c.closing && c.token !== conn.token && kicks(conn, c),
    );
    // The later login wins, not the later connection: a page that reconnects with a token older than a
    // rival's (it was offline when that login happened) is the one to go.
    const stale = rivals.some((c) => isNewer(c.issuedAtMs, conn.issuedAtMs));
    const victims = stale ? [conn] : rivals;
    if (victims.length === 0) return;
    kickConnections(victims, 'kicked by a new login');
    const tokens = new Map<string, number>(victims.map((v) => [v.token, v.platformID]));
    for (const [token, platformID] of tokens) {
      try {
        deps.onTokenKicked?.({ userID: conn.userID, platformID, token });
      } catch (err) {
        log.error({ err: String(err), userID: conn.userID }, 'onTokenKicked failed');
      }
    }
    log.info(
      { userID: conn.userID, platformID: conn.platformID, kicked: victims.length },
      'multi-login kick',
    );
  }

  // -- request handling ------------------------------------------------------------------------

  function reply(
    env: WsRequestEnvelope,
    result: { errCode: number; errMsg: string; data?: Uint8Array },
  ): WsResponseEnvelope {
    return {
      reqIdentifier: env.reqIdentifier,
      msgIncr: env.msgIncr,
      // The SDK always sends one; never answer with an empty OperationID either way.
      operationID: env.operationID || newServerOperationID(),
      errCode: result.errCode,
      errMsg: result.errMsg,
      data: result.data ?? new Uint8Array(0),
    };
  }

  /**
   * Handlers still running, with their deadlines. One sweeper answers the late ones instead of a
   * timer and a Promise.race per request (a visible share of the send path's garbage).
   */
  const running = new Set<{ deadline: number; timedOut: (e: WsError) => void }>();
  const sweepEveryMs = Math.max(5, Math.min(1_000, Math.floor(cfg.handlerTimeoutMs / 4)));
  let sweeper: NodeJS.Timeout | undefined;
  function sweep(): void {
    const now = Date.now();
    for (const r of running) {
      if (r.deadline <= now) {
        running.delete(r);
        r.timedOut({ errCode: WsErrCode.ServerInternalError, errMsg: 'request timed out' });
      }
    }
    if (running.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  function withTimeout<T>(p: Promise<T>): Promise<T | WsError> {
    return new Promise<T | WsError>((resolve, reject) => {
      const entry = { deadline: Date.now() + cfg.handlerTimeoutMs, timedOut: resolve };
      running.add(entry);
      if (!sweeper) {
        sweeper = setInterval(sweep, sweepEveryMs);
        sweeper.unref();
      }
      p.then(
        (v) => {
          if (running.delete(entry)) resolve(v);
        },
        (err: unknown) => {
          if (running.delete(entry)) reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /** Decode payload, run handler, encode the answer. Always resolves to an envelope. */
  async function run<Req, Resp>(
    env: WsRequestEnvelope,
    reqCodec: MessageCodec<Req>,
    respCodec: MessageCodec<Resp>,
    handler: (req: Req) => Promise<WsResult<Resp>>,
    fit?: (resp: Resp, fits: (r: Resp) => boolean) => void,
    conn?: Connection,
  ): Promise<WsResponseEnvelope> {
    let req: Req;
    try {
      req = reqCodec.decode(env.data);
    } catch (err) {
      return reply(env, {
        errCode: WsErrCode.ArgsError,
        errMsg: `invalid ${reqCodec.name} payload: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    let result: WsResult<Resp>;
    try {
      result = await withTimeout(handler(req));
    } catch (err) {
      log.error(
        { err: err instanceof Error ? err.stack : String(err), reqIdentifier: env.reqIdentifier },
        'ws handler threw',
      );
      return reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'internal server error' });
    }
    if (isWsError(result)) return reply(env, { errCode: result.errCode, errMsg: result.errMsg });
    try {
      let data = respCodec.encode(result);
      if (fit && conn) {
        const encode = encodeFor(conn);
        const fits = (r: Resp): boolean => {
          data = respCodec.encode(r);
          return encode(reply(env, { errCode: 0, errMsg: '', data })).length <= cfg.maxFrameBytes;
        };
        if (!fits(result)) {
          fit(result, fits);
          data = respCodec.encode(result);
          log.warn(
            { reqIdentifier: env.reqIdentifier, userID: conn.userID },
            'ws response trimmed to the frame limit',
          );
        }
      }
      return reply(env, { errCode: 0, errMsg: '', data });
    } catch (err) {
      log.error(
        { err: err instanceof Error ? err.stack : String(err), reqIdentifier: env.reqIdentifier },
        'ws response encode failed',
      );
      return reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'internal server error' });
    }
  }

  const fitPull = (resp: PullMessageBySeqsResp, fits: (r: PullMessageBySeqsResp) => boolean): void => {
    trimPullResponse(resp, cfg.maxFrameBytes, () => fits(resp));
  };
  const fitLast = (resp: GetLastMessageResp, fits: (r: GetLastMessageResp) => boolean): void => {
    trimLastMessageResponse(resp, () => fits(resp));
  };

  function handleSubscription(conn: Connection, env: WsRequestEnvelope): WsResponseEnvelope {
    let req;
    try {
      req = SubUserOnlineStatusCodec.decode(env.data);
    } catch (err) {
      return reply(env, {
        errCode: WsErrCode.ArgsError,
        errMsg: `invalid SubUserOnlineStatus payload: ${String(err)}`,
      });
    }
    for (const userID of req.unsubscribeUserID) {
      conn.subscriptions.delete(userID);
      const set = subscribers.get(userID);
      set?.delete(conn);
      if (set?.size === 0) subscribers.delete(userID);
    }
    const tips: SubUserOnlineStatusTips = { subscribers: [] };
    for (const userID of new Set(req.subscribeUserID)) {
      if (userID === '') continue;
      if (conn.subscriptions.size >= 10_000) break;
      conn.subscriptions.add(userID);
      let set = subscribers.get(userID);
      if (!set) {
        set = new Set();
        subscribers.set(userID, set);
      }
      set.add(conn);
      tips.subscribers.push({ userID, onlinePlatformIDs: platformsOf(userID) });
    }
    return reply(env, { errCode: 0, errMsg: '', data: SubUserOnlineStatusTipsCodec.encode(tips) });
  }

  const dispatch: Dispatch = async (conn, ctx, env) => {
    const h = deps.handlers;
    switch (env.reqIdentifier) {
      case ReqIdentifier.GetNewestSeq:
        return run(env, GetMaxSeqReqCodec, GetMaxSeqRespCodec, (r) => h.getNewestSeq(ctx, r));
      case ReqIdentifier.PullMsgByRange:
        return run(
          env,
          PullMessageBySeqsReqCodec,
          PullMessageBySeqsRespCodec,
          (r) => h.pullMsgByRange(ctx, r),
          fitPull,
          conn,
        );
      case ReqIdentifier.SendMsg:
        return run(env, MsgDataCodec, UserSendMsgRespCodec, (r) => h.sendMsg(ctx, r));
      case ReqIdentifier.SendSignalMsg:
        return reply(env, { errCode: WsErrCode.ArgsError, errMsg: 'signal messages are not supported' });
      case ReqIdentifier.PullMsgBySeqList:
        return run(
          env,
          GetSeqMessageReqCodec,
          GetSeqMessageRespCodec,
          (r) => h.pullMsgBySeqList(ctx, r),
          fitPull,
          conn,
        );
      case ReqIdentifier.GetConvMaxReadSeq:
        return run(
          env,
          GetConversationsHasReadAndMaxSeqReqCodec,
          GetConversationsHasReadAndMaxSeqRespCodec,
          (r) => h.getConvMaxReadSeq(ctx, r),
        );
      case ReqIdentifier.PullConvLastMessage:
        return run(
          env,
          GetLastMessageReqCodec,
          GetLastMessageRespCodec,
          (r) => h.pullConvLastMessage(ctx, r),
          fitLast,
          conn,
        );
      case ReqIdentifier.LogoutMsg:
        return run(env, DelUserPushTokenReqCodec, EmptyCodec, (r) =>
          h.logout ? h.logout(ctx, r) : Promise.resolve<EmptyResp>({}),
        );
      case ReqIdentifier.SetBackgroundStatus:
        return run(env, SetAppBackgroundStatusReqCodec, EmptyCodec, (r) =>
          h.setBackgroundStatus ? h.setBackgroundStatus(ctx, r) : Promise.resolve<EmptyResp>({}),
        );
      case ReqIdentifier.SubUserOnlineStatus:
        return handleSubscription(conn, env);
      default:
        throw new Error(`unknown ReqIdentifier ${env.reqIdentifier}`);
    }
  };

  const KNOWN_REQUESTS = new Set<number>([1001, 1002, 1003, 1004, 1005, 1006, 1007, 2003, 2004, 2005]);

  /**
   * Processes the connection's frames one at a time, in arrival order. A plain queue and one
   * continuation per frame instead of a promise chain: three promises and closures per request
   * were a visible share of the send path's garbage (bench/server-load).
   */
  function processNext(conn: Connection): void {
    const frame = conn.pending.shift();
    if (frame === undefined) {
      conn.busy = false;
      return;
    }
    conn.busy = true;
    processFrame(conn, frame).then(
      () => processNext(conn),
      (err: unknown) => {
        log.error(
          { connID: conn.id, err: err instanceof Error ? err.stack : String(err) },
          'ws frame processing failed',
        );
        processNext(conn);
      },
    );
  }

  async function processFrame(conn: Connection, frame: Buffer): Promise<void> {
    let env: WsRequestEnvelope;
    try {
      env = conn.compress
        ? decodeRequestFrame(frame, {
            maxFrameBytes: cfg.maxInboundFrameBytes,
            maxDecompressedBytes: cfg.maxInboundDecompressedBytes,
          })
        : decodeRequestGob(frame);
    } catch (err) {
      const msg = err instanceof WireFrameError || err instanceof Error ? err.message : String(err);
      log.warn({ connID: conn.id, userID: conn.userID, err: msg }, 'malformed ws frame, closing');
      closeConnection(conn, 1007, 'malformed frame');
      return;
    }
    if (!KNOWN_REQUESTS.has(env.reqIdentifier)) {
      // Answering with an unknown ReqIdentifier would kill the SDK's reader; the reference
      // server closes the connection instead.
      log.warn({ connID: conn.id, reqIdentifier: env.reqIdentifier }, 'unknown ReqIdentifier, closing');
      closeConnection(conn, 1008, 'unknown ReqIdentifier');
      return;
    }
    let resp: WsResponseEnvelope;
    if (env.sendID !== conn.userID) {
      resp = reply(env, {
        errCode: WsErrCode.NoPermission,
        errMsg: 'sendID does not match the connected user',
      });
    } else {
      const ctx: WsConnContext = {
        userID: conn.userID,
        platformID: conn.platformID,
        connID: conn.id,
        operationID: env.operationID || conn.operationID,
      };
      resp = await dispatch(conn, ctx, env);
    }
    const frameOut = encodeFor(conn)(resp);
    if (frameOut.length > cfg.maxFrameBytes) {
      log.error(
        { reqIdentifier: env.reqIdentifier, size: frameOut.length },
        'ws response above the frame limit',
      );
      sendFrame(
        conn,
        encodeFor(conn)(reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'response too large' })),
      );
      return;
    }
    if (env.reqIdentifier === ReqIdentifier.LogoutMsg) {
      const sent = sendFrame(conn, frameOut, () => closeConnection(conn, 1000, 'logout'));
      if (!sent) closeConnection(conn, 1000, 'logout');
      return;
    }
    sendFrame(conn, frameOut);
  }

  // -- connection lifecycle --------------------------------------------------------------------

  function rejectHttp(socket: Duplex, err: HandshakeError): void {
    const body = handshakeJson(err);
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  function rejectWs(req: IncomingMessage, socket: Duplex, head: Buffer, err: HandshakeError): void {
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => undefined);
      ws.send(handshakeJson(err), { binary: false }, () => ws.close(1000, 'handshake rejected'));
      // Do not wait forever for the peer's close frame.
      setTimeout(() => ws.terminate(), 5_000).unref();
    });
  }

  async function authenticate(info: QueryInfo): Promise<VerifiedToken> {
    let verified: VerifiedToken | WsError;
    try {
      verified = await deps.verifyToken(info.token);
    } catch (err) {
      log.error({ err: String(err) }, 'verifyToken threw');
      throw new HandshakeError(
        WsErrCode.ServerInternalError,
        'ServerInternalError',
        'token verification failed',
      );
    }
    if (isWsError(verified)) throw new HandshakeError(verified.errCode, verified.errMsg, '');
    if (verified.userID !== info.sendID || verified.platformID !== info.platformID) {
      throw new HandshakeError(
        WsErrCode.TokenInvalid,
        'TokenInvalidError',
        'token does not match sendID/platformID',
      );
    }
    return verified;
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    let url: URL | undefined;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.pathname !== cfg.path && url.pathname !== `${cfg.path}/`)) {
      // Not ours. If nobody else listens for upgrades, answer instead of leaving the socket hanging.
      if (server.listenerCount('upgrade') <= 1) {
        socket.on('error', () => undefined);
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      }
      return;
    }
    socket.on('error', () => undefined);
    if (closed) {
      socket.destroy();
      return;
    }
    pending.add(socket);
    handleUpgrade(req, socket, head, url)
      .catch((err: unknown) => {
        // Never let a handshake problem become an unhandled rejection that stops the process.
        log.error({ err: err instanceof Error ? err.stack : String(err) }, 'ws upgrade failed');
        socket.destroy();
      })
      .finally(() => pending.delete(socket));
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const parsed = parseQuery(url, req);
    const reject = (err: HandshakeError): void => {
      log.info({ errCode: err.errCode, errDlt: err.errDlt }, 'ws handshake rejected');
      if (socket.destroyed) return;
      if (parsed.isMsgResp) rejectWs(req, socket, head, err);
      else rejectHttp(socket, err);
    };
    if (connectionCount >= cfg.maxConnections) {
      reject(
        new HandshakeError(WsErrCode.ConnOverMaxNumLimit, 'ConnOverMaxNumLimit', 'over max conn num limit'),
      );
      return;
    }
    if (parsed.error || !parsed.info) {
      reject(parsed.error ?? new HandshakeError(WsErrCode.ConnArgsErr, 'ConnArgsErr', 'bad query'));
      return;
    }
    const info = parsed.info;
    let verified: VerifiedToken;
    try {
      verified = await authenticate(info);
    } catch (err) {
      reject(
        err instanceof HandshakeError ? err : new HandshakeError(500, 'ServerInternalError', String(err)),
      );
      return;
    }
    if (closed || socket.destroyed) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        onConnection(ws, socket, info, verified);
      } catch (err) {
        log.error({ err: err instanceof Error ? err.stack : String(err) }, 'ws connection setup failed');
        ws.terminate();
      }
    });
  }

  function onConnection(ws: WebSocket, socket: Duplex, info: QueryInfo, verified: VerifiedToken): void {
    const now = Date.now();
    const conn: Connection = {
      id: randomUUID(),
      ws,
      socket,
      userID: verified.userID,
      platformID: verified.platformID,
      token: info.token,
      issuedAtMs: verified.issuedAtMs,
      operationID: info.operationID,
      compress: info.compress,
      connectedAt: now,
      lastSeen: now,
      pending: [],
      busy: false,
      closing: false,
      online: false,
      subscriptions: new Set(),
    };
    connectionCount++;
    ws.on('error', (err) => log.debug({ connID: conn.id, err: err.message }, 'ws socket error'));
    ws.on('close', () => unregister(conn));
    ws.on('pong', () => {
      conn.lastSeen = Date.now();
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastSeen = Date.now();
      if (conn.closing) return;
      if (!isBinary) {
        log.warn({ connID: conn.id }, 'text frame from client, closing');
        closeConnection(conn, 1003, 'text frames are not supported');
        return;
      }
      if (conn.pending.length + (conn.busy ? 1 : 0) >= DEFAULTS.maxQueuedRequests) {
        log.warn({ connID: conn.id }, 'too many queued ws requests, closing');
        closeConnection(conn, 1008, 'too many queued requests');
        return;
      }
      // ws hands over a Buffer of its own (binaryType nodebuffer): no copy needed.
      const frame = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      conn.pending.push(frame);
      if (!conn.busy) processNext(conn);
    });
    // The handshake message must be the very first frame (and the only text frame).
    if (info.isMsgResp) ws.send(SUCCESS_HANDSHAKE, { binary: false });
    register(conn);
    applyMultiLoginPolicy(conn);
    log.info({ connID: conn.id, userID: conn.userID, platformID: conn.platformID }, 'ws connected');
  }

  server.on('upgrade', onUpgrade);

  const pingTimer = setInterval(() => {
    const now = Date.now();
    for (const conns of byUser.values()) {
      for (const conn of conns.values()) {
        if (conn.closing) continue;
        if (now - conn.lastSeen > cfg.idleTimeoutMs) {
          log.info({ connID: conn.id, userID: conn.userID }, 'ws connection idle, terminating');
          conn.closing = true;
          setOffline(conn);
          conn.ws.terminate();
          continue;
        }
        try {
          conn.ws.ping();
        } catch {
          // socket already gone; the close handler cleans up
        }
      }
    }
  }, cfg.pingIntervalMs);
  pingTimer.unref();

  /** Encodes the frames once (per compression mode) and sends them to every target connection. */
  function pushToUsers(
    userIDs: readonly string[],
    items: readonly PushItem[],
    exceptConnID: string | undefined,
    operationID: string | undefined,
  ): number {
    if (items.length === 0) return 0;
    const targets: Connection[] = [];
    for (const userID of new Set(userIDs)) {
      const conns = byUser.get(userID);
      if (!conns) continue;
      for (const c of conns.values()) if (!c.closing && c.id !== exceptConnID) targets.push(c);
    }
    if (targets.length === 0) return 0;
    const opID = operationID || newServerOperationID();
    const cache = new Map<boolean, Buffer[]>();
    let delivered = 0;
    for (const conn of targets) {
      let frames = cache.get(conn.compress);
      if (!frames) {
        try {
          const built = buildPushFrames(items, cfg.maxFrameBytes, encodeFor(conn), opID);
          if (built.dropped.length > 0) {
            log.error({ dropped: built.dropped.length }, 'push messages above the frame limit dropped');
          }
          frames = built.frames;
        } catch (err) {
          log.error({ err: err instanceof Error ? err.stack : String(err) }, 'push encode failed');
          frames = [];
        }
        cache.set(conn.compress, frames);
      }
      let any = false;
      for (const f of frames) any = sendFrame(conn, f) || any;
      if (any) delivered++;
    }
    return delivered;
  }

  // -- public API ------------------------------------------------------------------------------

  const gateway: Gateway = {
    pushMessages(
      userID: string,
      items: readonly PushItem[],
      exceptConnID?: string,
      operationID?: string,
    ): number {
      return pushToUsers([userID], items, exceptConnID, operationID);
    },

    pushMessagesToUsers(
      userIDs: readonly string[],
      items: readonly PushItem[],
      exceptConnID?: string,
      operationID?: string,
    ): number {
      return pushToUsers(userIDs, items, exceptConnID, operationID);
    },

    kick(userID: string, platformID?: number): number {
      const conns = byUser.get(userID);
      if (!conns) return 0;
      const victims = [...conns.values()].filter(
        (c) => platformID === undefined || c.platformID === platformID,
      );
      return kickConnections(victims, 'kicked');
    },

    disconnect(userID: string, platformID?: number, token?: string): number {
      const conns = byUser.get(userID);
      if (!conns) return 0;
      let n = 0;
      for (const conn of [...conns.values()]) {
        if (conn.closing) continue;
        if (platformID !== undefined && conn.platformID !== platformID) continue;
        if (token !== undefined && conn.token !== token) continue;
        n++;
        // A normal close: the SDK treats it as a network drop and reconnects, and the next
        // handshake carries the token error.
        closeConnection(conn, 4001, 'token no longer valid');
      }
      return n;
    },

    isOnline(userID: string): boolean {
      return platformsOf(userID).length > 0;
    },

    onlinePlatformIDs(userID: string): number[] {
      return platformsOf(userID);
    },

    sessions(): OnlineSession[] {
      const out: OnlineSession[] = [];
      for (const conns of byUser.values()) {
        for (const c of conns.values()) {
          if (c.online)
            out.push({
              connID: c.id,
              userID: c.userID,
              platformID: c.platformID,
              connectedAt: c.connectedAt,
              token: c.token,
            });
        }
      }
      return out;
    },

    async closeAll(): Promise<void> {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      clearInterval(pingTimer);
      if (sweeper) clearInterval(sweeper);
      for (const socket of pending) socket.destroy();
      const all: Connection[] = [];
      for (const conns of byUser.values()) all.push(...conns.values());
      await Promise.all(
        all.map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.ws.readyState === WebSocket.CLOSED) {
                resolve();
                return;
              }
              const timer = setTimeout(() => {
                conn.ws.terminate();
                resolve();
              }, 1_000);
              conn.ws.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              closeConnection(conn, 1001, 'server shutting down');
            }),
        ),
      );
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  return gateway;
}
