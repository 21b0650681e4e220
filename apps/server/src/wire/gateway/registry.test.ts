import { describe, expect, it } from 'vitest';
import { ConnectionRegistry, MAX_SUBSCRIPTIONS, type Registered } from './registry';

const conn = (id: string, userID: string, platformID: number): Registered => ({
  id,
  userID,
  platformID,
  online: false,
  closing: false,
  subscriptions: new Set(),
});

function setup() {
  const changes: { userID: string; platforms: number[]; told: string[] }[] = [];
  const registry = new ConnectionRegistry<Registered>((userID, platforms, subscribers) =>
    changes.push({ userID, platforms, told: [...subscribers].map((s) => s.id) }),
  );
  return { registry, changes };
}

describe('ConnectionRegistry', () => {
  it('announces a user coming online, another platform, going offline; never an unchanged status', () => {
    const { registry, changes } = setup();
    const web = conn('c1', 'u1', 5);
    const web2 = conn('c2', 'u1', 5);
    const pc = conn('c3', 'u1', 3);
    registry.add(web);
    registry.add(web2);
    registry.add(pc);
    expect(registry.size).toBe(3);
    expect(registry.platformsOf('u1')).toEqual([3, 5]);
    registry.setOffline(web);
    registry.remove(web2);
    registry.remove(web);
    registry.remove(pc);
    expect(changes.map((c) => c.platforms)).toEqual([[5], [3, 5], [3], []]);
    expect(registry.size).toBe(0);
    expect([...registry.all()]).toEqual([]);
  });

  it('answers subscriptions with the current status and tells subscribers of later changes until unsubscribed', () => {
    const { registry, changes } = setup();
    const watcher = conn('w', 'u0', 5);
    registry.add(watcher);
    registry.add(conn('a', 'alice', 1));
    expect(registry.subscribe(watcher, ['alice', 'bob', 'alice', ''], [])).toEqual({
      subscribers: [
        { userID: 'alice', onlinePlatformIDs: [1] },
        { userID: 'bob', onlinePlatformIDs: [] },
      ],
    });
    registry.add(conn('b', 'bob', 5));
    registry.subscribe(watcher, [], ['bob']);
    registry.add(conn('b2', 'bob', 3));
    expect(changes.filter((c) => c.userID === 'bob').map((c) => c.told)).toEqual([['w'], []]);
  });

  it('forgets the subscriptions of a removed connection and caps them per connection', () => {
    const { registry, changes } = setup();
    const watcher = conn('w', 'u0', 5);
    registry.add(watcher);
    registry.subscribe(watcher, ['alice'], []);
    registry.remove(watcher);
    expect(watcher.subscriptions.size).toBe(0);
    registry.add(conn('a', 'alice', 1));
    expect(changes.at(-1)).toEqual({ userID: 'alice', platforms: [1], told: [] });
    const many = conn('m', 'u9', 5);
    registry.add(many);
    const ids = Array.from({ length: MAX_SUBSCRIPTIONS + 5 }, (_, i) => `x${i}`);
    expect(registry.subscribe(many, ids, []).subscribers).toHaveLength(MAX_SUBSCRIPTIONS);
  });
});
