import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
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
});
