import { describe, expect, it } from 'vitest';
import { RemoteError } from '../../shared/remote-error';
import type { TestWorld } from '../../testing';
import { FakeCallDevices, FakeCallMedia, type TestClient, signedInFriends } from '../../testing';
import type { CallButtonsViewModel } from './call-buttons.view-model';
import { CallOverlayViewModel, type CallOverlayOptions } from './call-overlay.view-model';

async function pair(options: CallOverlayOptions = {}): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  aliceVm: CallOverlayViewModel;
  bobVm: CallOverlayViewModel;
  aliceButtons: CallButtonsViewModel;
  devices: FakeCallDevices;
}> {
  const { world, alice, bob } = await signedInFriends();
  const devices = new FakeCallDevices();
  const vm = (c: TestClient, d = new FakeCallDevices()) =>
    new CallOverlayViewModel(c.calls, c.ports.rtcRoom, c.ports.contacts, c.ports.notifier, d, options);
  // Calls are placed as the chat header places them; the overlay only shows them.
  const aliceButtons = alice.viewModels.callButtons();
  return { world, alice, bob, aliceVm: vm(alice, devices), bobVm: vm(bob), aliceButtons, devices };
}

describe('CallOverlayViewModel (spec §2 call overlay, §4 calls, §6 roles)', () => {
  it('is closed without a call', async () => {
    const { aliceVm } = await pair();
    expect(aliceVm.state.open).toBe(false);
  });

  it('rings out light with Cancel for the inviter, and in with Answer and Reject for the receiver', async () => {
    const { world, aliceVm, bobVm, aliceButtons } = await pair();
    expect((await aliceButtons.start('bob', 'video')).ok).toBe(true);
    await world.settle();

    expect(aliceVm.state).toMatchObject({
      open: true,
      status: 'outgoing',
      tone: 'light',
      statusKey: 'call.waiting',
      canAnswer: false,
      closeLabelKey: 'call.cancel',
      canToggleCamera: true,
      peer: { userID: 'bob', nickname: 'Bob' },
    });
    expect(bobVm.state).toMatchObject({
      open: true,
      status: 'incoming',
      tone: 'light',
      statusKey: 'call.incomingVideo',
      canAnswer: true,
      closeLabelKey: 'call.reject',
      peer: { userID: 'alice', nickname: 'Alice' },
    });
  });

  it('answering turns both overlays dark with Hang up and a running mm:ss timer', async () => {
    const { world, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect((await bobVm.answer()).ok).toBe(true);
    await world.settle();
    await world.advance(62_000);

    for (const vm of [aliceVm, bobVm]) {
      expect(vm.state).toMatchObject({
        status: 'connected',
        tone: 'dark',
        closeLabelKey: 'call.hangUp',
        canAnswer: false,
        canToggleCamera: false,
        timerText: '01:02',
      });
    }
    expect((await aliceVm.close()).ok).toBe(true);
    await world.settle();
    expect([aliceVm.state.open, bobVm.state.open]).toEqual([false, false]);
  });

  it('the red button cancels for the inviter and rejects for the receiver', async () => {
    const { world, alice, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    await bobVm.close();
    await world.settle();
    expect([aliceVm.state.open, bobVm.state.open]).toEqual([false, false]);

    await aliceButtons.start('bob', 'audio');
    await world.settle();
    await aliceVm.close();
    await world.settle();
    expect([aliceVm.state.open, bobVm.state.open]).toEqual([false, false]);
    expect(alice.ports.rtcRoom.roomID).toBeUndefined();
  });

  it('shows reconnecting while the media room recovers, then connected again', async () => {
    const { world, alice, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    const room = alice.ports.rtcRoom as unknown as { state: { next(s: string): void } };
    room.state.next('reconnecting');
    expect(aliceVm.state).toMatchObject({ status: 'reconnecting', statusKey: 'call.reconnecting' });
    room.state.next('connected');
    expect(aliceVm.state.status).toBe('connected');
  });

  it('toggles the microphone, and the camera of a video call', async () => {
    const { world, alice, aliceVm, bobVm, aliceButtons } = await pair();
    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    await aliceVm.toggleMicrophone();
    await aliceVm.toggleCamera();
    expect([aliceVm.state.microphoneEnabled, aliceVm.state.cameraEnabled]).toEqual([false, false]);
    expect([alice.ports.rtcRoom.microphone, alice.ports.rtcRoom.camera]).toEqual([false, false]);
  });

  it('surfaces "no livekit url provided" and closes when the server has no media server', async () => {
    const { world, bob, aliceVm, bobVm, aliceButtons } = await pair();
    // No media server from the start: the room access is asked for while the call rings.
    world.backend.rtc.serverUrl = '';
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect((await bobVm.answer()).ok).toBe(false);
    await world.settle();
    expect(bob.toasts.keys()).toContain('error.noLivekitUrl');
    expect([aliceVm.state.open, bobVm.state.open]).toEqual([false, false]);
  });

  it('lists microphones and cameras, preselects the first, and switches on request', async () => {
    const { alice, aliceVm, devices } = await pair();
    expect((await aliceVm.loadDevices()).ok).toBe(true);
    expect(aliceVm.state.microphones.selectedID).toBe('mic-1');
    expect(aliceVm.state.cameras.devices.map((d) => d.label)).toEqual(['Built-in camera']);

    expect((await aliceVm.selectMicrophone('mic-2')).ok).toBe(true);
    expect(aliceVm.state.microphones.selectedID).toBe('mic-2');
    expect(devices.selected.audioinput).toBe('mic-2');

    expect((await aliceVm.selectCamera('cam-9')).ok).toBe(false);
    expect(alice.toasts.keys()).toEqual(['toast.deviceSwitchFailed']);
    expect(aliceVm.state.cameras.selectedID).toBe('cam-1');

    devices.failList = new RemoteError(-3, 'Permission denied');
    expect((await aliceVm.loadDevices()).ok).toBe(false);
  });

  it("passes the call's tracks on while open, shows the other party's mutes, and forgets them after", async () => {
    const media = new FakeCallMedia();
    const { world, aliceVm, bobVm, aliceButtons } = await pair({ media });
    const seen: unknown[] = [];
    aliceVm.media$.subscribe((m) => seen.push(m.remoteVideo));
    media.show({ remoteVideo: 'stale-track' });
    expect(seen.at(-1)).toBeUndefined();

    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    media.show({ remoteVideo: 'bob-camera', remoteAudioMuted: true });
    expect(seen.at(-1)).toBe('bob-camera');
    expect(aliceVm.state).toMatchObject({ peerMicrophoneMuted: true, peerCameraOff: false });
    media.show({ remoteAudioMuted: false, remoteVideoMuted: true });
    expect(aliceVm.state).toMatchObject({ peerMicrophoneMuted: false, peerCameraOff: true });

    await aliceVm.close();
    await world.settle();
    expect(seen.at(-1)).toBeUndefined();
    expect(aliceVm.state.peerCameraOff).toBe(false);
  });

  it('says when a track of the call cannot be subscribed to, and nothing outside a call', async () => {
    const media = new FakeCallMedia();
    const { world, alice, bobVm, aliceButtons } = await pair({ media });
    media.failSubscription();
    expect(alice.toasts.keys()).toEqual([]);
    await aliceButtons.start('bob', 'video');
    await world.settle();
    await bobVm.answer();
    await world.settle();
    media.failSubscription();
    expect(alice.toasts.keys()).toEqual(['toast.trackSubscriptionFailed']);
  });

  it('asks the media port whether the browser can take a call, when no check is given', async () => {
    const media = new FakeCallMedia();
    media.isSupported = false;
    const { world, bob, aliceButtons, bobVm } = await pair({ media });
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect((await bobVm.answer()).ok).toBe(false);
    expect(bob.toasts.keys()).toEqual(['toast.browserNotSupported']);
  });

  it('stops publishing state once disposed', async () => {
    const { world, aliceVm, aliceButtons } = await pair();
    aliceVm.dispose();
    await aliceButtons.start('bob', 'audio');
    await world.settle();
    expect(aliceVm.state.open).toBe(false);
  });
});
