import { describe, expect, it } from 'vitest';
import { signedInFriends } from '../../testing';

async function pair() {
  const { world, alice, bob } = await signedInFriends();
  return { world, alice, bob, buttons: alice.viewModels.callButtons() };
}

describe("CallButtonsViewModel (spec §2 a single chat's header)", () => {
  it('offers calls once the deployment has them, and a click rings the other party', async () => {
    const { world, bob, buttons } = await pair();
    // The session's one overlay, there all along, shows the call; the buttons keep no call state.
    const bobOverlay = bob.viewModels.callOverlay();
    await world.settle();
    expect(buttons.state.callsAvailable).toBe(true);

    expect((await buttons.start('bob', 'video')).ok).toBe(true);
    await world.settle();

    expect(bob.calls.snapshot).toMatchObject({ phase: 'waiting', peerUserID: 'alice' });
    expect(bobOverlay.state).toMatchObject({ open: true, status: 'incoming', mediaType: 'video' });
  });

  it('says busy instead of placing a second call', async () => {
    const { world, alice, buttons } = await pair();
    await buttons.start('bob', 'audio');
    await world.settle();
    expect(await buttons.start('bob', 'video')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'already in a call' },
    });
    expect(alice.toasts.toasts).toEqual([{ level: 'warning', key: 'call.busy' }]);
  });

  it("asks the session's call media whether this browser can call, and says so when it cannot", async () => {
    const { alice, buttons } = await pair();
    alice.ports.callMedia.isSupported = false;
    expect(await buttons.start('bob', 'audio')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'calls are not supported by this browser' },
    });
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.browserNotSupported' }]);
    expect(alice.calls.snapshot.phase).toBe('idle');
  });
});
