import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { hasStoredCredentials, type TestClient, TestWorld } from '../testing';
import type { SignOutReason } from './session.service';

/**
 * A client with alice's stored credentials whose login fails as the SDK's does when the network went
 * while it started; `during` runs inside that failing login.
 */
function clientWhoseLoginFails(
  during: (client: TestClient) => void = () => undefined,
  failure: RemoteError = new RemoteError(10005, 'database not initialised'),
): {
  client: TestClient;
  reasons: SignOutReason[];
  restarts: () => number;
} {
  const world = new TestWorld().users('alice');
  const client = world.opened('alice');
  client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
  client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
  client.ports.device.session.login = () => {
    during(client);
    return Promise.reject(failure);
  };
  const reasons: SignOutReason[] = [];
  client.session.signedOut$.subscribe((reason) => reasons.push(reason));
  let restarts = 0;
  client.session.restartNeeded$.subscribe(() => (restarts += 1));
  return { client, reasons, restarts: () => restarts };
}

describe('SessionService: a login that fails because the network went', () => {
  it('keeps the credentials and asks for a restart once the network is back', async () => {
    const { client, reasons, restarts } = clientWhoseLoginFails((c) => c.ports.network.set(false));

    const result = await client.session.bootstrap();

    expect(result.ok).toBe(false);
    expect(reasons).toEqual([]);
    expect(hasStoredCredentials(client)).toBe(true);
    expect(restarts()).toBe(0);
    client.ports.network.set(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(restarts()).toBe(1);
    expect(reasons).toEqual([]);
  });

  it('a network that flickered during the login and is back already restarts at once', async () => {
    const { client, restarts } = clientWhoseLoginFails((c) => {
      c.ports.network.set(false);
      c.ports.network.set(true);
    });

    await client.session.bootstrap();
    await Promise.resolve();
    await Promise.resolve();

    expect(restarts()).toBe(1);
    expect(hasStoredCredentials(client)).toBe(true);
  });

  it('with the network up all along, a refused login signs out at once and nothing restarts', async () => {
    const { client, reasons, restarts } = clientWhoseLoginFails(
      () => undefined,
      new RemoteError(1502, 'token invalid'),
    );

    const result = await client.session.bootstrap();
    client.ports.network.set(false);
    client.ports.network.set(true);
    await Promise.resolve();

    expect(result.ok).toBe(false);
    expect(reasons).toEqual(['loginFailed']);
    expect(hasStoredCredentials(client)).toBe(false);
    expect(restarts()).toBe(0);
  });

  it('self info that cannot be fetched because the network went keeps the session too, with no toast', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    client.ports.device.session.getSelfInfo = () => {
      client.ports.network.set(false);
      return Promise.reject(new RemoteError(10000, 'Failed to fetch'));
    };
    const reasons: SignOutReason[] = [];
    client.session.signedOut$.subscribe((reason) => reasons.push(reason));
    let restarts = 0;
    client.session.restartNeeded$.subscribe(() => (restarts += 1));

    const result = await client.session.bootstrap();
    client.ports.network.set(true);
    await Promise.resolve();
    await Promise.resolve();

    expect(result.ok).toBe(false);
    expect(reasons).toEqual([]);
    expect(hasStoredCredentials(client)).toBe(true);
    expect(restarts).toBe(1);
    expect(client.ports.notifier.keys()).not.toContain('toast.getSelfInfoFailed');
  });
});
