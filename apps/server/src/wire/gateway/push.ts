import type { GatewayLogger, PushItem } from '../contract';
import { buildPushFrames } from '../framing';
import { type Connection, encoderFor } from './connection';

export interface FanOutOptions {
  maxFrameBytes: number;
  /** The OperationID of the frames (the sender's request, or a server one). */
  operationID: string;
  send(conn: Connection, frame: Buffer): boolean;
  log: GatewayLogger;
}

/**
 * Sends the items to every target connection as 2001 frames (split to the frame limit), encoding them once
 * per compression mode however many connections receive them. Returns the connections reached.
 */
export function fanOut(
  targets: readonly Connection[],
  items: readonly PushItem[],
  opts: FanOutOptions,
): number {
  if (items.length === 0 || targets.length === 0) return 0;
  const cache = new Map<boolean, Buffer[]>();
  let delivered = 0;
  for (const conn of targets) {
    let frames = cache.get(conn.compress);
    if (!frames) {
      try {
        const built = buildPushFrames(items, opts.maxFrameBytes, encoderFor(conn), opts.operationID);
        if (built.dropped.length > 0) {
          opts.log.error({ dropped: built.dropped.length }, 'push messages above the frame limit dropped');
        }
        frames = built.frames;
      } catch (err) {
        opts.log.error({ err: err instanceof Error ? err.stack : String(err) }, 'push encode failed');
        frames = [];
      }
      cache.set(conn.compress, frames);
    }
    let any = false;
    for (const f of frames) any = opts.send(conn, f) || any;
    if (any) delivered++;
  }
  return delivered;
}

/** The live connections of the users (each once), except one (the sender's own device, for its echo). */
export function pushTargets(
  userIDs: readonly string[],
  connectionsOf: (userID: string) => Iterable<Connection>,
  exceptConnID: string | undefined,
): Connection[] {
  const targets: Connection[] = [];
  for (const userID of new Set(userIDs)) {
    for (const c of connectionsOf(userID)) if (!c.closing && c.id !== exceptConnID) targets.push(c);
  }
  return targets;
}
