/**
 * Server load benchmark: starts `apps/server` in its own process (on-disk SQLite in a temporary
 * directory, like the embedded default; `--memory` for comparison), registers users through the
 * admin API and drives the WebSocket gateway with the wire protocol (not the SDK):
 *
 *   1. connections held: `--hold` clients connect, stay 5 s, are counted again;
 *   2. one-to-one, closed loop: `--clients` clients in pairs, every client sends its next message
 *      when the previous one was acknowledged (the server's capacity);
 *   3. one-to-one, open loop at each of `--rates` deliveries/s: send-to-receive latency at that load;
 *   4. a `--group-size` member group: closed loop with `--group-senders` senders, then open loop at
 *      each of `--group-rates` deliveries/s (i.e. rate / (members - 1) messages/s).
 *
 * The generator runs on the same machine, spread over `--workers` child processes (worker.ts), each
 * with its own event loop and a share of the connections; the users are dealt round-robin, so a
 * pair's two users sit in different processes. Send times travel in the message and are compared
 * with the receive time on the machine's monotonic clock (sharedClockMs). The generator's CPU time
 * and its processes' event-loop delay are reported next to the server's CPU, so a reader can tell
 * which side saturated.
 * Usage: npm run bench:server -- [--clients 1000] [--hold 5000] [--duration 10] [--rates 1000,5000]
 *        [--group-size 200] [--group-senders 10] [--group-rates 5000,10000] [--workers 4] [--memory]
 *        [--json out.json] [--quick] [--server-cpu-prof <dir>] [--generator-cpu-prof <dir>]
 *        [--phases pairs,open,group]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type DeliveryResult,
  type PartHandle,
  coordinateDelivery,
} from '../../apps/server/src/wire/testing/delivery';
import type {
  PartReceiveReport,
  PartSendReport,
  PhaseSpec,
} from '../../apps/server/src/wire/testing/delivery-part';
import { percentiles } from '../../apps/server/src/wire/testing/load';
import { api, createGroup, createUsers, serverStats, startServer, stopServer } from './server';
import type { ConnectReply, WorkerRequest } from './worker';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    hold: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '10' },
    rates: { type: 'string', default: '1000,5000' },
    'group-size': { type: 'string', default: '200' },
    'group-senders': { type: 'string', default: '10' },
    // Open-loop rates of the group phase, in deliveries per second (messages/s × (members - 1)).
    'group-rates': { type: 'string', default: '5000,10000' },
    // Generator processes; each holds every n-th user's connection.
    workers: { type: 'string', default: '4' },
    memory: { type: 'boolean', default: false },
    json: { type: 'string' },
    // e.g. --server-cpu-prof ./profiles: the server writes a V8 CPU profile there on exit.
    'server-cpu-prof': { type: 'string' },
    // The same for every generator process.
    'generator-cpu-prof': { type: 'string' },
    quick: { type: 'boolean', default: false },
    // Which delivery phases to run: pairs (closed loop), open (open loop at --rates), group.
    phases: { type: 'string', default: 'pairs,open,group' },
  },
});
const num = (v: string | undefined, name: string): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, got ${v}`);
  return n;
};
// --quick: tiny sizes for a smoke run (seconds, not minutes).
const quick = args.quick === true;
const CLIENTS = quick ? 20 : num(args.clients, 'clients');
const HOLD = Math.max(CLIENTS, quick ? 40 : num(args.hold, 'hold'));
const DURATION_MS = (quick ? 1 : num(args.duration, 'duration')) * 1000;
const RATES = (quick ? '200' : (args.rates ?? ''))
  .split(',')
  .filter(Boolean)
  .map((r) => num(r, 'rates'));
const GROUP_SIZE = Math.min(CLIENTS, quick ? 10 : num(args['group-size'], 'group-size'));
const GROUP_SENDERS = Math.min(GROUP_SIZE, quick ? 2 : num(args['group-senders'], 'group-senders'));
const GROUP_RATES = (quick ? '200' : (args['group-rates'] ?? ''))
  .split(',')
  .filter(Boolean)
  .map((r) => num(r, 'group-rates'));
const WORKERS = Math.max(1, Math.floor(quick ? 2 : num(args.workers, 'workers')));
const WARMUP_MS = quick ? 200 : 2_000;
const PHASES = new Set((args.phases ?? '').split(','));

// ---- generator processes ------------------------------------------------------------------------

/** A generator process (worker.ts) as a coordinator part, over the IPC channel. */
class WorkerPart implements PartHandle {
  private nextId = 0;
  private readonly calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly proc: ChildProcess;

