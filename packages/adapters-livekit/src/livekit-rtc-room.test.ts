import { Room } from 'livekit-client';
import { RemoteError } from '@teamim/application';
import type { RoomConnectionState } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { LiveKitCallDevices } from './livekit-call-devices';
import { liveKitRoomOptions } from './livekit-client';
import { NO_LIVEKIT_URL_MESSAGE } from './livekit-room-parts';
import { LiveKitRtcRoom, type RemoteTrackEvent } from './livekit-rtc-room';
import { FakeLiveKitServer } from './testing/fake-livekit';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

function setup(): {
  server: FakeLiveKitServer;
  a: LiveKitRtcRoom;
  b: LiveKitRtcRoom;
  states: RoomConnectionState[];
} {
  const server = new FakeLiveKitServer();
  const a = new LiveKitRtcRoom(server.createRoom);
  const b = new LiveKitRtcRoom(server.createRoom);
  const states: RoomConnectionState[] = [];
  a.state$.subscribe((s) => states.push(s));
  return { server, a, b, states };
}

describe('LiveKitRtcRoom (spec §7 call media room)', () => {
  it('prefers vp9 with vp8 as backup, one spatial layer, in the Room defaults and when publishing the camera', async () => {
    const room = new Room(liveKitRoomOptions());
    expect(room.options.publishDefaults?.videoCodec).toBe('vp9');
    expect(room.options.publishDefaults?.backupCodec).toEqual({ codec: 'vp8' });
    // One receiver: vp9's default three spatial layers would only cost the encoder.
    expect(room.options.publishDefaults?.scalabilityMode).toBe('L1T3');

    const { server, a } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    expect(server.latest().localParticipant.cameraPublishOptions).toEqual([
      { videoCodec: 'vp9', backupCodec: { codec: 'vp8' }, scalabilityMode: 'L1T3' },
    ]);
  });

  it('prefetches the server before joining, and joins even when the prefetch fails', async () => {
    const server = new FakeLiveKitServer();
    const room = new LiveKitRtcRoom(() => {
      const r = server.createRoom();
      r.failPrepare = new Error('HEAD blocked');
      return r;
    });
    await room.connect(server.url, server.token('r1', 'alice'), { video: false });
    expect(server.latest().prepared).toEqual([server.url]);
    expect(server.rooms.get('r1')?.size).toBe(1);
  });

  it('rejects a missing server url with the clear message, creating no room', async () => {
    const { server, a, states } = setup();
    const failure = a.connect('', 'token', { video: false });
    await expect(failure).rejects.toBeInstanceOf(RemoteError);
    await expect(failure).rejects.toThrow(NO_LIVEKIT_URL_MESSAGE);
    expect(server.created).toHaveLength(0);
    expect(states).toEqual(['disconnected']);
  });

  it('publishes the microphone on a voice call and the camera too on a video call', async () => {
    const { server, a, b } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    const voice = server.latest().localParticipant;
    expect([voice.microphone, voice.camera]).toEqual([true, false]);
    await b.connect(server.url, server.token('r2', 'bob'), { video: true });
    const video = server.latest().localParticipant;
    expect([video.microphone, video.camera]).toEqual([true, true]);
  });

  it('toggles mute on the published tracks', async () => {
    const { server, a } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    const local = server.latest().localParticipant;
    await a.setMicrophoneEnabled(false);
    await a.setCameraEnabled(false);
    expect([local.microphone, local.camera]).toEqual([false, false]);
    await a.setMicrophoneEnabled(true);
    expect(local.microphone).toBe(true);
  });

  it('connects with the microphone off when the call was muted before the answer', async () => {
    const { server, a } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false, microphone: false });
    expect(server.latest().localParticipant.microphone).toBe(false);
  });

  it('starts the next call with the microphone on after a call that ended muted', async () => {
    const { server, a } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    await a.setMicrophoneEnabled(false);
    await a.disconnect();
    await a.connect(server.url, server.token('r2', 'alice'), { video: false });
    expect(server.latest().localParticipant.microphone).toBe(true);
  });

  it('reports remote participants and their tracks', async () => {
    const { server, a, b } = setup();
    const joined: string[] = [];
    const tracks: RemoteTrackEvent[] = [];
    a.participantJoined$.subscribe((id) => joined.push(id));
    a.remoteTracks$.subscribe((t) => tracks.push(t));
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    await b.connect(server.url, server.token('r1', 'bob'), { video: true });
    const bobRoom = server.latest();
    bobRoom.publish('video', 'bob-camera');
    bobRoom.unpublish('video');
    expect(joined).toEqual(['bob']);
    expect(tracks).toEqual([
      { type: 'subscribed', participantID: 'bob', kind: 'video', track: 'bob-camera', muted: false },
      { type: 'unsubscribed', participantID: 'bob', kind: 'video', track: undefined },
    ]);
  });

  it("reports the other party's mutes, and not its own", async () => {
    const { server, a, b } = setup();
    const tracks: RemoteTrackEvent[] = [];
    a.remoteTracks$.subscribe((t) => tracks.push(t));
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    const aliceRoom = server.latest();
    await b.connect(server.url, server.token('r1', 'bob'), { video: true });
    server.latest().setTrackMuted('audio', true);
    aliceRoom.setTrackMuted('video', true);
    server.latest().setTrackMuted('audio', false);
    expect(tracks).toEqual([
      { type: 'muted', participantID: 'bob', kind: 'audio', track: undefined },
      { type: 'unmuted', participantID: 'bob', kind: 'audio', track: undefined },
    ]);
  });

  it('reports its own tracks on air (for the own video thumbnail), and none once out of the room', async () => {
    const { server, a } = setup();
    const seen: unknown[] = [];
    a.localTracks$.subscribe((t) => seen.push(t));
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    const room = server.latest();
    room.publishLocal('audio', 'mic-track');
    room.publishLocal('video', 'cam-track');
    room.unpublishLocal('video');
    await a.disconnect();
    expect(seen).toEqual([
      {},
      { audio: 'mic-track' },
      { audio: 'mic-track', video: 'cam-track' },
      { audio: 'mic-track' },
      {},
    ]);
  });

  it('disconnects when the other party leaves, also when that party was there first', async () => {
    const { server, a, b, states } = setup();
    const left: string[] = [];
    a.participantLeft$.subscribe((id) => left.push(id));
    await b.connect(server.url, server.token('r1', 'bob'), { video: false });
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    await b.disconnect();
    await flush();
    expect(left).toEqual(['bob']);
    expect(states.at(-1)).toBe('disconnected');
    expect(server.rooms.get('r1')?.size ?? 0).toBe(0);
  });

  it('maps reconnecting states and comes back to connected', async () => {
    const { server, a, states } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    const room = server.latest();
    room.simulateReconnecting(true);
    room.simulateReconnected();
    room.simulateReconnecting(false);
    room.simulateReconnected();
    expect(states).toEqual([
      'disconnected',
      'connecting',
      'connected',
      'signalReconnecting',
      'connected',
      'reconnecting',
      'connected',
    ]);
  });

  it('reports disconnected when the server drops the room, and stops listening to it', async () => {
    const { server, a, states } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    const room = server.latest();
    room.serverDisconnect();
    expect(states.at(-1)).toBe('disconnected');
    expect(room.listenerCount()).toBe(0);
  });

  it('turns a refused join into a RemoteError with the HTTP status and ends disconnected', async () => {
    const { server, a, states } = setup();
    const failure = a.connect(server.url, 'garbage', { video: false });
    await expect(failure).rejects.toMatchObject({ name: 'RemoteError', code: 401 });
    expect(states.at(-1)).toBe('disconnected');
    expect(server.latest().listenerCount()).toBe(0);
  });

  it('leaves the room and reports the device error when the microphone cannot be published', async () => {
    const server = new FakeLiveKitServer();
    const room = new LiveKitRtcRoom(() => {
      const r = server.createRoom();
      r.localParticipant.failNext = new DOMException('Permission denied', 'NotAllowedError');
      return r;
    });
    await expect(room.connect(server.url, server.token('r1', 'alice'), { video: false })).rejects.toThrow(
      /Permission denied/,
    );
    expect(server.rooms.get('r1')?.size ?? 0).toBe(0);
  });

  it('captures from the selected devices: switches the live call, and uses them in the next one', async () => {
    const { server, a } = setup();
    await a.selectDevice('audioinput', 'mic-2');
    await a.connect(server.url, server.token('r1', 'alice'), { video: true });
    const first = server.latest();
    expect(first.localParticipant.captureOptions).toEqual([
      { kind: 'audioinput', deviceId: 'mic-2' },
      { kind: 'videoinput', deviceId: undefined },
    ]);
    await a.selectDevice('videoinput', 'cam-2');
    expect(first.switchedDevices).toEqual([{ kind: 'videoinput', deviceId: 'cam-2' }]);
    await a.connect(server.url, server.token('r2', 'alice'), { video: true });
    expect(server.latest().localParticipant.captureOptions).toEqual([
      { kind: 'audioinput', deviceId: 'mic-2' },
      { kind: 'videoinput', deviceId: 'cam-2' },
    ]);
  });

  it('lists devices without the browser aliases and selects through the room', async () => {
    const { server, a } = setup();
    const devices = new LiveKitCallDevices(a, () =>
      Promise.resolve([
        { deviceId: 'default', label: 'Default - Headset' },
        { deviceId: 'mic-1', label: 'Built-in' },
        { deviceId: 'mic-2', label: 'Headset' },
      ]),
    );
    expect(await devices.list('audioinput')).toEqual([
      { deviceID: 'mic-1', label: 'Built-in' },
      { deviceID: 'mic-2', label: 'Headset' },
    ]);
    await devices.select('audioinput', 'mic-2');
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    expect(server.latest().localParticipant.captureOptions).toEqual([
      { kind: 'audioinput', deviceId: 'mic-2' },
    ]);
  });

  it('reconnecting to another room leaves the first one', async () => {
    const { server, a } = setup();
    await a.connect(server.url, server.token('r1', 'alice'), { video: false });
    await a.connect(server.url, server.token('r2', 'alice'), { video: false });
    expect(server.rooms.get('r1')?.size ?? 0).toBe(0);
    expect(server.rooms.get('r2')?.size).toBe(1);
  });
});
