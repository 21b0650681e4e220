import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, createServer } from '../../app';
import { createGroupAs } from '../../im/facade';
import { registerUsers } from '../../im/users';
import { coordinateDelivery, runDelivery } from './delivery';
import { type DeliveryClient, connectAll } from './delivery-client';
import { DeliveryPart } from './delivery-part';
import type { LoadUser } from './load';

// A smoke test of the delivery generator that bench/server-load drives: tiny sizes, counts only, no timing.
let server: RunningServer | undefined;
let clients: DeliveryClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
  await server?.close();
  server = undefined;
});

async function setup(count: number): Promise<{ s: RunningServer; users: LoadUser[] }> {
  const s = await createServer({ memory: true, port: 0, logLevel: 'silent' });
  server = s;
  const users = Array.from({ length: count }, (_, i) => ({
    userID: `load${i}`,
    nickname: `load ${i}`,
    faceURL: '',
    ex: '',
  }));
  registerUsers(s.core, users);
  return {
    s,
    users: await Promise.all(
      users.map(async (u) => ({
        userID: u.userID,
        token: (await s.tokens.issue(u.userID, 5, 3600)).token,
        platformID: 5,
      })),
    ),
  };
}

describe('delivery load generator', () => {
  it('connects every user and counts each one-to-one message once at its recipient', async () => {
    const { s, users } = await setup(6);
    const conn = await connectAll(s.wsUrl, users, 3);
    clients = conn.clients;
    expect(conn.failures).toEqual([]);
    expect(clients).toHaveLength(6);

    const closed = await runDelivery({ clients, mode: { kind: 'pairs' }, durationMs: 300, warmupMs: 50 });
    expect(closed.senders).toBe(6);
    expect(closed.sendErrors).toBe(0);
    expect(closed.acked).toBeGreaterThan(0);
    expect(closed.delivered).toBe(closed.expected);
    expect(closed.expected).toBe(closed.acked);
    expect(closed.latencyMs.count).toBe(closed.delivered);

    const open = await runDelivery({
      clients,
      mode: { kind: 'pairs' },
      durationMs: 300,
      warmupMs: 50,
      sendRate: 100,
    });
    // About 30 messages at 100/s over 300 ms; the tick granularity allows a little either way.
    expect(open.sent).toBeGreaterThan(10);
    expect(open.sent).toBeLessThan(60);
    expect(open.delivered).toBe(open.acked);
  });

  it('counts messages sent by one part at the recipients held by another part', async () => {
    const { s, users } = await setup(6);
    const conn = await connectAll(s.wsUrl, users, 6);
    clients = conn.clients;
    // connectAll finishes handshakes in any order; the global order is the users' order.
    const ordered = users.map((u) => clients.find((c) => c.userID === u.userID) as DeliveryClient);
    const ids = ordered.map((c) => c.userID);
    // Even indexes in part A, odd in part B: every pair (2i, 2i+1) spans both parts.
    const a = new DeliveryPart(
      ids,
      new Map(ordered.map((c, i) => [i, c] as const).filter(([i]) => i % 2 === 0)),
    );
    const b = new DeliveryPart(
      ids,
      new Map(ordered.map((c, i) => [i, c] as const).filter(([i]) => i % 2 === 1)),
    );
    const pairs = await coordinateDelivery([a, b], {
      clientCount: 6,
      mode: { kind: 'pairs' },
      // Long enough for sends to be acknowledged on a machine whose cores are busy with other work.
      durationMs: 1_500,
      warmupMs: 50,
    });
    expect(pairs.sendErrors).toBe(0);
    expect(pairs.senders).toBe(6);
    expect(pairs.acked).toBeGreaterThan(0);
    expect(pairs.delivered).toBe(pairs.expected);
    expect(pairs.expected).toBe(pairs.acked);
    expect(pairs.generator.parts).toBe(2);
    expect(pairs.generator.perPart.map((p) => p.clients)).toEqual([3, 3]);

    // A group of the first 4 clients (2 in each part), 3 senders: every message reaches the 3 other members.
    const groupID = createGroupAs(s.core, {
      ownerUserID: ids[0] as string,
      memberUserIDs: ids.slice(1, 4),
      adminUserIDs: [],
      groupName: 'load',
    });
    const group = await coordinateDelivery([a, b], {
      clientCount: 6,
      mode: { kind: 'group', groupID, members: 4, senders: 3 },
      durationMs: 1_500,
      warmupMs: 50,
      sendRate: 60,
    });
    expect(group.sendErrors).toBe(0);
    expect(group.senders).toBe(3);
    expect(group.acked).toBeGreaterThan(0);
    expect(group.expected).toBe(group.acked * 3);
    expect(group.delivered).toBe(group.expected);
    expect(group.latencyMs.count).toBe(group.delivered);
  });

  it('reports refused sends instead of counting them as deliveries', async () => {
    const { s, users } = await setup(2);
    const conn = await connectAll(s.wsUrl, users);
    clients = conn.clients;
    // A group that does not exist: every send is refused by the server.
    const r = await runDelivery({
      clients,
      mode: { kind: 'group', groupID: 'no-such-group', members: clients, senders: 1 },
      durationMs: 200,
      warmupMs: 0,
      drainMs: 100,
    });
    expect(r.sendErrors).toBeGreaterThan(0);
    expect(r.firstSendError).toMatch(/ws request 1003 failed/);
    expect(r.acked).toBe(0);
    expect(r.delivered).toBe(0);
  });

  it('refuses a user whose token the server does not accept', async () => {
    const { s, users } = await setup(1);
    const conn = await connectAll(s.wsUrl, [{ ...users[0]!, token: 'not-a-token' }]);
    clients = conn.clients;
    expect(conn.clients).toHaveLength(0);
    expect(conn.failures[0]).toMatch(/load0: handshake 1503/);
  });
});
