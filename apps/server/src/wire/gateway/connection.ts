import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { GatewayLogger } from '../contract';
import { encodeResponseGob, gzip } from '../envelope';
import type { FrameEncoder } from '../framing';
import type { RequestQueue } from './requests';

/** One authenticated WebSocket of a user on a platform. */
export interface Connection {
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
  /** Frames waiting to be answered, one at a time and in order. */
  readonly requests: RequestQueue<Buffer>;
  /** No more frames are sent once set (kicked, logging out, closing). */
  closing: boolean;
  /** Counts for online status; cleared as soon as the connection starts closing. */
  online: boolean;
  /** Users this connection subscribed to for online status (2005). */
  readonly subscriptions: Set<string>;
}

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

const gzipEncoder: FrameEncoder = (env) => gzip(encodeResponseGob(env));
const plainEncoder: FrameEncoder = (env) => Buffer.from(encodeResponseGob(env));

/** gzip(gob) for clients that asked for compression, plain gob for the others. */
export const encoderFor = (conn: Pick<Connection, 'compress'>): FrameEncoder =>
  conn.compress ? gzipEncoder : plainEncoder;

const BINARY = { binary: true } as const;

export interface FrameSenderOptions {
  /** The SDK's read limit: a larger frame would kill its socket. */
  maxFrameBytes: number;
  /** A client whose unsent backlog passes this is too slow and is closed. */
  maxBufferedBytes: number;
  log: GatewayLogger;
  /** Closes a connection whose backlog grew past the limit. */
  onTooSlow(conn: Connection): void;
}

/**
 * Sends binary frames. Sockets are corked for the rest of the event-loop turn, so frames for one socket in
 * one turn (the acknowledgement of a send and the push echoing it to the sender, pushes of several senders to
 * one recipient) leave in one write system call, uncorked together once the turn's I/O callbacks ran.
 */
export class FrameSender {
  private readonly corked = new Set<Duplex>();
  private uncorkScheduled = false;
  private readonly uncorkAll = (): void => {
    this.uncorkScheduled = false;
    for (const socket of this.corked) socket.uncork();
    this.corked.clear();
  };

  constructor(private readonly opts: FrameSenderOptions) {}

  private corkForThisTurn(socket: Duplex): void {
    if (this.corked.has(socket)) return;
    this.corked.add(socket);
    socket.cork();
    if (!this.uncorkScheduled) {
      this.uncorkScheduled = true;
      setImmediate(this.uncorkAll);
    }
  }

  /** Queues one frame; false when it was not sent (closing, too large, too slow). `after` runs once written. */
  send(conn: Connection, frame: Buffer, after?: () => void): boolean {
    if (conn.closing || conn.ws.readyState !== WebSocket.OPEN) return false;
    if (frame.length > this.opts.maxFrameBytes) {
      // Never reached for frames built here; a guard against a future bug killing the SDK socket.
      this.opts.log.error({ connID: conn.id, size: frame.length }, 'ws frame above the SDK limit not sent');
      return false;
    }
    if (conn.ws.bufferedAmount > this.opts.maxBufferedBytes) {
      this.opts.log.warn({ connID: conn.id, userID: conn.userID }, 'ws client too slow, closing');
      this.opts.onTooSlow(conn);
      return false;
    }
    this.corkForThisTurn(conn.socket);
    if (after === undefined) {
      // No callback to track: a failed write surfaces as the socket's error and close events.
      conn.ws.send(frame, BINARY);
      return true;
    }
    conn.ws.send(frame, BINARY, (err) => {
      if (err) this.opts.log.debug({ connID: conn.id, err: err.message }, 'ws send failed');
      after();
    });
    return true;
  }
}

/** Closes the connection as the server shuts down (1001) and resolves once it closed, or after a second. */
export function closeAndWait(
  conn: Connection,
  close: (conn: Connection, code: number, reason: string) => void,
): Promise<void> {
  return new Promise<void>((resolve) => {
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
    close(conn, 1001, 'server shutting down');
  });
}

/**
 * Liveness: pings every connection each `pingIntervalMs`; one silent (no frame, no pong) for longer than
 * `idleTimeoutMs` is handed to `onIdle` instead. Returns the (unref'd) timer.
 */
export function startLiveness(
  connections: () => Iterable<Connection>,
  opts: { pingIntervalMs: number; idleTimeoutMs: number },
  onIdle: (conn: Connection) => void,
  now: () => number = Date.now,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    const at = now();
    for (const conn of connections()) {
      if (conn.closing) continue;
      if (at - conn.lastSeen > opts.idleTimeoutMs) {
        onIdle(conn);
        continue;
      }
      try {
        conn.ws.ping();
      } catch {
        // socket already gone; the close handler cleans up
      }
    }
  }, opts.pingIntervalMs);
  timer.unref();
  return timer;
}
