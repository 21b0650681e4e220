import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { SessionType, STORAGE_KEYS } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { hasStoredCredentials, TestWorld, type TestClient } from '../testing';
import type { LoadState, SignOutReason } from './session.service';

function watch(client: TestClient): {
  reasons: SignOutReason[];
  connection: LoadState[];
  sync: LoadState[];
  progress: number[];
  reinstalling: boolean[];
} {
  const seen = {
    reasons: [] as SignOutReason[],
    connection: [] as LoadState[],
    sync: [] as LoadState[],
    progress: [] as number[],
    reinstalling: [] as boolean[],
  };
  client.session.signedOut$.subscribe((r) => seen.reasons.push(r));
  client.session.connection$.subscribe((s) => seen.connection.push(s));
  client.session.sync$.subscribe((s) => seen.sync.push(s));
  client.session.syncProgress$.subscribe((p) => seen.progress.push(p));
  client.session.reinstalling$.subscribe((r) => seen.reinstalling.push(r));
  return seen;
}

describe('SessionService: credentials, login, logout, forced ends and sync', () => {
  it('stores the user id and both tokens under their keys; an empty token or user id is no credential', () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.storeCredentials('alice', 'im-token', 'chat-token');
    expect(Object.fromEntries(client.ports.sessionStore.data)).toEqual({
      [STORAGE_KEYS.session.userID]: 'alice',
      [STORAGE_KEYS.session.imToken]: 'im-token',
      [STORAGE_KEYS.session.chatToken]: 'chat-token',
    });
    expect(hasStoredCredentials(client)).toBe(true);

    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, '');
    expect(hasStoredCredentials(client)).toBe(false);
    client.storeCredentials('', 'im-token', 'chat-token');
    expect(hasStoredCredentials(client)).toBe(false);
  });

  it('a finished bootstrap does not block the next one: a later call logs in again', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.storeCredentials('alice', world.backend.user('alice').token, 'c');
    let logins = 0;
    const login = client.ports.device.session.login.bind(client.ports.device.session);
    client.ports.device.session.login = (userID, token) => {
      logins += 1;
      return login(userID, token);
    };
    expect((await client.session.bootstrap()).ok).toBe(true);
    // The SDK refuses a second login while logged in (10102), but it is asked again.
    await client.session.bootstrap();
    expect(logins).toBe(2);
    expect(client.currentUser.id()).toBe('alice');
  });

  it('a failed login returns the exact failure and signs out once; a failed self info logs out of the SDK', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    const seen = watch(client);
    client.storeCredentials('alice', 'wrong', 'c');
    client.ports.device.session.login = () => Promise.reject(new RemoteError(1501, 'bad token'));
    expect(await client.session.bootstrap()).toEqual({
      ok: false,
      error: { kind: 'remote', code: 1501, message: 'bad token' },
    });
    expect(seen.reasons).toEqual(['loginFailed']);
    expect(client.ports.sessionStore.data.size).toBe(0);
    await world.settle();
    expect(client.signedIn).toBe(false);
  });

  it('an SDK logout that fails is logged with its code, and the session still ends', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const seen = watch(alice);
    alice.ports.device.session.logout = () => Promise.reject(new RemoteError(10, 'offline'));
    await alice.session.logout({ reason: 'kicked' });
    expect(seen.reasons).toEqual(['kicked']);
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'sdk logout failed',
      context: { code: 10 },
    });
    expect(hasStoredCredentials(alice)).toBe(false);
  });

  it('a logout closes the session; the next one starts idle, with nothing detected', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    alice.ports.device.session.emit({ type: 'syncProgress', percent: 70 });
    await world.settle();
    const seen = watch(alice);
    const detected = alice.capabilities.current;
    expect(detected).not.toEqual({ wallet: 'unknown', calls: 'unknown' });
    expect(seen).toMatchObject({
      connection: ['success'],
      sync: ['loading'],
      progress: [70],
      reinstalling: [true],
    });
    const ended = alice.scope;

    await alice.session.logout();
    await world.settle();

    expect(seen.reasons).toEqual(['logout']);
    expect(ended.closed).toBe(true);
    alice.open('alice');
    expect(watch(alice)).toEqual({
      reasons: [],
      connection: ['idle'],
      sync: ['idle'],
      progress: [0],
      reinstalling: [false],
    });
    expect(alice.capabilities.current).toEqual({ wallet: 'unknown', calls: 'unknown' });
  });

  it('forced logouts show their message as a warning; connect failures other than 705 show nothing', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    alice.ports.device.session.emit({ type: 'connectFailed', code: 704, message: 'x' });
    await world.settle();
    expect(alice.toasts.toasts).toEqual([]);
    alice.ports.device.session.emit({ type: 'connectFailed', code: 705, message: 'x' });
    await world.settle();
    expect(alice.toasts.toasts).toEqual([{ level: 'warning', key: 'error.loginExpired' }]);

    const bob = await new TestWorld().users('bob').signIn('bob');
    bob.ports.device.session.emit({ type: 'kickedOffline' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bob.toasts.toasts).toEqual([{ level: 'warning', key: 'toast.kickedOffline' }]);
  });

  it('an expired chat token is a warning and a forced logout; another failure leaves everything as it was', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const seen = watch(alice);
    expect(await alice.session.onApiFailure({ kind: 'remote', code: 705, message: 'connect' })).toBe(false);
    expect(await alice.session.onApiFailure({ kind: 'remote', code: 500, message: 'other' })).toBe(false);
    expect(alice.toasts.toasts).toEqual([]);
    expect(hasStoredCredentials(alice)).toBe(true);

    expect(await alice.session.onApiFailure({ kind: 'remote', code: 1501, message: 'expired' })).toBe(true);
    expect(alice.toasts.toasts).toEqual([{ level: 'warning', key: 'error.loginExpired' }]);
    expect(seen.reasons).toEqual(['tokenExpired']);
    // Forced: the SDK is not asked to log out.
    expect(alice.ports.device.userID).toBe('alice');
  });

  it('a sync that starts resets the progress; progress outside a sync only moves the number', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    const seen = watch(alice);
    world.backend.conversationRecord('alice', 'bob', SessionType.Single);

    alice.ports.device.session.emit({ type: 'syncProgress', percent: 30 });
    await world.settle();
    expect(alice.conversations.snapshot).toEqual([]);

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    await world.settle();
    expect(seen.progress).toEqual([100, 30, 0]);
    expect(seen.reinstalling).toEqual([false, false]);
    expect(seen.sync).toEqual(['success', 'loading']);

    alice.ports.device.session.emit({ type: 'syncFailed' });
    await world.settle();
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.syncFailed' }]);
  });

  it('a finished sync marks the open conversation read', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await alice.conversations.open('bob', SessionType.Single);
    alice.ports.device.conversations.markAsRead = () => Promise.resolve();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();
    let marked: string[] = [];
    alice.ports.device.conversations.markAsRead = (id) => {
      marked = [...marked, id];
      return Promise.resolve();
    };

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(marked).toContain(alice.conversations.currentConversation?.conversationID);
    expect(await firstValueFrom(alice.session.sync$)).toBe('success');
  });
});
