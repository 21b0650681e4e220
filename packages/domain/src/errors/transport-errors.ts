/**
 * Codes for remote calls that never got a server's answer. Negative so they cannot collide with a
 * server's catalogue (which is all positive); the HTTP adapters report them, the rules read them.
 */
export const TransportErrorCode = {
  Network: -1001,
  Timeout: -1002,
  /** An answer without the envelope, such as a proxy's 502 page. */
  InvalidResponse: -1003,
  /** A plain 404 (no envelope): the deployment has no such route (the real OpenIM and chat routers). */
  MissingRoute: -1004,
} as const;
