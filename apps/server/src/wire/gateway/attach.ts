/**
 * The OpenIM-compatible WebSocket gateway (protocol: shared/reference/openim-protocol.md §2, §3, §13; the
 * behaviour is listed in ../README.md). The units it composes live beside it in this folder.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  ReqIdentifier,
  WsErrCode,
  type Gateway,
  type GatewayDeps,
  type GatewayHost,
  type OnlineSession,
  type PushItem,
  type SubUserOnlineStatusTips,
  type VerifiedToken,
  type WsConnContext,
} from '../contract';
import {
  decodeRequestFrame,
  decodeRequestGob,
  WireFrameError,
  type WsRequestEnvelope,
  type WsResponseEnvelope,
} from '../envelope';
import { SubUserOnlineStatusTipsCodec } from '../messages';
import { rememberLastFrame } from '../framing';
import {
  type Connection,
  FrameSender,
  closeAndWait,
  encoderFor,
  newServerOperationID,
  startLiveness,
} from './connection';
import { KNOWN_REQUESTS, createDispatcher, reply } from './dispatch';
import { type QueryInfo, SUCCESS_HANDSHAKE } from './handshake';
import { loginVictims } from './multi-login';
import { fanOut, pushTargets } from './push';
import { ConnectionRegistry } from './registry';
import { Deadlines, RequestQueue } from './requests';
import { upgradeListener } from './upgrade';
import {
  MAX_BUFFERED_BYTES,
  MAX_QUEUED_REQUESTS,
  noopLogger,
  resolveGatewayOptions,
  resolveServer,
} from './options';

const stack = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));

/**
 * Attach the gateway to an HTTP server (or a Fastify instance, via its `.server`). This composes the units of
 * this folder: the handshake, the connection registry (online status, 2005 subscriptions), the multi-login
 * policy, each connection's request queue with the handlers' deadlines, the dispatcher and the push fan-out.
 */
