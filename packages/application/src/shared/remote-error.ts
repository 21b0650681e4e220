import { err, ok, TransportErrorCode, type Result } from '@teamim/domain';

/**
 * A failure reported by a remote system (OpenIM SDK, chat API, wallet API, media room).
 * Ports reject with it; use cases catch it at their boundary (see {@link attempt}) and turn it into a Result.
 * `code` is the server or SDK errCode (spec §8, OpenIM error table).
 */
export class RemoteError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteError';
  }
}

/**
 * The code of a call to a route the deployment does not have (a plain-text 404 from the real OpenIM and
 * chat routers). Negative, so it cannot collide with a server's errCode; use cases read it as "this
 * deployment lacks the feature", e.g. the wallet, which only our local server has.
 */
export const MISSING_ROUTE_CODE = TransportErrorCode.MissingRoute;

/** The typed error a use case returns when a remote call failed. */
export interface RemoteFailure {
  readonly kind: 'remote';
  readonly code: number;
  readonly message: string;
}

/** Converts anything thrown by a port into a {@link RemoteFailure}; unknown throws get code -1. */
export function toRemoteFailure(cause: unknown): RemoteFailure {
  if (cause instanceof RemoteError) {
    return { kind: 'remote', code: cause.code, message: cause.message };
  }
  return { kind: 'remote', code: -1, message: cause instanceof Error ? cause.message : String(cause) };
}

/** Runs a port call and returns its value or a {@link RemoteFailure}, never throwing. */
export async function attempt<T>(call: () => Promise<T>): Promise<Result<T, RemoteFailure>> {
  try {
    return ok(await call());
  } catch (cause: unknown) {
    return err(toRemoteFailure(cause));
  }
}
