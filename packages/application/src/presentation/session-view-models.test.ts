import { describe, expect, it } from 'vitest';
import { TestWorld } from '../testing';

describe('SessionViewModels', () => {
  it("the call overlay asks the session's own call media whether this browser can take a call", async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    bob.ports.callMedia.isSupported = false;
    const overlay = bob.viewModels.callOverlay();

    await alice.viewModels.callButtons().start('bob', 'audio');
    await world.settle();
    expect(await overlay.answer()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'calls are not supported by this browser' },
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'error', key: 'toast.browserNotSupported' }]);
    await world.settle();
    expect(bob.calls.snapshot.phase).toBe('idle');
  });
});
