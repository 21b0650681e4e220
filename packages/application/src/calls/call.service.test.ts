import { describe, expect, it } from 'vitest';
import { CallOutcome, CallRole } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import { CallService } from './call.service';
import type { CallEnded } from './call-state';

async function pair(): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  ended: Record<string, CallEnded[]>;
}> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const ended: Record<string, CallEnded[]> = { alice: [], bob: [] };
  alice.calls.ended$.subscribe((e) => ended['alice']?.push(e));
  bob.calls.ended$.subscribe((e) => ended['bob']?.push(e));
  return { world, alice, bob, ended };
}

describe('CallService', () => {
  it('§4 Calls: invite, accept, both connect to the room; the timer counts mm:ss', async () => {
    const { world, alice, bob } = await pair();

    const invited = await alice.calls.invite('bob', 'video');
    await world.settle();

    expect(invited.ok).toBe(true);
    expect(alice.calls.snapshot).toMatchObject({
      phase: 'waiting',
      role: CallRole.Inviter,
      peerUserID: 'bob',
    });
    expect(bob.calls.snapshot).toMatchObject({
      phase: 'waiting',
      role: CallRole.Receiver,
      peerUserID: 'alice',
    });

    expect((await bob.calls.accept()).ok).toBe(true);
    await world.settle();

    expect(bob.calls.snapshot.phase).toBe('connected');
    expect(alice.calls.snapshot.phase).toBe('connected');
    const roomID = alice.calls.snapshot.invitation?.roomID ?? '';
    expect(world.backend.rtc.rooms.get(roomID)?.size).toBe(2);

    await world.advance(65_000);
    expect(alice.calls.snapshot.timerText).toBe('01:05');
    // Accepted calls no longer time out.
    expect(alice.calls.snapshot.phase).toBe('connected');
  });

  it('§4 Calls: the inviter cancels after the 30 s timeout and the receiver closes', async () => {
    const { world, alice, bob, ended } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.advance(29_999);
    expect(bob.calls.snapshot.phase).toBe('waiting');

    await world.advance(1);

    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(bob.calls.snapshot.phase).toBe('idle');
    expect(ended['alice']?.map((e) => e.outcome)).toEqual([CallOutcome.Unanswered]);
    expect(ended['bob']?.map((e) => e.outcome)).toEqual([CallOutcome.Unanswered]);
  });

  it('§4 Calls: the timeout closes the inviter even when the Cancel signal cannot be sent', async () => {
    const { world, alice } = await pair();
    await alice.calls.invite('bob', 'audio');
    world.backend.blacklistOf('bob').add('alice');

    await world.advance(30_000);

    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(alice.ports.logger.entries.map((e) => e.message)).toContain('call signal failed');
  });

  it('§4 Calls: reject closes the inviter; cancel closes the receiver', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect((await bob.calls.reject()).ok).toBe(true);
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('idle');

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect((await alice.calls.cancel()).ok).toBe(true);
    await world.settle();
    expect(bob.calls.snapshot.phase).toBe('idle');
    // The stale timeout of the cancelled call must not fire later.
    await world.advance(30_000);
    expect(alice.calls.snapshot.phase).toBe('idle');
  });

  it('§4 Calls: hang-up disconnects and closes both sides', async () => {
    const { world, alice, bob, ended } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.accept();
    await world.settle();

    expect((await bob.calls.hangUp()).ok).toBe(true);
    await world.settle();

    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(ended['alice']?.map((e) => e.outcome)).toEqual([CallOutcome.HungUp]);
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
    expect(bob.ports.rtcRoom.roomID).toBeUndefined();
  });

  it('§4 Calls: if the other party leaves the room, the local side disconnects', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.accept();
    await world.settle();

    await bob.ports.rtcRoom.disconnect();
    await world.settle();

    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
  });

  it('§6 Calls: only the receiver can answer; only the inviter can cancel', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect((await alice.calls.accept()).ok).toBe(false);
    expect((await alice.calls.reject()).ok).toBe(false);
    expect((await bob.calls.cancel()).ok).toBe(false);
    expect((await bob.calls.hangUp()).ok).toBe(false);
    expect((await alice.calls.invite('bob', 'audio')).ok).toBe(false);
  });

  it('§8 Calls: a failed invite shows invite user failed and closes', async () => {
    const { world, alice } = await pair();
    world.backend.blacklistOf('bob').add('alice');
    const result = await alice.calls.invite('bob', 'audio');
    expect(result.ok).toBe(false);
    expect(alice.toasts.keys()).toEqual(['toast.inviteUserFailed']);
    expect(alice.calls.snapshot.phase).toBe('idle');
  });

  it('§8 Calls: no server url gives "no livekit url provided" and closes', async () => {
    const { world, alice, bob } = await pair();
    // No media server from the start: the room access is asked for while the call rings.
    world.backend.rtc.serverUrl = '';
    await alice.calls.invite('bob', 'audio');
    await world.settle();

    const result = await bob.calls.accept();
    await world.settle();

    expect(result.ok).toBe(false);
    expect(bob.toasts.keys()).toContain('error.noLivekitUrl');
    expect(bob.calls.snapshot.phase).toBe('idle');
    expect(alice.calls.snapshot.phase).toBe('idle');
  });

  it('§2 Calls: microphone toggle; camera toggle only in video calls', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect((await alice.calls.toggleCamera()).ok).toBe(false);
    await bob.calls.accept();
    await world.settle();
    await alice.calls.toggleMicrophone();
    expect(alice.calls.snapshot.microphoneEnabled).toBe(false);
    expect(alice.ports.rtcRoom.microphone).toBe(false);
    await alice.calls.hangUp();

    await alice.calls.invite('bob', 'video');
    await world.settle();
    await bob.calls.accept();
    await world.settle();
    expect((await alice.calls.toggleCamera()).ok).toBe(true);
    expect(alice.ports.rtcRoom.camera).toBe(false);
  });

  it('§4 Calls: a second invite while busy is ignored', async () => {
    const world = new TestWorld().users('alice', 'bob', 'carol');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    const carol = await world.signIn('carol');
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await carol.calls.invite('bob', 'audio');
    await world.settle();
    expect(bob.calls.snapshot.peerUserID).toBe('alice');
    // Bob is busy: carol's invite is declined at once instead of ringing until her timeout.
    expect(carol.calls.snapshot.phase).toBe('idle');
    expect(alice.calls.snapshot.phase).toBe('waiting');
  });

  it('§4 Calls: each ending says why, for both sides, with the connected duration', async () => {
    const { world, alice, bob, ended } = await pair();
    const endings = () => ({
      alice: ended['alice']?.map((e) => [e.reason, e.role, e.peerUserID, e.answered, e.durationSeconds]),
      bob: ended['bob']?.map((e) => [e.reason, e.role, e.peerUserID, e.answered, e.durationSeconds]),
    });
    await alice.calls.invite('bob', 'video');
    await world.settle();
    await bob.calls.accept();
    await world.settle();
    await world.advance(75_000);
    await alice.calls.hangUp();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.reject();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await alice.calls.cancel();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.advance(30_000);

    expect(endings()).toEqual({
      alice: [
        ['hungUp', 'inviter', 'bob', true, 75],
        ['rejected', 'inviter', 'bob', false, 0],
        ['cancelled', 'inviter', 'bob', false, 0],
        ['timeout', 'inviter', 'bob', false, 0],
      ],
      bob: [
        ['hungUp', 'receiver', 'alice', true, 75],
        ['rejected', 'receiver', 'alice', false, 0],
        ['cancelled', 'receiver', 'alice', false, 0],
        ['cancelled', 'receiver', 'alice', false, 0],
      ],
    });
    expect(ended['alice']?.[0]?.mediaType).toBe('video');
  });

  it('§4 Calls: answered or rejected on another device of the receiver, this one stops ringing', async () => {
    const { world, alice, bob, ended } = await pair();
    const bobPhone = await world.signIn('bob');
    const phoneEnded: CallEnded[] = [];
    bobPhone.calls.ended$.subscribe((e) => phoneEnded.push(e));

    await alice.calls.invite('bob', 'video');
    await world.settle();
    expect([bob.calls.snapshot.phase, bobPhone.calls.snapshot.phase]).toEqual(['waiting', 'waiting']);
    await bobPhone.calls.accept();
    await world.settle();
    expect(bobPhone.calls.snapshot.phase).toBe('connected');
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect(bob.calls.snapshot.phase).toBe('idle');
    expect(ended['bob']?.map((e) => [e.outcome, e.reason])).toEqual([
      [CallOutcome.HandledElsewhere, 'handledElsewhere'],
    ]);
    expect(bob.toasts.keys()).toEqual(['call.handledElsewhere']);
    await alice.calls.hangUp();
    await world.settle();

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.reject();
    await world.settle();
    expect(bobPhone.calls.snapshot.phase).toBe('idle');
    expect(phoneEnded.map((e) => e.reason)).toEqual(['hungUp', 'handledElsewhere']);
    // The device that answered or rejected is not told it handled the call elsewhere.
    expect(bobPhone.toasts.keys()).toEqual(['call.handledElsewhere']);
  });

  it('§4 Calls: the answer timeout is a setting (30 s by default)', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const alice = await world.signIn('alice');
    await world.signIn('bob');
    const p = alice.ports;
    const calls = new CallService(
      p.callSignalling,
      p.chatApi,
      p.rtcRoom,
      alice.currentUser,
      p.idGenerator,
      p.clock,
      p.notifier,
      p.logger,
      { timeoutSeconds: 5 },
    );
    const invited = await calls.invite('bob', 'audio');
    expect(invited.ok && invited.value.timeout).toBe(5);
    await world.advance(4_999);
    expect(calls.snapshot.phase).toBe('waiting');
    await world.advance(1);
    expect(calls.snapshot.phase).toBe('idle');
    calls.dispose();
  });
});