export function attachGateway(host: GatewayHost, deps: GatewayDeps): Gateway {
  const server = resolveServer(host);
  const cfg = resolveGatewayOptions(deps.options);
  const log = deps.logger ?? noopLogger;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: cfg.maxInboundFrameBytes,
    perMessageDeflate: false,
    // The SDK sends no subprotocol; accept any Origin like the reference server.
  });
  let closed = false;
  const pending = new Set<Duplex>();

  const registry = new ConnectionRegistry<Connection>((userID, platformIDs, subscribers) => {
    try {
      deps.onOnlineStatusChange?.(userID, platformIDs);
    } catch (err) {
      log.error({ err: String(err), userID }, 'onOnlineStatusChange failed');
    }
    if (subscribers.size === 0) return;
    const tips: SubUserOnlineStatusTips = { subscribers: [{ userID, onlinePlatformIDs: platformIDs }] };
    const env = serverFrame(ReqIdentifier.SubUserOnlineStatus, SubUserOnlineStatusTipsCodec.encode(tips));
    for (const sub of subscribers) sender.send(sub, encoderFor(sub)(env));
  });
  const sender = new FrameSender({
    maxFrameBytes: cfg.maxFrameBytes,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    log,
    onTooSlow: (conn) => closeConnection(conn, 1013, 'too slow'),
  });
  const deadlines = new Deadlines(cfg.handlerTimeoutMs);
  const dispatch = createDispatcher<Connection>({
    handlers: deps.handlers,
    log,
    deadlines,
    maxFrameBytes: cfg.maxFrameBytes,
    subscribe: (conn, subscribe, unsubscribe) =>
      SubUserOnlineStatusTipsCodec.encode(registry.subscribe(conn, subscribe, unsubscribe)),
  });

  function serverFrame(reqIdentifier: number, data: Uint8Array): WsResponseEnvelope {
    return { reqIdentifier, errCode: 0, errMsg: '', msgIncr: '', operationID: newServerOperationID(), data };
  }

  function closeConnection(conn: Connection, code: number, reason: string): void {
    conn.closing = true;
    registry.setOffline(conn);
    try {
      conn.ws.close(code, reason);
    } catch {
      conn.ws.terminate();
    }
  }

  /** 2002, then the close once it is flushed; no further frames after the kick. */
  function kickConnections(conns: Iterable<Connection>, reason: string): number {
    const env = serverFrame(ReqIdentifier.KickOnlineMsg, new Uint8Array(0));
    let n = 0;
    for (const conn of conns) {
      if (conn.closing) continue;
      n++;
      const sent = sender.send(conn, encoderFor(conn)(env), () => closeConnection(conn, 1000, reason));
      conn.closing = true;
      registry.setOffline(conn);
      if (!sent) closeConnection(conn, 1000, reason);
    }
    return n;
  }

  function applyMultiLoginPolicy(conn: Connection): void {
    const victims = loginVictims(cfg.multiLoginPolicy, conn, registry.connectionsOf(conn.userID));
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

  // -- one request -------------------------------------------------------------------------------

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
    const encode = rememberLastFrame(encoderFor(conn));
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
      resp = await dispatch(conn, ctx, env, encode);
    }
    const frameOut = encode(resp);
    if (frameOut.length > cfg.maxFrameBytes) {
      log.error(
        { reqIdentifier: env.reqIdentifier, size: frameOut.length },
        'ws response above the frame limit',
      );
      sender.send(
        conn,
        encode(reply(env, { errCode: WsErrCode.ServerInternalError, errMsg: 'response too large' })),
      );
      return;
    }
    if (env.reqIdentifier === ReqIdentifier.LogoutMsg) {
      const sent = sender.send(conn, frameOut, () => closeConnection(conn, 1000, 'logout'));
      if (!sent) closeConnection(conn, 1000, 'logout');
      return;
    }
    sender.send(conn, frameOut);
  }

  // -- connection lifecycle --------------------------------------------------------------------

  function onConnection(ws: WebSocket, socket: Duplex, info: QueryInfo, verified: VerifiedToken): void {
    const now = Date.now();
    const id = randomUUID();
    const conn: Connection = {
      id,
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
      requests: new RequestQueue<Buffer>(
        (frame) => processFrame(conn, frame),
        (err) => log.error({ connID: id, err: stack(err) }, 'ws frame processing failed'),
        MAX_QUEUED_REQUESTS,
      ),
      closing: false,
      online: false,
      subscriptions: new Set(),
    };
    ws.on('error', (err) => log.debug({ connID: conn.id, err: err.message }, 'ws socket error'));
    ws.on('close', () => registry.remove(conn));
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
      // ws hands over a Buffer of its own (binaryType nodebuffer): no copy needed.
      const frame = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      if (!conn.requests.push(frame)) {
        log.warn({ connID: conn.id }, 'too many queued ws requests, closing');
        closeConnection(conn, 1008, 'too many queued requests');
      }
    });
    // The handshake message must be the very first frame (and the only text frame).
    if (info.isMsgResp) ws.send(SUCCESS_HANDSHAKE, { binary: false });
    registry.add(conn);
    applyMultiLoginPolicy(conn);
    log.info({ connID: conn.id, userID: conn.userID, platformID: conn.platformID }, 'ws connected');
  }

  const onUpgrade = upgradeListener({
    server,
    wss,
    path: cfg.path,
    log,
    verifyToken: deps.verifyToken,
    maxConnections: cfg.maxConnections,
    connectionCount: () => registry.size,
    isClosed: () => closed,
    pending,
    onConnection,
  });
  server.on('upgrade', onUpgrade);

  const pingTimer = startLiveness(
    () => registry.all(),
    cfg,
    (conn) => {
      log.info({ connID: conn.id, userID: conn.userID }, 'ws connection idle, terminating');
      conn.closing = true;
      registry.setOffline(conn);
      conn.ws.terminate();
    },
  );

  function pushToUsers(
    userIDs: readonly string[],
    items: readonly PushItem[],
    exceptConnID: string | undefined,
    operationID: string | undefined,
  ): number {
    if (items.length === 0) return 0;
    const targets = pushTargets(userIDs, (u) => registry.connectionsOf(u), exceptConnID);
    if (targets.length === 0) return 0;
    return fanOut(targets, items, {
      maxFrameBytes: cfg.maxFrameBytes,
      operationID: operationID || newServerOperationID(),
      send: (conn, frame) => sender.send(conn, frame),
      log,
    });
  }

  // -- public API ------------------------------------------------------------------------------

  return {
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
      const victims = [...registry.connectionsOf(userID)].filter(
        (c) => platformID === undefined || c.platformID === platformID,
      );
      return kickConnections(victims, 'kicked');
    },

    disconnect(userID: string, platformID?: number, token?: string): number {
      let n = 0;
      for (const conn of [...registry.connectionsOf(userID)]) {
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
      return registry.platformsOf(userID).length > 0;
    },

    onlinePlatformIDs(userID: string): number[] {
      return registry.platformsOf(userID);
    },

    sessions(): OnlineSession[] {
      const out: OnlineSession[] = [];
      for (const c of registry.all()) {
        if (c.online)
          out.push({
            connID: c.id,
            userID: c.userID,
            platformID: c.platformID,
            connectedAt: c.connectedAt,
            token: c.token,
          });
      }
      return out;
    },

    async closeAll(): Promise<void> {
      if (closed) return;
      closed = true;
      server.off('upgrade', onUpgrade);
      clearInterval(pingTimer);
      deadlines.stop();
      for (const socket of pending) socket.destroy();
      await Promise.all([...registry.all()].map((conn) => closeAndWait(conn, closeConnection)));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
