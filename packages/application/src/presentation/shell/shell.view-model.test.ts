import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { BusinessAllowType, SessionType } from '@teamim/domain';
import { MISSING_ROUTE_CODE } from '../../shared/remote-error';
import { RECONNECTED_NOTICE_MS } from '../../session/connection-monitor';
import { TestWorld } from '../../testing';

// Mutation testing found the shell view model's output unchecked (docs/test-quality.md): it was only built.
describe('ShellViewModel', () => {
  it('shows the signed-in user, the unread badge, the connection and what the menu offers', async () => {
    const world = new TestWorld().users({ userID: 'alice', nickname: 'Alice A' }, 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const shell = alice.viewModels.shell();
    await bob.conversations.open('alice', SessionType.Single);
    await bob.chat.sendText('one');
    await bob.chat.sendText('two');
    await world.settle();

    const info = shell.state.self?.info;
    expect(info).toMatchObject({ userID: 'alice', nickname: 'Alice A' });
    expect(shell.state).toEqual({
      self: { userID: 'alice', name: 'Alice A', faceURL: info?.faceURL, info },
      unread: 2,
      applications: 0,
      status: undefined,
      syncProgress: undefined,
      canAddFriends: true,
      canCreateGroup: true,
      walletAvailable: (await firstValueFrom(alice.capabilities.features$)).wallet === 'available',
    });
    shell.dispose();
  });

  it('names a user without a nickname by the user id', async () => {
    const world = new TestWorld().users({ userID: 'bob', nickname: '' });
    const bob = await world.signIn('bob');

    const shell = bob.viewModels.shell();

    expect(shell.state.self?.name).toBe('bob');
    shell.dispose();
  });

  it('shows nothing but defaults before the self info is loaded', async () => {
    const world = new TestWorld().users('alice');
    const client = world.opened('alice');

    const shell = client.viewModels.shell();
    await world.settle();

    expect(shell.state).toEqual({
      self: undefined,
      unread: 0,
      applications: 0,
      status: undefined,
      syncProgress: undefined,
      canAddFriends: false,
      canCreateGroup: false,
      walletAvailable: false,
    });
    shell.dispose();
  });

  it('counts the unhandled friend applications', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();
    for (const id of ['bob', 'carol']) {
      const peer = await world.signIn(id);
      await peer.contactActions.sendFriendRequest({ userID: 'alice' }, `hi from ${id}`);
    }
    await world.settle();

    expect(shell.state.applications).toBe(2);
    shell.dispose();
  });

  it('hides the menu entries self info forbids', async () => {
    const world = new TestWorld().users({
      userID: 'alice',
      nickname: 'Alice',
      allowAddFriend: BusinessAllowType.NotAllow,
      allowCreateGroup: BusinessAllowType.NotAllow,
    });
    const alice = await world.signIn('alice');

    const shell = alice.viewModels.shell();

    expect(shell.state).toMatchObject({
      self: { userID: 'alice', name: 'Alice' },
      canAddFriends: false,
      canCreateGroup: false,
    });
    shell.dispose();
  });

  it('shows the connection and sync state, and the progress only while a reinstall syncs', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();
    const emit = (event: Parameters<typeof alice.ports.device.session.emit>[0]) => {
      alice.ports.device.session.emit(event);
      return world.settle();
    };

    await emit({ type: 'connecting' });
    expect(shell.state.status).toBe('connecting');
    await emit({ type: 'connectFailed', code: 500, message: 'down' });
    expect(shell.state.status).toBe('connectFailed');
    await emit({ type: 'connectSuccess' });
    await emit({ type: 'syncStart', reinstalled: false });
    await emit({ type: 'syncProgress', percent: 40 });
    expect(shell.state).toMatchObject({ status: 'syncing', syncProgress: undefined });
    await emit({ type: 'syncFailed' });
    expect(shell.state).toMatchObject({ status: 'syncFailed', syncProgress: undefined });

    await emit({ type: 'syncStart', reinstalled: true });
    await emit({ type: 'syncProgress', percent: 40 });
    expect(shell.state).toMatchObject({ status: 'syncing', syncProgress: 40 });
    await emit({ type: 'syncFinish' });
    expect(shell.state).toMatchObject({ status: undefined, syncProgress: undefined });
    shell.dispose();
  });

  it('says at once that the network is lost, then that it reconnects, then that it is back', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();
    const emit = (event: Parameters<typeof alice.ports.device.session.emit>[0]) => {
      alice.ports.device.session.emit(event);
      return world.settle();
    };
    const network = async (online: boolean) => {
      alice.ports.network.set(online);
      await world.settle();
    };
    expect(shell.state.status).toBeUndefined();

    // The SDK still believes it is connected (its heartbeat notices 20-30 s later): the device knows now.
    await network(false);
    expect(shell.state.status).toBe('offline');
    await emit({ type: 'connecting' });
    await emit({ type: 'connectFailed', code: 0, message: 'network' });
    expect(shell.state.status).toBe('offline');

    await network(true);
    expect(shell.state.status).toBe('connectFailed');
    await emit({ type: 'connecting' });
    expect(shell.state.status).toBe('reconnecting');
    await emit({ type: 'connectSuccess' });
    expect(shell.state.status).toBe('reconnected');
    await world.advance(RECONNECTED_NOTICE_MS);
    expect(shell.state.status).toBeUndefined();

    // A short loss the SDK never noticed: back at once, and said so.
    await network(false);
    await network(true);
    expect(shell.state.status).toBe('reconnected');
    await world.advance(RECONNECTED_NOTICE_MS);
    expect(shell.state.status).toBeUndefined();
    shell.dispose();
  });

  it('hides the wallet once the deployment turns out to have none', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();
    expect(shell.state.walletAvailable).toBe(true);

    alice.capabilities.noteWalletFailure({ kind: 'remote', code: MISSING_ROUTE_CODE, message: '404' });

    expect(shell.state.walletAvailable).toBe(false);
    shell.dispose();
  });

  it('signs out through the session and tells the view why', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();
    const reasons: string[] = [];
    shell.signedOut$.subscribe((reason) => reasons.push(reason));

    await shell.logout();

    expect(reasons).toEqual(['logout']);
    expect(alice.ports.device.userID).toBeUndefined();
    shell.dispose();
  });

  it('sets the session to the interface language, and ignores one it does not know', async () => {
    const world = new TestWorld().users('alice');
    const alice = await world.signIn('alice');
    const shell = alice.viewModels.shell();

    shell.followLocale('zh-CN');
    expect(alice.services.settings.snapshot.locale).toBe('zh-CN');
    shell.followLocale('en-US');
    expect(alice.services.settings.snapshot.locale).toBe('en-US');
    shell.followLocale('fr-FR');
    expect(alice.services.settings.snapshot.locale).toBe('en-US');
  });
});
