import { describe, expect, it } from 'vitest';
import { CallOutcome, CallRole, CustomType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { CallEnded, CallState } from './call-state';

async function pair(): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  ended: Record<'alice' | 'bob', CallEnded[]>;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  await world.advance(7_000);
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const ended: Record<'alice' | 'bob', CallEnded[]> = { alice: [], bob: [] };
  alice.calls.ended$.subscribe((e) => ended.alice.push(e));
  bob.calls.ended$.subscribe((e) => ended.bob.push(e));
  return { world, alice, bob, ended };
}

const idle: CallState = {
  phase: 'idle',
  role: undefined,
  invitation: undefined,
  peerUserID: undefined,
  elapsedSeconds: 0,
  timerText: '00:00',
  microphoneEnabled: true,
  cameraEnabled: false,
};

describe("CallService: both sides' states, refusals, and signals of other calls", () => {
  it('the whole state of both sides while ringing, connected and after the end', async () => {
    const { world, alice, bob, ended } = await pair();
    expect(alice.calls.snapshot).toEqual(idle);

    const invited = await alice.calls.invite('bob', 'video');
    await world.settle();
    const invitation = invited.ok ? invited.value : undefined;
    expect(invitation).toEqual({
      roomID: expect.any(String) as string,
      inviterUserID: 'alice',
      inviteeUserIDList: ['bob'],
      mediaType: 'video',
      timeout: 30,
    });
    expect(alice.calls.snapshot).toEqual({
      ...idle,
      phase: 'waiting',
      role: CallRole.Inviter,
      invitation,
      peerUserID: 'bob',
      cameraEnabled: true,
    });
    expect(bob.calls.snapshot).toEqual({
      ...idle,
      phase: 'waiting',
      role: CallRole.Receiver,
      invitation,
      peerUserID: 'alice',
      cameraEnabled: true,
    });

    await bob.calls.accept();
    await world.settle();
    expect(bob.ports.rtcRoom.camera).toBe(true);
    await world.advance(3_000);
    expect(alice.calls.snapshot).toMatchObject({ phase: 'connected', elapsedSeconds: 3, timerText: '00:03' });

    await bob.calls.hangUp();
    await world.settle();
    expect(alice.calls.snapshot).toEqual(idle);
    expect(bob.calls.snapshot).toEqual(idle);
    expect(ended.bob).toEqual([
      {
        roomID: invitation?.roomID,
        outcome: CallOutcome.HungUp,
        reason: 'hungUp',
        role: CallRole.Receiver,
        peerUserID: 'alice',
        mediaType: 'video',
        answered: true,
        durationSeconds: 3,
      },
    ]);
    // The ticker stopped with the call.
    await world.advance(5_000);
    expect(alice.calls.snapshot).toEqual(idle);
  });

  it('exact refusals of actions that do not fit the phase or the role', async () => {
    const { world, alice, bob } = await pair();
    const refusal = (reason: string) => ({ ok: false, error: { kind: 'state', reason } });
    expect(await bob.calls.accept()).toEqual(refusal('no incoming call to answer'));
    expect(await bob.calls.reject()).toEqual(refusal('no incoming call to reject'));
    expect(await alice.calls.cancel()).toEqual(refusal('no outgoing call to cancel'));
    expect(await alice.calls.hangUp()).toEqual(refusal('not in a call'));

    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect(await alice.calls.invite('carol', 'audio')).toEqual(refusal('already in a call'));
    expect(await alice.calls.accept()).toEqual(refusal('no incoming call to answer'));
    expect(await alice.calls.reject()).toEqual(refusal('no incoming call to reject'));
    expect(await bob.calls.cancel()).toEqual(refusal('no outgoing call to cancel'));
    expect(await alice.calls.toggleCamera()).toEqual(refusal('camera is only available in video calls'));

    await bob.calls.accept();
    await world.settle();
    expect(await alice.calls.cancel()).toEqual(refusal('no outgoing call to cancel'));
    expect(await bob.calls.accept()).toEqual(refusal('no incoming call to answer'));
    expect(alice.calls.snapshot.phase).toBe('connected');
  });

  it('microphone and camera change the room only once it is entered; the answer puts on air what is wished', async () => {
    const { world, alice, bob } = await pair();
    await alice.calls.invite('bob', 'video');
    await world.settle();
    await alice.calls.toggleMicrophone();
    expect(await alice.calls.toggleCamera()).toEqual({ ok: true, value: undefined });
    expect(alice.calls.snapshot).toMatchObject({ microphoneEnabled: false, cameraEnabled: false });
    expect(alice.ports.rtcRoom.microphone).toBe(true);
    expect(alice.ports.rtcRoom.camera).toBe(false);

    await bob.calls.accept();
    await world.settle();
    // The answer puts alice on air as she wished while it rang.
    expect(alice.ports.rtcRoom.microphone).toBe(false);
    await bob.calls.toggleMicrophone();
    await bob.calls.toggleCamera();
    expect(bob.ports.rtcRoom.microphone).toBe(false);
    expect(bob.ports.rtcRoom.camera).toBe(false);
    await bob.calls.toggleMicrophone();
    await bob.calls.toggleCamera();
    expect(bob.ports.rtcRoom.microphone).toBe(true);
    expect(bob.ports.rtcRoom.camera).toBe(true);
    expect(bob.calls.snapshot).toMatchObject({ microphoneEnabled: true, cameraEnabled: true });
  });

  it('a refused Accept warns, resets and sends nothing else; a refused room access hangs up both sides', async () => {
    const { world, alice, bob, ended } = await pair();
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    const send = bob.ports.callSignalling.send.bind(bob.ports.callSignalling);
    bob.ports.callSignalling.send = () => Promise.reject(new RemoteError(1, 'offline'));
    const refused = await bob.calls.accept();
    expect(refused).toEqual({ ok: false, error: { kind: 'remote', code: 1, message: 'offline' } });
    expect(bob.toasts.toasts).toEqual([{ level: 'error', key: 'toast.byInviteUserFailed' }]);
    expect(bob.calls.snapshot).toEqual(idle);
    expect(ended.bob).toEqual([]);
    await world.settle();
    // bob entered the room while his Accept failed and left it again: alice took his entering as the
    // answer, and his leaving ends her call at once rather than leaving her ringing for nobody.
    expect(alice.calls.snapshot).toEqual(idle);
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
    bob.ports.callSignalling.send = send;

    bob.toasts.toasts.length = 0;
    // Refused while ringing and again at the answer.
    bob.ports.chatApi.getRoomAccess = () => Promise.reject(new RemoteError(2, 'no token'));
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    const noAccess = await bob.calls.accept();
    await world.settle();
    expect(noAccess).toEqual({ ok: false, error: { kind: 'remote', code: 2, message: 'no token' } });
    expect(bob.toasts.toasts).toEqual([{ level: 'error', key: 'toast.byInviteUserFailed' }]);
    expect(alice.calls.snapshot).toEqual(idle);
    expect(ended.bob.map((e) => [e.reason, e.answered])).toEqual([['failed', false]]);
    expect(ended.alice.map((e) => [e.reason, e.answered])).toEqual([
      ['hungUp', false],
      ['hungUp', true],
    ]);
  });

  it('no server url: the exact error and toast; a room that fails to connect ends the call as failed', async () => {
    const { world, alice, bob, ended } = await pair();
    world.backend.rtc.serverUrl = '';
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    expect(await bob.calls.accept()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'no livekit url provided' },
    });
    expect(bob.toasts.toasts).toEqual([{ level: 'error', key: 'error.noLivekitUrl' }]);
    await world.settle();

    world.backend.rtc.serverUrl = 'wss://rtc.fake';
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    bob.ports.rtcRoom.connect = () => Promise.reject(new RemoteError(3, 'ice failed'));
    const failed = await bob.calls.accept();
    await world.settle();
    expect(!failed.ok && failed.error.kind === 'remote' && failed.error.code).toBe(3);
    expect(bob.toasts.toasts.at(-1)).toEqual({ level: 'error', key: 'toast.byInviteUserFailed' });
    // (The first call's record may say "hungUp": the inviter, also without a url, hangs up at once.)
    expect(ended.bob.at(-1)).toMatchObject({
      reason: 'failed',
      outcome: CallOutcome.HungUp,
      answered: false,
    });
    expect(alice.calls.snapshot).toEqual(idle);
  });

  it('a busy receiver declines another inviter and keeps ringing; a decline that fails is logged', async () => {
    const { world, alice, bob } = await pair();
    const carol = await world.signIn('carol');
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    const ringing = bob.calls.snapshot;
    bob.ports.callSignalling.send = () => Promise.reject(new RemoteError(4, 'offline'));
    await carol.calls.invite('bob', 'video');
    await world.settle();
    expect(bob.calls.snapshot).toEqual(ringing);
    expect(bob.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'call signal failed',
      context: { type: CustomType.CallingReject },
    });
    expect(carol.calls.snapshot.phase).toBe('waiting');
  });

  it('signals of another call change nothing; a peer leaving is only heard from the peer while connected', async () => {
    const { world, alice, bob } = await pair();
    const carol = await world.signIn('carol');
    await alice.calls.invite('bob', 'audio');
    await world.settle();
    await bob.calls.accept();
    await world.settle();
    const connected = alice.calls.snapshot;

    // A stale hang-up of an older call with another room id.
    if (connected.invitation === undefined) throw new Error('no invitation');
    const stale = { ...connected.invitation, roomID: 'old-room' };
    await bob.ports.callSignalling.send('alice', CustomType.CallingHungup, stale);
    await carol.ports.callSignalling.send('alice', CustomType.CallingCancel, stale);
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');

    // Someone else leaving the room is not the peer.
    (alice.ports.rtcRoom as unknown as { left: { next(id: string): void } }).left.next('carol');
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
  });
});
