import { describe, expect, it } from 'vitest';
import { CallRole } from '@teamim/domain';
import type { CallDevice, CallDeviceKind } from '../../ports/call-devices.port';
import { RemoteError } from '../../shared/remote-error';
import { FakeCallDevices, FakeCallMedia, type TestClient, signedInFriends } from '../../testing';
import {
  CallOverlayViewModel,
  type CallOverlayOptions,
  type CallOverlayState,
  type CallPeerView,
} from './call-overlay.view-model';

/** A machine whose microphones or cameras can fail to list on their own. */
class Machine extends FakeCallDevices {
  failing: CallDeviceKind | undefined;

  override async list(kind: CallDeviceKind): Promise<readonly CallDevice[]> {
    const devices = await super.list(kind);
    if (kind === this.failing) throw new RemoteError(-3, `no permission for ${kind}`);
    return devices;
  }
}

const twoCameras = {
  audioinput: [
    { deviceID: 'mic-1', label: 'Built-in microphone' },
    { deviceID: 'mic-2', label: 'Headset' },
    { deviceID: 'mic-3', label: 'Desk' },
  ],
  videoinput: [
    { deviceID: 'cam-1', label: 'Built-in camera' },
    { deviceID: 'cam-2', label: 'USB camera' },
  ],
};

async function pair(
  options: { alice?: CallOverlayOptions; bob?: CallOverlayOptions; devices?: FakeCallDevices } = {},
) {
  const { world, alice, bob } = await signedInFriends();
  const devices = options.devices ?? new FakeCallDevices();
  const vm = (c: TestClient, d: FakeCallDevices, o: CallOverlayOptions = {}) =>
    new CallOverlayViewModel(c.calls, c.ports.rtcRoom, c.ports.contacts, c.ports.notifier, d, o);
  return {
    world,
    alice,
    bob,
    devices,
    aliceVm: vm(alice, devices, options.alice),
    // Calls are placed as the chat header places them; the overlay only shows them.
    aliceButtons: alice.viewModels.callButtons(),
    bobVm: vm(bob, new FakeCallDevices(), options.bob),
  };
}

const closedState: CallOverlayState = {
  open: false,
  status: 'outgoing',
  tone: 'light',
  mediaType: 'audio',
  role: CallRole.Inviter,
  peer: { userID: '', nickname: '', faceURL: '' },
  timerText: '00:00',
  statusKey: 'call.waiting',
  microphoneEnabled: true,
  cameraEnabled: false,
  canToggleCamera: false,
  canAnswer: false,
  closeLabelKey: 'call.cancel',
  microphones: { devices: [], selectedID: undefined },
  cameras: { devices: [], selectedID: undefined },
  peerMediaShown: false,
  peerMicrophoneMuted: false,
  peerCameraOff: false,
  // No `calls$` given: the deployment counts as having calls.
};

