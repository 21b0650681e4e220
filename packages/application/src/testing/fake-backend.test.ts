import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../ports/im-session.port';
import { RemoteError } from '../shared/remote-error';
import { FakeImDevice } from './fake-im-device';
import { TestWorld } from './harness';

/** The fake's forced logouts: the multi-login policy and token revocation (what the server does). */
describe('FakeBackend forced logouts', () => {
  async function online(world: TestWorld, userID: string, token: string, platformID = 5) {
    const device = new FakeImDevice(world.backend, platformID);
    const events: SessionEvent['type'][] = [];
    device.session.events$.subscribe((e) => events.push(e.type));
    await device.session.login(userID, token);
    await world.settle();
    return { device, events };
  }

  async function codeOf(call: Promise<unknown>): Promise<number> {
    const error: unknown = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RemoteError);
    return (error as RemoteError).code;
  }

  it('a login with another token on the same platform kicks the older device, whose token is then refused', async () => {
    const world = new TestWorld().users('alice');
    const first = await online(world, 'alice', world.backend.user('alice').token);
    const firstToken = world.backend.user('alice').token;
    const second = await online(world, 'alice', world.backend.issueToken('alice'));

    expect(first.events).toContain('kickedOffline');
    expect(second.events).not.toContain('kickedOffline');
    expect(first.device.userID).toBeUndefined();
    expect(world.backend.devices.has(first.device.sink)).toBe(false);
    expect(await codeOf(first.device.session.login('alice', firstToken))).toBe(1506);
  });

  it('other platforms, the same token and the allow-all policy keep every device online', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const token = world.backend.user('alice').token;
    const web = await online(world, 'alice', token, 5);
    const desktop = await online(world, 'alice', world.backend.issueToken('alice'), 3);
    const sameToken = await online(world, 'alice', token, 5);
    world.backend.multiLoginPolicy = 'allow-all';
    const allowed = await online(world, 'bob', world.backend.user('bob').token);
    await online(world, 'bob', world.backend.issueToken('bob'));

    for (const { events } of [web, desktop, sameToken, allowed])
      expect(events).not.toContain('kickedOffline');
    expect([...world.backend.devices].filter((d) => d.userID === 'alice')).toHaveLength(3);
  });

  it('revoking tokens ends every device with tokenExpired; old tokens get 1501, the newest token works', async () => {
    const world = new TestWorld().users('alice');
    const oldToken = world.backend.user('alice').token;
    const web = await online(world, 'alice', oldToken, 5);
    const desktop = await online(world, 'alice', world.backend.issueToken('alice'), 3);

    world.backend.revokeToken('alice');
    await world.settle();

    expect(web.events).toContain('tokenExpired');
    expect(desktop.events).toContain('tokenExpired');
    expect([...world.backend.devices].some((d) => d.userID === 'alice')).toBe(false);
    expect(await codeOf(web.device.session.login('alice', oldToken))).toBe(1501);
    expect(await codeOf(web.device.session.login('alice', 'forged'))).toBe(1502);
    await web.device.session.login('alice', world.backend.user('alice').token);
    expect(web.device.userID).toBe('alice');
  });
});
