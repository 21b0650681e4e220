import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { type GatewayLogger, type VerifiedToken, type VerifyToken, WsErrCode } from '../contract';
import {
  HandshakeError,
  type QueryInfo,
  parseQuery,
  rejectHttp,
  rejectWs,
  verifyHandshake,
} from './handshake';

export interface UpgradeDeps {
  server: Server;
  wss: WebSocketServer;
  path: string;
  log: GatewayLogger;
  verifyToken: VerifyToken;
  maxConnections: number;
  connectionCount(): number;
  isClosed(): boolean;
  /** Sockets between the upgrade request and the accepted connection (destroyed on shutdown). */
  pending: Set<Duplex>;
  onConnection(ws: WebSocket, socket: Duplex, info: QueryInfo, verified: VerifiedToken): void;
}

const stack = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));

/**
 * The HTTP `upgrade` listener: takes upgrades on `path` (leaves the others to other listeners, or answers
 * 404 when there are none), refuses over the connection limit (1601), validates the query and the token,
 * and hands an accepted WebSocket to `onConnection`.
 */
export function upgradeListener(
  deps: UpgradeDeps,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const { server, wss, log } = deps;

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const parsed = parseQuery(url, req);
    const reject = (err: HandshakeError): void => {
      log.info({ errCode: err.errCode, errDlt: err.errDlt }, 'ws handshake rejected');
      if (socket.destroyed) return;
      if (parsed.isMsgResp) rejectWs(wss, req, socket, head, err);
      else rejectHttp(socket, err);
    };
    if (deps.connectionCount() >= deps.maxConnections) {
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
      verified = await verifyHandshake(deps.verifyToken, info, log);
    } catch (err) {
      reject(
        err instanceof HandshakeError ? err : new HandshakeError(500, 'ServerInternalError', String(err)),
      );
      return;
    }
    if (deps.isClosed() || socket.destroyed) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        deps.onConnection(ws, socket, info, verified);
      } catch (err) {
        log.error({ err: stack(err) }, 'ws connection setup failed');
        ws.terminate();
      }
    });
  }

  return (req, socket, head) => {
    let url: URL | undefined;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.pathname !== deps.path && url.pathname !== `${deps.path}/`)) {
      // Not ours. If nobody else listens for upgrades, answer instead of leaving the socket hanging.
      if (server.listenerCount('upgrade') <= 1) {
        socket.on('error', () => undefined);
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      }
      return;
    }
    socket.on('error', () => undefined);
    if (deps.isClosed()) {
      socket.destroy();
      return;
    }
    deps.pending.add(socket);
    handleUpgrade(req, socket, head, url)
      .catch((err: unknown) => {
        // Never let a handshake problem become an unhandled rejection that stops the process.
        log.error({ err: stack(err) }, 'ws upgrade failed');
        socket.destroy();
      })
      .finally(() => deps.pending.delete(socket));
  };
}
