import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { hasStoredCredentials, type TestClient, TestWorld } from '../testing';
import type { SignOutReason } from './session.service';

interface Started {
  readonly world: TestWorld;
  readonly client: TestClient;
  readonly reasons: SignOutReason[];
  readonly restarts: () => number;
}

/**
 * A tab holding alice's credentials whose SDK fails to start as it does on a loaded machine (its worker
 * gave up on the login: no code, -1), with the network up all along. `tried` is how many starts of this
 * tab failed before (the reloads in between keep the count in the session store).
 */
function startFailing(tried = 0, fail: 'login' | 'selfInfo' = 'login'): Started {
  const world = new TestWorld().users('alice');
  const client = world.opened('alice');
  client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
  client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
  if (tried > 0) client.ports.sessionStore.set(STORAGE_KEYS.session.startAttempts, String(tried));
  const failure = () => Promise.reject(new RemoteError(-1, 'login failed'));
  if (fail === 'login') client.ports.device.session.login = failure;
  else client.ports.device.session.getSelfInfo = failure;
  const reasons: SignOutReason[] = [];
  client.session.signedOut$.subscribe((reason) => reasons.push(reason));
  let restarts = 0;
  client.session.restartNeeded$.subscribe(() => (restarts += 1));
  return { world, client, reasons, restarts: () => restarts };
}

describe('SessionService: a session start that fails transiently', () => {
  it('keeps the session, says so, and starts again after 2 s', async () => {
    const { world, client, reasons, restarts } = startFailing();

    const result = await client.session.bootstrap();

    expect(result.ok).toBe(false);
    expect(reasons).toEqual([]);
    expect(hasStoredCredentials(client)).toBe(true);
    expect(client.ports.notifier.toasts).toContainEqual({
      level: 'warning',
      key: 'toast.sessionStartRetrying',
      params: { seconds: 2 },
    });
    await world.advance(1_999);
    expect(restarts()).toBe(0);
    await world.advance(1);
    expect(restarts()).toBe(1);
    expect(client.ports.sessionStore.get(STORAGE_KEYS.session.startAttempts)).toBe('1');
  });

  it('waits longer after each failed start of the same tab', async () => {
    const { world, client, restarts } = startFailing(3);

    await client.session.bootstrap();

    expect(client.ports.notifier.toasts.at(-1)?.params).toEqual({ seconds: 16 });
    await world.advance(15_999);
    expect(restarts()).toBe(0);
    await world.advance(1);
    expect(restarts()).toBe(1);
    expect(client.ports.sessionStore.get(STORAGE_KEYS.session.startAttempts)).toBe('4');
  });

  it('a first self-info read that fails the same way is retried too, without the self-info toast', async () => {
    const { world, client, reasons, restarts } = startFailing(0, 'selfInfo');

    await client.session.bootstrap();
    await world.advance(2_000);

    expect(reasons).toEqual([]);
    expect(restarts()).toBe(1);
    expect(client.ports.notifier.keys()).not.toContain('toast.getSelfInfoFailed');
  });

  it('once the tries are used up, asks for a new sign-in with the code and clears the session', async () => {
    const { world, client, reasons, restarts } = startFailing(5);

    await client.session.bootstrap();
    await world.advance(60_000);

    expect(reasons).toEqual(['loginFailed']);
    expect(restarts()).toBe(0);
    expect(hasStoredCredentials(client)).toBe(false);
    expect(client.ports.sessionStore.get(STORAGE_KEYS.session.startAttempts)).toBeUndefined();
    expect(client.ports.notifier.toasts).toContainEqual({
      level: 'error',
      key: 'toast.sessionStartFailed',
      params: { code: -1 },
    });
  });

  it('a start that works clears the count, so a later failure waits 2 s again', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    client.ports.sessionStore.set(STORAGE_KEYS.session.startAttempts, '4');

    const result = await client.session.bootstrap();

    expect(result.ok).toBe(true);
    expect(client.ports.sessionStore.get(STORAGE_KEYS.session.startAttempts)).toBeUndefined();
  });

  it('a sign-out during the wait cancels the restart', async () => {
    const { world, client, restarts } = startFailing();

    await client.session.bootstrap();
    await client.session.logout();
    await world.advance(5_000);

    expect(restarts()).toBe(0);
  });
});
