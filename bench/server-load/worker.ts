/**
 * One process of the server-load generator (forked by run.ts, one event loop per process): it holds
 * a slice of the simulated users' connections and runs its side of each delivery phase
 * (DeliveryPart), so that decoding thousands of pushes per second is spread over several processes
 * and one busy event loop does not add its own queueing to the measured latencies.
 *
 * Requests arrive over the IPC channel as `{ id, op, ... }`; every one is answered `{ id, ok, value }`
 * or `{ id, ok: false, error }`.
 */
import { type DeliveryClient, connectAll } from '../../apps/server/src/wire/testing/delivery-client';
import { type PhaseSpec, DeliveryPart } from '../../apps/server/src/wire/testing/delivery-part';
import type { LoadUser } from '../../apps/server/src/wire/testing/load';

export type WorkerRequest =
  | { op: 'connect'; url: string; users: { index: number; user: LoadUser }[]; concurrency: number }
  | { op: 'open' }
  /** Keep only the clients whose user is in `userIDs` (the phases' global order); close the others. */
  | { op: 'activate'; userIDs: string[] }
  | { op: 'run'; spec: PhaseSpec }
  | { op: 'delivered' }
  | { op: 'finish' }
  | { op: 'close' };

export interface ConnectReply {
  /** Global indexes (of the connect request) that connected. */
  connected: number[];
  failures: string[];
  connectMs: number[];
}

const byIndex = new Map<number, DeliveryClient>();
let part: DeliveryPart | undefined;

function needPart(): DeliveryPart {
  if (!part) throw new Error('no active clients: send "activate" first');
  return part;
}

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'connect': {
      const out: ConnectReply = { connected: [], failures: [], connectMs: [] };
      const indexOf = new Map(req.users.map((u) => [u.user.userID, u.index]));
      const r = await connectAll(
        req.url,
        req.users.map((u) => u.user),
        req.concurrency,
      );
      for (const c of r.clients) {
        const i = indexOf.get(c.userID);
        if (i !== undefined) {
          byIndex.set(i, c);
          out.connected.push(i);
        }
      }
      out.failures = r.failures;
      out.connectMs = r.connectTimesMs;
      return out;
    }
    case 'open':
      return [...byIndex.values()].filter((c) => c.isOpen).length;
    case 'activate': {
      const position = new Map(req.userIDs.map((u, i) => [u, i]));
      const mine = new Map<number, DeliveryClient>();
      const closing: Promise<void>[] = [];
      for (const [i, c] of byIndex) {
        const p = position.get(c.userID);
        if (p === undefined) {
          closing.push(c.close());
          byIndex.delete(i);
        } else mine.set(p, c);
      }
      await Promise.all(closing);
      part = new DeliveryPart(req.userIDs, mine);
      return mine.size;
    }
    case 'run':
      return needPart().run(req.spec);
    case 'delivered':
      return needPart().delivered();
    case 'finish':
      return needPart().finish();
    case 'close':
      await Promise.all([...byIndex.values()].map((c) => c.close()));
      byIndex.clear();
      part = undefined;
      return null;
  }
}

process.on('message', (msg: { id: number } & WorkerRequest) => {
  handle(msg).then(
    (value) => process.send?.({ id: msg.id, ok: true, value }),
    (err: unknown) =>
      process.send?.({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The parent going away (a crash, Ctrl-C) must not leave this process holding sockets.
process.on('disconnect', () => process.exit(0));
