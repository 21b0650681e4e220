import type { Server } from 'node:http';
import type { GatewayHost, GatewayLogger, GatewayOptions, MultiLoginPolicy } from '../contract';
import { SDK_MAX_FRAME_BYTES } from '../framing';

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
};

/** Requests waiting or running per connection before it is closed (the SDK sends one at a time). */
export const MAX_QUEUED_REQUESTS = 64;
/** Unsent bytes per connection before the client counts as too slow and is closed. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export type GatewayConfig = typeof DEFAULTS;

export function resolveGatewayOptions(o: GatewayOptions = {}): GatewayConfig {
  return {
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
}

export const noopLogger: GatewayLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** The HTTP server of a host: the server itself, or a Fastify instance's `.server`. */
export function resolveServer(host: GatewayHost): Server {
  if ('server' in host && typeof host.server === 'object') return host.server;
  return host as Server;
}
