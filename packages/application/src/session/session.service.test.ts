import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { SessionType, STORAGE_KEYS } from '@teamim/domain';
import { RemoteError } from '../shared/remote-error';
import { hasStoredCredentials, TestWorld } from '../testing';
import type { SignOutReason } from './session.service';

describe('SessionService', () => {
  it('§4 Login: missing stored user id or token clears the session and goes to /login', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    const reasons: SignOutReason[] = [];
    client.session.signedOut$.subscribe((r) => reasons.push(r));

    const result = await client.session.bootstrap();

    expect(result).toEqual({ ok: false, error: { kind: 'noCredentials' } });
    expect(reasons).toEqual(['noCredentials']);
    expect(client.ports.sessionStore.data.size).toBe(0);
    expect(hasStoredCredentials(client)).toBe(false);
  });

  it('§4 Login: logs in and loads self info, blacklist, applications, conversations and unread count', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, 'bob', 'carol', 'dave');
    const bob = await world.signIn('bob');
    await bob.contacts.loadFriends();
    await bob.ports.contacts.addFriend('alice', 'hi');
    world.backend.blacklistOf('alice').add('carol');
    const dave = await world.signIn('dave');
    await dave.conversations.open('alice', 1);
    await dave.chat.sendText('hello alice');

    const alice = await world.signIn('alice');

    expect(alice.currentUser.selfInfo?.nickname).toBe('Alice');
    expect(alice.contacts.snapshot.blackList.map((b) => b.userID)).toEqual(['carol']);
    expect(alice.contacts.snapshot.recvFriendApplicationList.map((a) => a.fromUserID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.unHandleFriendApplicationCount).toBe(1);
    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['dave']);
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(1);
  });

  it('§4 Login: the server first page shows while the SDK login is still running', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    const login = client.ports.device.session.login.bind(client.ports.device.session);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    client.ports.device.session.login = async (userID, token) => {
      await gate;
      return login(userID, token);
    };

    const booting = client.session.bootstrap();
    await world.settle();

    expect(client.conversations.snapshot.map((c) => c.userID)).toEqual(['bob']);
    release();
    expect((await booting).ok).toBe(true);
  });

  it('§4 Login: a second bootstrap while the first runs joins it instead of logging in again', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    const login = client.ports.device.session.login.bind(client.ports.device.session);
    let logins = 0;
    client.ports.device.session.login = (userID, token) => {
      logins += 1;
      return login(userID, token);
    };

    const [first, second] = await Promise.all([client.session.bootstrap(), client.session.bootstrap()]);

    expect(first.ok && second.ok).toBe(true);
    expect(logins).toBe(1);
  });

  it('§4 Login: a failed login leaves no server first page on the list', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.conversationRecord('alice', 'bob', SessionType.Single).latestMsgSendTime = 1000;
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    client.ports.device.session.failNextLoginWith = 1502;
    const failed = client.scope;

    await client.session.bootstrap();
    await world.settle();

    expect(failed.closed).toBe(true);
    expect(client.open('alice').services.conversations.snapshot).toEqual([]);
  });

  it('§4 Login: a login error other than 10102 redirects to /login', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, 'wrong-token');
    const reasons: SignOutReason[] = [];
    client.session.signedOut$.subscribe((r) => reasons.push(r));

    const result = await client.session.bootstrap();

    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind === 'remote' && result.error.code).toBe(1502);
    expect(reasons).toEqual(['loginFailed']);
    expect(hasStoredCredentials(client)).toBe(false);
  });

  it('§4 Login: error 10102 does not redirect', async () => {
    const world = new TestWorld().users('alice');
    const client = await world.signIn('alice');
    const reasons: SignOutReason[] = [];
    client.session.signedOut$.subscribe((r) => reasons.push(r));

    const again = await client.session.bootstrap();

    expect(!again.ok && again.error.kind === 'remote' && again.error.code).toBe(10102);
    expect(reasons).toEqual([]);
    expect(hasStoredCredentials(client)).toBe(true);
  });

  it('§8 Get self info failed (not transiently): toast and logout', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    client.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    client.ports.device.session.getSelfInfo = () => Promise.reject(new RemoteError(1004, 'record not found'));
    const reasons: SignOutReason[] = [];
    client.session.signedOut$.subscribe((r) => reasons.push(r));

    const result = await client.session.bootstrap();

    expect(!result.ok && result.error.kind === 'remote' && result.error.code).toBe(1004);
    expect(client.toasts.keys()).toEqual(['toast.getSelfInfoFailed']);
    expect(reasons).toEqual(['loginFailed']);
    expect(client.ports.device.userID).toBeUndefined();
  });

  it('§4 Logout: leaves the SDK, clears storage, closes the session; the next one starts empty', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    world.backend.makeFriends('alice', 'bob');
    await world.settle();
    await alice.conversations.open('bob', 1);
    expect(alice.contacts.snapshot.friendList).toHaveLength(1);
    const reasons: SignOutReason[] = [];
    alice.session.signedOut$.subscribe((r) => reasons.push(r));

    const ended = alice.scope;

    await alice.session.logout();
    await world.settle();

    expect(reasons).toEqual(['logout']);
    expect(alice.ports.device.userID).toBeUndefined();
    expect(alice.ports.sessionStore.data.size).toBe(0);
    expect(ended.closed).toBe(true);
    const next = alice.open('alice').services;
    expect(next.currentUser.selfInfo).toBeUndefined();
    expect(next.contacts.snapshot.friendList).toEqual([]);
    expect(next.conversations.snapshot).toEqual([]);
    expect(next.conversations.currentConversation).toBeUndefined();
  });

  it.each([
    ['kickedOffline', 'kicked', 'toast.kickedOffline'],
    ['tokenExpired', 'tokenExpired', 'error.loginExpired'],
    ['tokenInvalid', 'tokenExpired', 'error.loginExpired'],
  ] as const)(
    '§4 Forced logout: %s shows a message and logs out without the SDK',
    async (type, reason, key) => {
      const world = new TestWorld().users('alice');
      const alice = await world.signIn('alice');
      const reasons: SignOutReason[] = [];
      alice.session.signedOut$.subscribe((r) => reasons.push(r));

      alice.ports.device.session.emit({ type });
      await world.settle();

      expect(reasons).toEqual([reason]);
      expect(alice.toasts.keys()).toContain(key);
      expect(hasStoredCredentials(alice)).toBe(false);
      // Forced: the SDK session is not asked to log out.
      expect(alice.ports.device.userID).toBe('alice');
    },
  );

  it('§4 Forced logout: connect failure 705 logs out; other connect failures only mark the connection failed', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const reasons: SignOutReason[] = [];
    alice.session.signedOut$.subscribe((r) => reasons.push(r));

    alice.ports.device.session.emit({ type: 'connectFailed', code: 500, message: 'x' });
    await world.settle();
    expect(await firstValueFrom(alice.session.connection$)).toBe('failed');
    expect(reasons).toEqual([]);

    alice.ports.device.session.emit({ type: 'connectFailed', code: 705, message: 'x' });
    await world.settle();
    expect(reasons).toEqual(['connectFailed']);
  });

  it('§8 Chat API codes 1501/1503/1504/1505 show login expired and force logout; others do not', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const reasons: SignOutReason[] = [];
    alice.session.signedOut$.subscribe((r) => reasons.push(r));

    expect(await alice.session.onApiFailure({ kind: 'remote', code: 20001, message: 'wrong' })).toBe(false);
    expect(reasons).toEqual([]);
    expect(await alice.session.onApiFailure({ kind: 'remote', code: 1503, message: 'expired' })).toBe(true);
    expect(reasons).toEqual(['tokenExpired']);
    expect(alice.toasts.keys()).toContain('error.loginExpired');
  });

  it("a real chat's 20101 (chat token dropped) ends the session with the login-expired message", async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const reasons: SignOutReason[] = [];
    alice.session.signedOut$.subscribe((r) => reasons.push(r));

    expect(await alice.session.onApiFailure({ kind: 'remote', code: 20101, message: 'gone' })).toBe(true);
    expect(reasons).toEqual(['tokenExpired']);
    expect(alice.toasts.keys()).toContain('error.loginExpired');
    expect(hasStoredCredentials(alice)).toBe(false);
  });

  it('§4 Connection and sync: loading then success; progress shown only while reinstalling', async () => {
    const world = new TestWorld().users('alice');
    const alice = world.opened('alice');
    const states: string[] = [];
    alice.session.connection$.subscribe((s) => states.push(`c:${s}`));
    alice.session.sync$.subscribe((s) => states.push(`s:${s}`));
    alice.ports.sessionStore.set(STORAGE_KEYS.session.userID, 'alice');
    alice.ports.sessionStore.set(STORAGE_KEYS.session.imToken, world.backend.user('alice').token);
    await alice.session.bootstrap();
    await world.settle();

    expect(states).toEqual(['c:idle', 's:idle', 'c:loading', 'c:success', 's:loading', 's:success']);

    const reinstalling: boolean[] = [];
    alice.session.reinstalling$.subscribe((r) => reinstalling.push(r));
    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    alice.ports.device.session.emit({ type: 'syncProgress', percent: 40 });
    expect(await firstValueFrom(alice.session.syncProgress$)).toBe(40);
    alice.ports.device.session.emit({ type: 'syncFailed' });
    await world.settle();
    expect(reinstalling).toEqual([false, true, false]);
    expect(await firstValueFrom(alice.session.sync$)).toBe('failed');
    expect(alice.toasts.keys()).toContain('toast.syncFailed');
  });

  it('§4 Sync: the list shows the conversations the SDK has stored at each progress report', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    world.backend.conversationRecord('alice', 'bob', SessionType.Single);
    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: true });
    await world.settle();
    expect(alice.conversations.snapshot).toEqual([]);

    alice.ports.device.session.emit({ type: 'syncProgress', percent: 20 });
    await world.settle();

    expect(alice.conversations.snapshot.map((c) => c.userID)).toEqual(['bob']);
    expect(await firstValueFrom(alice.session.sync$)).toBe('loading');
  });

  it('§4 Sync: on success friends, groups, conversations and the unread count are reloaded', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    // Changes made behind the client's back (another device) only show up through the post-sync reload.
    world.backend.friendsOf('alice').set('bob', '');
    const bob = await world.signIn('bob');
    await bob.conversations.open('alice', 1);
    await bob.chat.sendText('while syncing');
    const group = await bob.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['alice'],
    });
    await world.settle();
    await bob.conversations.open(group.groupID, 3);
    await bob.chat.sendText('group hello');
    expect(alice.contacts.snapshot.friendList).toEqual([]);

    alice.ports.device.session.emit({ type: 'syncStart', reinstalled: false });
    alice.ports.device.session.emit({ type: 'syncFinish' });
    await world.settle();

    expect(alice.contacts.snapshot.friendList.map((f) => f.userID)).toEqual(['bob']);
    expect(alice.contacts.snapshot.groupList.map((g) => g.groupID)).toEqual([group.groupID]);
    expect(alice.conversations.snapshot).toHaveLength(2);
    expect(await firstValueFrom(alice.conversations.unreadCount$)).toBe(2);
  });
});
