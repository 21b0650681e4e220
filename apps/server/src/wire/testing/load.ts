/**
 * A bounded WebSocket load generator built on OpenImTestClient, for bench/ and smoke tests.
 * Each simulated user behaves like the SDK: one connection, one request at a time. All users
 * connect first, then send their requests. The run stops
 * after `requestsPerUser` requests per user or `maxDurationMs`, whichever comes first, and only
 * ever talks to the URL it is given (use loopback addresses).
 */
import { OpenImTestClient } from './client';

export interface LoadUser {
  userID: string;
  token: string;
  platformID?: number;
}

export interface LoadOptions {
  /** e.g. `ws://127.0.0.1:10002/ws` */
  url: string;
  users: readonly LoadUser[];
  requestsPerUser: number;
  /** Hard stop for the whole run. Default 60 s. */
  maxDurationMs?: number;
  /** One request; default: 1001 GetNewestSeq. */
  request?: (client: OpenImTestClient, index: number) => Promise<unknown>;
}

export interface LoadResult {
  connected: number;
  handshakeFailures: number;
  requests: number;
  errors: number;
  durationMs: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Time from opening the socket to the handshake frame, successful connections only. */
  connectMs: { p50: number; max: number };
  /** Frames that would have stopped the real SDK's reader, per user. Must be empty. */
  fatalErrors: string[];
  /** Why handshakes failed (first few distinct reasons). */
  handshakeErrors: string[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)] ?? 0;
}

export async function runWsLoad(opts: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const deadline = started + (opts.maxDurationMs ?? 60_000);
  const request = opts.request ?? ((c: OpenImTestClient) => c.getNewestSeq());
  const latencies: number[] = [];
  const fatalErrors: string[] = [];
  let connected = 0;
  let handshakeFailures = 0;
  let errors = 0;
  const handshakeErrors = new Set<string>();
  const connectTimes: number[] = [];

  // Phase 1: connect everybody (a login storm), so that phase 2 measures steady-state requests.
  const sessions = await Promise.all(
    opts.users.map(async (user) => {
      const t0 = performance.now();
      try {
        const r = await OpenImTestClient.connect({
          url: opts.url,
          userID: user.userID,
          token: user.token,
          platformID: user.platformID ?? 5,
          connectTimeoutMs: Math.max(1_000, deadline - Date.now()),
        });
        if (r.client) {
          connectTimes.push(performance.now() - t0);
          return { user, client: r.client };
        }
        handshakeErrors.add(`errCode ${r.handshake.errCode}: ${r.handshake.errMsg}`);
      } catch (err) {
        handshakeErrors.add(err instanceof Error ? err.message : String(err));
      }
      handshakeFailures++;
      return null;
    }),
  );

  // Phase 2: every user sends its requests one at a time, like the SDK.
  await Promise.all(
    sessions.map(async (session) => {
      if (!session) return;
      const { user, client } = session;
      connected++;
      try {
        for (let i = 0; i < opts.requestsPerUser && Date.now() < deadline; i++) {
          const t0 = performance.now();
          try {
            await request(client, i);
            latencies.push(performance.now() - t0);
          } catch {
            errors++;
          }
        }
      } finally {
        fatalErrors.push(...client.fatalErrors.map((e) => `${user.userID}: ${e}`));
        await client.close();
      }
    }),
  );

  latencies.sort((a, b) => a - b);
  connectTimes.sort((a, b) => a - b);
  return {
    connected,
    handshakeFailures,
    requests: latencies.length + errors,
    errors,
    durationMs: Date.now() - started,
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
    connectMs: { p50: percentile(connectTimes, 50), max: connectTimes.at(-1) ?? 0 },
    fatalErrors,
    handshakeErrors: [...handshakeErrors].slice(0, 10),
  };
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  count: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    count: sorted.length,
  };
}
