import { describe, expect, it } from 'vitest';
import { LiveKitRtcRoom, type LocalTracks, type RemoteTrackEvent } from './livekit-rtc-room';
import { FakeLiveKitServer } from './testing/fake-livekit';
import { FakeLocalDevices } from './testing/fake-local-tracks';
import { VIDEO_PUBLISH_OPTIONS } from './video-options';

function setup() {
  const server = new FakeLiveKitServer();
  const devices = new FakeLocalDevices();
  const alice = new LiveKitRtcRoom(server.createRoom, devices.start);
  const bob = new LiveKitRtcRoom(server.createRoom);
  const local: LocalTracks[] = [];
  const bobReceives: RemoteTrackEvent[] = [];
  alice.localTracks$.subscribe((t) => local.push(t));
  bob.remoteTracks$.subscribe((t) => bobReceives.push(t));
  return { server, devices, alice, bob, local, bobReceives };
}

const kinds = (tracks: readonly { readonly kind: string }[]): string[] => tracks.map((t) => t.kind).sort();

describe('LiveKitRtcRoom: devices started before they go on air', () => {
  it('capture starts the camera and microphone in no room, and shows the camera as the own video', async () => {
    const { server, devices, alice, local } = setup();
    await alice.capture({ video: true });
    expect(kinds(devices.running())).toEqual(['audio', 'video']);
    expect(server.created).toHaveLength(0);
    expect(local.at(-1)).toEqual({ video: 'local-video:1' });
  });

  it('a voice call captures the microphone only', async () => {
    const { devices, alice, local } = setup();
    await alice.capture({ video: false });
    expect(kinds(devices.running())).toEqual(['audio']);
    expect(local.at(-1)).toEqual({});
  });

  it('joined while ringing, the captured tracks reach nobody; the connect publishes those very tracks', async () => {
    const { server, devices, alice, bob, bobReceives } = setup();
    const aliceToken = server.token('r1', 'alice');
    await alice.capture({ video: true });
    await alice.join(server.url, aliceToken, 'bob');
    await bob.connect(server.url, server.token('r1', 'bob'), { video: false });
    const aliceRoom = server.created[0];
    expect(aliceRoom?.localParticipant.publishedTracks).toEqual([]);
    expect(bobReceives).toEqual([]);

    await alice.connect(server.url, aliceToken, { video: true });
    expect(devices.started).toHaveLength(2);
    expect(aliceRoom?.localParticipant.publishedTracks).toEqual(devices.started);
    expect(aliceRoom?.localParticipant.cameraPublishOptions).toEqual([VIDEO_PUBLISH_OPTIONS]);
    // Not started a second time by the room.
    expect(aliceRoom?.localParticipant.captureOptions).toEqual([]);
    expect(bobReceives.filter((e) => e.type === 'subscribed').map((e) => e.track)).toEqual([
      'local-audio:0',
      'local-video:1',
    ]);
  });

  it('disconnect stops the captured devices and the own video', async () => {
    const { devices, alice, local } = setup();
    await alice.capture({ video: true });
    await alice.disconnect();
    expect(devices.running()).toEqual([]);
    expect(local.at(-1)).toEqual({});
  });

  it('a capture still starting when the call ends stops what it started', async () => {
    const { devices, alice } = setup();
    let open = (): void => undefined;
    devices.gate = new Promise((resolve) => (open = resolve));
    const capturing = alice.capture({ video: true });
    await alice.disconnect();
    open();
    await capturing;
    expect(devices.started).toHaveLength(2);
    expect(devices.running()).toEqual([]);
  });

  it('a capture that fails leaves the connect to start the devices in the room, as without it', async () => {
    const { server, devices, alice } = setup();
    devices.failNext = new Error('NotAllowedError');
    await expect(alice.capture({ video: true })).rejects.toThrow('NotAllowedError');
    await alice.connect(server.url, server.token('r1', 'alice'), { video: true });
    const participant = server.latest().localParticipant;
    expect([participant.microphone, participant.camera]).toEqual([true, true]);
    expect(participant.publishedTracks).toEqual([]);
    expect(participant.captureOptions.map((c) => c.kind)).toEqual(['audioinput', 'videoinput']);
  });

  it('capturing again without the camera stops it; the connect then goes on air without a camera', async () => {
    const { server, devices, alice } = setup();
    await alice.capture({ video: true });
    await alice.capture({ video: false });
    expect(kinds(devices.running())).toEqual(['audio']);
    await alice.connect(server.url, server.token('r1', 'alice'), { video: false });
    const participant = server.latest().localParticipant;
    expect([participant.microphone, participant.camera]).toEqual([true, false]);
    expect(kinds(devices.running())).toEqual(['audio']);
  });

  it('a connect without a capture starts the devices while the room is joined, and publishes them', async () => {
    const { server, devices, alice } = setup();
    let open = (): void => undefined;
    devices.gate = new Promise((resolve) => (open = resolve));
    const connecting = alice.connect(server.url, server.token('r1', 'alice'), { video: true });
    await Promise.resolve();
    // Asked for at once, before the join has finished.
    expect(devices.requests).toEqual([{ audio: true, video: true }]);
    expect(server.rooms.get('r1')).toBeUndefined();
    open();
    await connecting;
    expect(kinds(devices.started)).toEqual(['audio', 'video']);
    expect(server.latest().localParticipant.publishedTracks).toEqual(devices.started);
  });

  it('a connect that cannot join stops the devices it started meanwhile', async () => {
    const { server, devices, alice } = setup();
    await expect(alice.connect(server.url, 'not-a-token', { video: true })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(devices.running()).toEqual([]);
  });

  it('a device chosen while ringing moves the captured track', async () => {
    const { devices, alice } = setup();
    await alice.capture({ video: true });
    await alice.selectDevice('videoinput', 'cam-2');
    expect(devices.running().find((t) => t.kind === 'video')?.deviceId).toBe('cam-2');
  });
});
