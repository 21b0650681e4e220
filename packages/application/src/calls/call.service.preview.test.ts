import { describe, expect, it } from 'vitest';
import { TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';

async function pair(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

async function ringing(
  media: 'audio' | 'video' = 'video',
): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const { world, alice, bob } = await pair();
  await alice.calls.invite('bob', media);
  await world.settle();
  // What each test then ends: the devices running while it rings.
  expect(alice.ports.rtcRoom.captured).toEqual({ microphone: true, camera: media === 'video' });
  return { world, alice, bob };
}

describe("CallService: the inviter's devices start while its call rings, on air only after the answer", () => {
  it('a video call rings with the microphone and camera captured, nothing on air', async () => {
    const { alice } = await ringing();
    expect(alice.ports.rtcRoom.captured).toEqual({ microphone: true, camera: true });
    expect(alice.ports.rtcRoom.onAir).toBe(false);
  });

  it('a voice call captures the microphone only', async () => {
    const { alice } = await ringing('audio');
    expect(alice.ports.rtcRoom.captured).toEqual({ microphone: true, camera: false });
  });

  it('the receiver starts no device before it answers', async () => {
    const { bob } = await ringing();
    expect(bob.ports.rtcRoom.captured).toBeUndefined();
    expect(bob.ports.rtcRoom.onAir).toBe(false);
  });

  it('the answer publishes the captured tracks rather than starting the devices again', async () => {
    const { world, alice, bob } = await ringing();
    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect(alice.ports.rtcRoom.publishedCaptured).toBe(true);
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
    expect([alice.ports.rtcRoom.microphone, alice.ports.rtcRoom.camera]).toEqual([true, true]);
  });

  it('cancelling stops the captured devices', async () => {
    const { world, alice } = await ringing();
    await alice.calls.cancel();
    await world.settle();
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
  });

  it('a rejected call stops the captured devices', async () => {
    const { world, alice, bob } = await ringing();
    await bob.calls.reject();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
  });

  it('the timeout stops the captured devices', async () => {
    const { world, alice } = await ringing();
    await world.advance(30_000);
    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
  });

  it('an invite that cannot be sent stops the devices it started', async () => {
    const { world, alice } = await pair();
    world.backend.blacklistOf('bob').add('alice');
    const room = alice.ports.rtcRoom;
    const capture = room.capture.bind(room);
    let captures = 0;
    room.capture = (options) => {
      captures += 1;
      return capture(options);
    };
    expect((await alice.calls.invite('bob', 'video')).ok).toBe(false);
    await world.settle();
    expect(captures).toBe(1);
    expect(room.captured).toBeUndefined();
  });

  it('a room that fails after the answer stops the captured devices', async () => {
    const { world, alice, bob } = await ringing();
    alice.ports.rtcRoom.connect = () => Promise.reject(new RemoteError(-2, 'unreachable'));
    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
  });

  it('devices that cannot start while ringing are logged, and the answer starts them as before', async () => {
    const { world, alice, bob } = await pair();
    alice.ports.rtcRoom.failCapture = new RemoteError(-3, 'permission denied');
    await alice.calls.invite('bob', 'video');
    await world.settle();
    expect(alice.ports.rtcRoom.captured).toBeUndefined();
    expect(alice.ports.logger.entries).toContainEqual({
      level: 'warn',
      message: 'call devices could not start while ringing',
      context: { code: -3 },
    });
    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect(alice.ports.rtcRoom.publishedCaptured).toBe(false);
    expect([alice.ports.rtcRoom.onAir, alice.ports.rtcRoom.camera]).toEqual([true, true]);
  });

  it('turning the camera off while ringing stops it, and the answer goes on air without it', async () => {
    const { world, alice, bob } = await ringing();
    await alice.calls.toggleCamera();
    await world.settle();
    expect(alice.ports.rtcRoom.captured).toEqual({ microphone: true, camera: false });
    await alice.calls.toggleCamera();
    await world.settle();
    expect(alice.ports.rtcRoom.captured).toEqual({ microphone: true, camera: true });
    await alice.calls.toggleCamera();
    await world.settle();

    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect([alice.ports.rtcRoom.microphone, alice.ports.rtcRoom.camera]).toEqual([true, false]);
  });

  it('a microphone turned off while ringing stays off after the answer, on either side', async () => {
    const { world, alice, bob } = await ringing();
    await alice.calls.toggleMicrophone();
    await bob.calls.toggleMicrophone();
    await bob.calls.accept();
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('connected');
    expect([alice.ports.rtcRoom.microphone, bob.ports.rtcRoom.microphone]).toEqual([false, false]);
    expect([alice.calls.snapshot.microphoneEnabled, bob.calls.snapshot.microphoneEnabled]).toEqual([
      false,
      false,
    ]);
  });

  it('a receiver who turned the camera off while ringing answers without it', async () => {
    const { world, bob } = await ringing();
    await bob.calls.toggleCamera();
    await bob.calls.accept();
    await world.settle();
    expect(bob.calls.snapshot.phase).toBe('connected');
    expect([bob.ports.rtcRoom.onAir, bob.ports.rtcRoom.camera]).toEqual([true, false]);
  });
});
