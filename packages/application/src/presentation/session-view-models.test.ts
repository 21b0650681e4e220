import { describe, expect, it } from 'vitest';
import { TestWorld } from '../testing';

describe('SessionViewModels', () => {
  it("the call overlay asks the session's own call media whether this browser can call", async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    await world.signIn('bob');
    alice.ports.callMedia.isSupported = false;

    const overlay = alice.viewModels.callOverlay();

    expect(await overlay.start('bob', 'audio')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'calls are not supported by this browser' },
    });
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.browserNotSupported' }]);
    expect(alice.calls.snapshot.phase).toBe('idle');
  });
});
