import { afterEach, describe, expect, it } from 'vitest';
import { config } from 'rxjs';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '../../testing';

// Written against a survivor of a mutation run over group-header.view-model.ts (docs/test-quality.md): a
// header opened while no member info is loaded must not fail; a failure inside the subscription only
// reaches RxJS's unhandled-error hook, after the test's own checks.

const onUnhandledError = config.onUnhandledError;
afterEach(() => {
  config.onUnhandledError = onUnhandledError;
});

describe('GroupHeaderViewModel without any member info', () => {
  it('offers nothing in a group and "create group" in a single chat, without failing', async () => {
    const errors: unknown[] = [];
    config.onUnhandledError = (error) => errors.push(error);
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    const group = alice.viewModels.groupHeader(true, 'g1');
    const single = alice.viewModels.groupHeader(false, '');
    // RxJS reports an error thrown by a subscriber on a later turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(group.state).toEqual({ createGroup: false, invite: false });
    expect(single.state).toEqual({ createGroup: true, invite: false });
    expect(errors).toEqual([]);
  });
});