  constructor() {
    this.proc = fork(join(root, 'bench/server-load/worker.ts'), [], {
      cwd: root,
      execArgv: [
        ...(args['generator-cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['generator-cpu-prof']}`] : []),
        '--import',
        'tsx',
      ],
      // Structured clone: latencies travel as Float64Array, not as JSON text.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const call = this.calls.get(m.id);
      if (!call) return;
      this.calls.delete(m.id);
      if (m.ok) call.resolve(m.value);
      else call.reject(new Error(`generator worker: ${m.error}`));
    });
    this.proc.on('exit', (code) => {
      for (const c of this.calls.values()) c.reject(new Error(`generator worker exited with ${code}`));
      this.calls.clear();
    });
  }

  call<T>(req: WorkerRequest): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.proc.send({ id, ...req });
    });
  }

  run(spec: PhaseSpec): Promise<PartSendReport> {
    return this.call({ op: 'run', spec });
  }
  delivered(): Promise<number> {
    return this.call({ op: 'delivered' });
  }
  finish(): Promise<PartReceiveReport> {
    return this.call({ op: 'finish' });
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    try {
      await Promise.race([this.call({ op: 'close' }), new Promise((r) => setTimeout(r, 5_000))]);
    } catch {
      // already gone
    }
    const exited = new Promise((r) => this.proc.once('exit', r));
    this.proc.disconnect();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}

// ---- phases --------------------------------------------------------------------------------------

interface PhaseRow {
  phase: string;
  result?: DeliveryResult;
  serverCpuPercent: number;
  /** Server CPU time per delivery over the whole phase: what the server would need per delivery on an idle core. */
  serverCpuMsPerDelivery?: number;
  note?: string;
}

const rows: PhaseRow[] = [];
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