describe('CallOverlayViewModel: statuses, refusals, the peer and devices', () => {
  it('is closed, as a whole, without a call and again after one (keeping the device lists)', async () => {
    const { world, aliceVm, aliceButtons } = await pair();
    expect(aliceVm.state).toEqual(closedState);

    await aliceVm.loadDevices();
    await aliceButtons.start('bob', 'video');
    await world.settle();
    expect(aliceVm.state.open).toBe(true);
    await aliceVm.close();
    await world.settle();

    expect(aliceVm.state).toEqual({
      ...closedState,
      microphones: {
        devices: [
          { deviceID: 'mic-1', label: 'Built-in microphone' },
          { deviceID: 'mic-2', label: 'Headset' },
        ],
        selectedID: 'mic-1',
      },
      cameras: { devices: [{ deviceID: 'cam-1', label: 'Built-in camera' }], selectedID: 'cam-1' },
    });
  });

  it('names every status of a voice call with its own key', async () => {
    const { world, alice, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect([aliceVm.state.statusKey, bobVm.state.statusKey]).toEqual(['call.waiting', 'call.incomingVoice']);
    expect(aliceVm.state.mediaType).toBe('audio');

    const answering = bobVm.answer();
    // Accepted, not yet in the media room.
    expect(bobVm.state).toMatchObject({ status: 'connecting', statusKey: 'call.connecting', tone: 'dark' });
    expect((await answering).ok).toBe(true);
    await world.settle();
    expect(aliceVm.state).toMatchObject({ status: 'connected', statusKey: 'call.connected' });

    const room = alice.ports.rtcRoom as unknown as { state: { next(s: string): void } };
    room.state.next('signalReconnecting');
    expect(aliceVm.state).toMatchObject({ status: 'reconnecting', statusKey: 'call.reconnecting' });
    room.state.next('connected');
    expect(aliceVm.state).toMatchObject({ status: 'connected', statusKey: 'call.connected' });
  });

  it('names a video call connecting and connected with the same keys', async () => {
    const { world, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'video');
    await world.settle();
    const answering = bobVm.answer();
    expect(bobVm.state).toMatchObject({
      status: 'connecting',
      statusKey: 'call.connecting',
      mediaType: 'video',
    });
    await answering;
    await world.settle();
    expect(bobVm.state).toMatchObject({ status: 'connected', statusKey: 'call.connected' });
  });

  it("shows the other party's media from the answer on, while this side still enters the room", async () => {
    const { world, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'video');
    await world.settle();
    // Ringing: nothing of the other side is shown (the caller sees its own preview only).
    expect([aliceVm.state.peerMediaShown, bobVm.state.peerMediaShown]).toEqual([false, false]);

    const answering = bobVm.answer();
    // The first frame that arrives while the room is entered is seen, not held back until on air.
    expect(bobVm.state).toMatchObject({ status: 'connecting', peerMediaShown: true });
    await answering;
    await world.settle();
    expect(bobVm.state).toMatchObject({ status: 'connected', peerMediaShown: true });
    expect(aliceVm.state).toMatchObject({ status: 'connected', peerMediaShown: true });

    await aliceVm.close();
    await world.settle();
    expect([aliceVm.state.peerMediaShown, bobVm.state.peerMediaShown]).toEqual([false, false]);
  });

  it('shows the user id until the peer’s name is known, and looks the peer up once', async () => {
    const { world, alice, aliceVm, bobVm, aliceButtons } = await pair();
    const peers: CallPeerView[] = [];
    aliceVm.state$.subscribe((s) => {
      if (s.open) peers.push(s.peer);
    });
    let lookups = 0;
    const getUsers = alice.ports.contacts.getUsers.bind(alice.ports.contacts);
    alice.ports.contacts.getUsers = (ids) => {
      lookups += 1;
      return getUsers(ids);
    };

    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    await world.advance(3000);

    expect(peers[0]).toEqual({ userID: 'bob', nickname: 'bob', faceURL: '' });
    const named = peers.findIndex((p) => p.nickname === 'Bob');
    expect(named).toBeGreaterThan(0);
    // Once known, every later state (timer ticks, the answer) keeps the name.
    expect(peers.slice(named).every((p) => p.nickname === 'Bob')).toBe(true);
    expect(peers.length - named).toBeGreaterThan(2);
    expect(lookups).toBe(1);
  });

  it('rejects an incoming call the browser cannot take, and answers nothing when nothing rings', async () => {
    const { world, bob, aliceVm, bobVm, aliceButtons } = await pair({ bob: { mediaSupported: () => false } });
    expect(await bobVm.answer()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'nothing to answer' },
    });
    expect(await aliceVm.answer()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'nothing to answer' },
    });

    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect(bobVm.state.canAnswer).toBe(true);

    expect(await bobVm.answer()).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'calls are not supported by this browser' },
    });
    await world.settle();
    expect(bob.toasts.toasts).toContainEqual({ level: 'error', key: 'toast.browserNotSupported' });
    expect([aliceVm.state.open, bobVm.state.open]).toEqual([false, false]);
    expect(bob.calls.snapshot.phase).toBe('idle');
  });

  it('keeps a chosen device across a reload of the lists, and falls back to the first when it is gone', async () => {
    const devices = new FakeCallDevices(twoCameras);
    const { aliceVm } = await pair({ devices });
    await aliceVm.loadDevices();
    expect(await aliceVm.selectMicrophone('mic-3')).toEqual({ ok: true, value: undefined });
    expect(await aliceVm.selectCamera('cam-2')).toEqual({ ok: true, value: undefined });
    expect(devices.selected).toEqual({ audioinput: 'mic-3', videoinput: 'cam-2' });
    expect([aliceVm.state.microphones.selectedID, aliceVm.state.cameras.selectedID]).toEqual([
      'mic-3',
      'cam-2',
    ]);

    await aliceVm.loadDevices();
    expect([aliceVm.state.microphones.selectedID, aliceVm.state.cameras.selectedID]).toEqual([
      'mic-3',
      'cam-2',
    ]);

    const other = new FakeCallDevices({
      audioinput: [{ deviceID: 'mic-9', label: 'Other' }],
      videoinput: [],
    });
    const { aliceVm: elsewhere } = await pair({ devices: other });
    await elsewhere.loadDevices();
    expect(elsewhere.state.microphones).toEqual({
      devices: [{ deviceID: 'mic-9', label: 'Other' }],
      selectedID: 'mic-9',
    });
    expect(elsewhere.state.cameras).toEqual({ devices: [], selectedID: undefined });
  });

  it('switches the camera without touching the microphone choice, and says a failed switch as an error', async () => {
    const devices = new FakeCallDevices(twoCameras);
    const { alice, aliceVm } = await pair({ devices });
    await aliceVm.loadDevices();

    await aliceVm.selectCamera('cam-2');
    expect(aliceVm.state.microphones.selectedID).toBe('mic-1');
    expect(aliceVm.state.cameras.selectedID).toBe('cam-2');

    const failed = await aliceVm.selectMicrophone('mic-9');
    expect(failed.ok).toBe(false);
    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.deviceSwitchFailed' }]);
    expect(aliceVm.state.microphones.selectedID).toBe('mic-1');
  });

  it('returns the failure of whichever list failed, and changes nothing', async () => {
    for (const failing of ['audioinput', 'videoinput'] as const) {
      const devices = new Machine(twoCameras);
      devices.failing = failing;
      const { aliceVm } = await pair({ devices });

      const result = await aliceVm.loadDevices();

      expect(result).toEqual({
        ok: false,
        error: { kind: 'remote', code: -3, message: `no permission for ${failing}` },
      });
      expect([aliceVm.state.microphones, aliceVm.state.cameras]).toEqual([
        closedState.microphones,
        closedState.cameras,
      ]);
    }
  });

  it('shows the other party’s camera off only in a video call that is under way', async () => {
    const media = new FakeCallMedia();
    // Left over from an earlier call: the room's last state before this one.
    media.show({ remoteVideoMuted: true, remoteAudioMuted: true });
    const { world, aliceVm, bobVm, aliceButtons } = await pair({ alice: { media } });

    await aliceButtons.start('bob', 'video');
    await world.settle();
    expect(aliceVm.state).toMatchObject({
      status: 'outgoing',
      peerCameraOff: false,
      peerMicrophoneMuted: false,
    });
    await bobVm.answer();
    await world.settle();
    expect(aliceVm.state).toMatchObject({
      status: 'connected',
      peerCameraOff: true,
      peerMicrophoneMuted: true,
    });
    await aliceVm.close();
    await world.settle();

    await aliceButtons.start('bob', 'audio');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    expect(aliceVm.state).toMatchObject({
      status: 'connected',
      peerCameraOff: false,
      peerMicrophoneMuted: true,
    });
  });

  it('says a failed track subscription as an error', async () => {
    const media = new FakeCallMedia();
    const { world, alice, bobVm, aliceButtons } = await pair({ alice: { media } });
    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();

    media.failSubscription();

    expect(alice.toasts.toasts).toEqual([{ level: 'error', key: 'toast.trackSubscriptionFailed' }]);
  });
});
