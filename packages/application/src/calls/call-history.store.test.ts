import { describe, expect, it } from 'vitest';
import { callHistorySeenStorageKey, type CallHistoryEntry } from '@teamim/domain';
import { signedInFriends, type TestClient, type TestWorld } from '../testing';

const summary = (client: TestClient) =>
  client.services.callHistory.snapshot.entries.map((e: CallHistoryEntry) =>
    [e.direction, e.outcome, e.durationSeconds, e.missed].join(' '),
  );

/** alice calls bob four times: answered for 65 s, declined, cancelled, and left to time out. */
async function fourCalls(world: TestWorld, alice: TestClient, bob: TestClient): Promise<void> {
  await alice.calls.invite('bob', 'video');
  await world.settle();
  await bob.calls.accept();
  await world.settle();
  await world.advance(65_000);
  await bob.calls.hangUp();
  await world.settle();
  await world.advance(1_000);
  await alice.calls.invite('bob', 'audio');
  await world.settle();
  await bob.calls.reject();
  await world.settle();
  await world.advance(1_000);
  await alice.calls.invite('bob', 'audio');
  await world.settle();
  await alice.calls.cancel();
  await world.settle();
  await world.advance(1_000);
  await alice.calls.invite('bob', 'audio');
  await world.settle();
  await world.advance(30_000);
  await world.settle();
}

describe('CallHistoryStore: every call from the records in the conversations', () => {
  it('both sides list each outcome as it happens, newest first, with its direction', async () => {
    const { world, alice, bob } = await signedInFriends();
    await fourCalls(world, alice, bob);
    // alice learns of her own records from what she sent, bob from what he received: no re-read.
    expect(summary(alice)).toEqual([
      'outgoing unanswered 0 false',
      'outgoing cancelled 0 false',
      'outgoing rejected 0 false',
      'outgoing answered 65 false',
    ]);
    expect(summary(bob)).toEqual([
      'incoming unanswered 0 true',
      'incoming cancelled 0 true',
      'incoming rejected 0 false',
      'incoming answered 65 false',
    ]);
  });

  it('a device signed in later reads the records its conversations already hold once the history is opened', async () => {
    const { world, alice, bob } = await signedInFriends();
    await fourCalls(world, alice, bob);
    const laptop = await world.signIn('bob');
    await laptop.services.callHistory.refresh();
    expect(laptop.services.callHistory.snapshot.loaded).toBe(true);
    expect(summary(laptop)).toEqual(summary(bob));
  });

  it('bob signed in twice: the device that stopped ringing says handled on another device, for good', async () => {
    const { world, alice, bob } = await signedInFriends();
    const phone = await world.signIn('bob');
    await alice.calls.invite('bob', 'video');
    await world.settle();
    await phone.calls.accept();
    await world.settle();
    await world.advance(10_000);
    await alice.calls.hangUp();
    await world.settle();
    expect(summary(phone)).toEqual(['incoming answered 10 false']);
    expect(summary(bob)).toEqual(['incoming handledElsewhere 0 false']);
    expect(summary(alice)).toEqual(['outgoing answered 10 false']);
    // Remembered on the device, per user: a new session there still knows.
    const again = bob.reopen().services.callHistory;
    await again.refresh();
    expect(again.snapshot.entries.map((e) => e.outcome)).toEqual(['handledElsewhere']);
  });

  it('the badge counts missed calls since the history was last seen, remembered per user', async () => {
    const { world, alice, bob } = await signedInFriends();
    const badge = bob.viewModels.missedCallsBadge();
    await fourCalls(world, alice, bob);
    expect(badge.state).toEqual({ available: true, count: 2 });
    await world.advance(1_000);
    const page = bob.viewModels.callHistory();
    await world.settle();
    expect(badge.state.count).toBe(0);
    expect(bob.ports.localStore.get(callHistorySeenStorageKey('bob'))).toBe(String(world.clock.now()));
    page.dispose();
    await world.advance(1_000);
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await alice.calls.cancel();
    await world.settle();
    expect(badge.state.count).toBe(1);
    // alice's side: she missed nothing.
    expect(alice.viewModels.missedCallsBadge().state.count).toBe(0);
  });

  it('a record that cannot be read leaves the history as it was, and says so in the log', async () => {
    const { world, bob } = await signedInFriends();
    bob.ports.device.messages.failSearchWith = 1001;
    await bob.services.callHistory.refresh();
    await world.settle();
    expect(bob.services.callHistory.snapshot.entries).toEqual([]);
    expect(bob.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'call history not read',
      context: { code: 1001 },
    });
  });
});