async function measured(
  pid: number,
  phase: string,
  run: () => Promise<DeliveryResult>,
): Promise<DeliveryResult> {
  const before = serverStats(pid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await run();
  const wall = performance.now() - t0;
  const after = serverStats(pid);
  const own = process.cpuUsage(own0);
  // The coordinating process's own CPU belongs to the generator too.
  result.generatorCpuMs += (own.user + own.system) / 1000;
  const serverCpuPercent = round(((after.cpuMs - before.cpuMs) / wall) * 100, 0);
  const serverCpuMsPerDelivery = round((after.cpuMs - before.cpuMs) / Math.max(1, result.deliveredAll), 3);
  rows.push({ phase, result, serverCpuPercent, serverCpuMsPerDelivery });
  const r = result;
  console.log(
    `${phase}: ${round(r.deliveredPerSecond, 0)} deliveries/s (${round(r.sentPerSecond, 0)} msgs/s sent), ` +
      `latency p50 ${round(r.latencyMs.p50)} ms p99 ${round(r.latencyMs.p99)} ms max ${round(r.latencyMs.max)} ms, ` +
      `delivered ${r.delivered}/${r.expected}, send errors ${r.sendErrors}${r.firstSendError ? ` (${r.firstSendError})` : ''}, ` +
      `server CPU ${serverCpuPercent}% of a core (${serverCpuMsPerDelivery} ms per delivery), ` +
      `generator CPU ${round((r.generatorCpuMs / wall) * 100, 0)}% of a core over ${r.generator.parts} processes ` +
      `(event-loop delay p50 ${round(r.generator.eventLoopDelayMs.p50)} ms, p99 ${round(r.generator.eventLoopDelayMs.p99)} ms, ` +
      `max ${round(r.generator.eventLoopDelayMs.max)} ms, worst process)`,
  );
  return result;
}

async function main(): Promise<void> {
  const adminSecret = randomBytes(12).toString('hex');
  const server = await startServer(adminSecret, {
    memory: args.memory === true,
    cpuProfileDir: args['server-cpu-prof'],
  });
  const pid = server.proc.pid ?? 0;
  const summary: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memoryGb: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      loadAverageAtStart: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    },
    parameters: {
      clients: CLIENTS,
      hold: HOLD,
      durationMs: DURATION_MS,
      rates: RATES,
      groupSize: GROUP_SIZE,
      groupSenders: GROUP_SENDERS,
      groupRates: GROUP_RATES,
      generatorProcesses: WORKERS,
      storage: args.memory ? 'memory' : 'disk (WAL)',
    },
  };
  const workers = Array.from({ length: WORKERS }, () => new WorkerPart());
  // Ctrl-C or a kill: stop the server and the generator processes and remove the data directory.
  const interrupted = (): void => {
    for (const w of workers) w.proc.kill('SIGKILL');
    server.proc.kill('SIGKILL');
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`server ${server.url} (pid ${pid}), storage ${args.memory ? 'memory' : 'disk'}`);
    const { token: admin } = await api<{ token: string }>(server.url, '/auth/get_admin_token', {
      secret: adminSecret,
      userID: 'imAdmin',
    });
    const t0 = performance.now();
    const users = await createUsers(server.url, admin, HOLD);
    console.log(
      `registered ${users.length} users with tokens in ${round((performance.now() - t0) / 1000)} s`,
    );
    const wsUrl = `${server.url.replace(/^http/, 'ws')}/ws`;

    // 1. connections held
    const idle = serverStats(pid);
    // 100 handshakes in flight over all processes; user i goes to process i % WORKERS.
    const connectStart = performance.now();
    const replies = await Promise.all(
      workers.map((w, k) =>
        w.call<ConnectReply>({
          op: 'connect',
          url: wsUrl,
          users: users.flatMap((user, index) => (index % WORKERS === k ? [{ index, user }] : [])),
          concurrency: Math.max(1, Math.ceil(100 / WORKERS)),
        }),
      ),
    );
    const connectDurationMs = performance.now() - connectStart;
    const connected = new Set(replies.flatMap((r) => r.connected));
    const connectMs = percentiles(replies.flatMap((r) => r.connectMs));
    await new Promise((r) => setTimeout(r, quick ? 500 : 5_000));
    const stillOpen = (await Promise.all(workers.map((w) => w.call<number>({ op: 'open' })))).reduce(
      (a, b) => a + b,
      0,
    );
    const withConns = serverStats(pid);
    const hold = {
      attempted: users.length,
      connected: connected.size,
      stillOpenAfterHold: stillOpen,
      failures: replies.flatMap((r) => r.failures).slice(0, 5),
      connectSeconds: round(connectDurationMs / 1000),
      connectMs,
      serverRssMbIdle: round(idle.rssMb, 0),
      serverRssMbConnected: round(withConns.rssMb, 0),
      kbPerConnection: round(((withConns.rssMb - idle.rssMb) * 1024) / Math.max(1, connected.size), 0),
    };
    summary['connections'] = hold;
    console.log(
      `connections: ${stillOpen}/${users.length} held (connected in ${hold.connectSeconds} s, handshake p50 ` +
        `${round(connectMs.p50)} ms p99 ${round(connectMs.p99)} ms), server RSS ${hold.serverRssMbIdle} -> ` +
        `${hold.serverRssMbConnected} MB (~${hold.kbPerConnection} KB per connection)`,
    );
    // Keep the first CLIENTS connected users for the delivery phases (their order is the phases' global
    // order: pairs 2i and 2i+1, the group's members first); close the rest.
    const active = users.filter((_, i) => connected.has(i)).slice(0, CLIENTS);
    const activeIDs = active.map((u) => u.userID);
    await Promise.all(workers.map((w) => w.call({ op: 'activate', userIDs: activeIDs })));
    const phase = (mode: PhaseSpec['mode'], sendRate?: number) => () =>
      coordinateDelivery(workers, {
        clientCount: active.length,
        mode,
        durationMs: DURATION_MS,
        warmupMs: WARMUP_MS,
        ...(sendRate === undefined ? {} : { sendRate }),
      });

    // 2.-3. one-to-one
    if (PHASES.has('pairs'))
      await measured(pid, `one-to-one, closed loop, ${active.length} clients`, phase({ kind: 'pairs' }));
    for (const rate of PHASES.has('open') ? RATES : []) {
      await measured(
        pid,
        `one-to-one, open loop at ${rate}/s, ${active.length} clients`,
        phase({ kind: 'pairs' }, rate),
      );
    }

    // 4. group
    const members = activeIDs.slice(0, GROUP_SIZE);
    let groupID = '';
    if (PHASES.has('group'))
      try {
        groupID = await createGroup(server.url, admin, members);
      } catch (err) {
        const note = `not measured: group creation failed (${err instanceof Error ? err.message : String(err)})`;
        rows.push({ phase: `group of ${GROUP_SIZE}`, serverCpuPercent: 0, note });
        console.log(`group of ${GROUP_SIZE}: ${note}`);
      }
    if (groupID) {
      // Let the creation notifications settle before measuring.
      await new Promise((r) => setTimeout(r, 1_000));
      const mode = { kind: 'group' as const, groupID, members: members.length, senders: GROUP_SENDERS };
      await measured(
        pid,
        `group of ${members.length}, closed loop, ${GROUP_SENDERS} senders, ${active.length} clients online`,
        phase(mode),
      );
      for (const rate of GROUP_RATES) {
        await measured(
          pid,
          `group of ${members.length}, open loop at ${rate} deliveries/s, ${active.length} clients online`,
          phase(mode, rate / (members.length - 1)),
        );
      }
    }
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await stopServer(server);
  }
  summary['phases'] = rows;
  if (args.json) writeFileSync(args.json, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
