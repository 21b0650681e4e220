import type { RoomConnectionState } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { LiveKitRtcRoom, type RemoteTrackEvent } from './livekit-rtc-room';
import { FakeLiveKitServer } from './testing/fake-livekit';

function setup(): {
  server: FakeLiveKitServer;
  alice: LiveKitRtcRoom;
  bob: LiveKitRtcRoom;
  states: RoomConnectionState[];
  tracks: RemoteTrackEvent[];
} {
  const server = new FakeLiveKitServer();
  const alice = new LiveKitRtcRoom(server.createRoom);
  const bob = new LiveKitRtcRoom(server.createRoom);
  const states: RoomConnectionState[] = [];
  const tracks: RemoteTrackEvent[] = [];
  alice.state$.subscribe((s) => states.push(s));
  alice.remoteTracks$.subscribe((t) => tracks.push(t));
  return { server, alice, bob, states, tracks };
}

describe('LiveKitRtcRoom while a call rings (prepare, join) and at the answer', () => {
  it('prepare creates and warms up the Room that the connect with the same token then joins', async () => {
    const { server, bob } = setup();
    const token = server.token('r1', 'bob');
    await bob.prepare(server.url, token);
    expect(server.created).toHaveLength(1);
    expect(server.latest().prepared).toEqual([server.url]);
    expect(server.rooms.get('r1')).toBeUndefined();

    await bob.connect(server.url, token, { video: true });
    expect(server.created).toHaveLength(1);
    // Warmed up once, while ringing, not again on the answer's path.
    expect(server.latest().prepared).toEqual([server.url]);
    expect(server.rooms.get('r1')?.size).toBe(1);
    expect(server.latest().autoSubscribe).toBe(true);
  });

  it("prepare starts the browser's audio output, so the connect after the answer does not", async () => {
    const server = new FakeLiveKitServer();
    const warmUps: string[] = [];
    const bob = new LiveKitRtcRoom(server.createRoom, undefined, { warm: () => warmUps.push('audio') });
    await bob.connect(server.url, server.token('r0', 'bob'), { video: false });
    expect(warmUps).toEqual([]);
    await bob.disconnect();
    await bob.prepare(server.url, server.token('r1', 'bob'));
    expect(warmUps).toEqual(['audio']);
  });

  it('a prepared Room is dropped by disconnect, and a connect with another token makes its own', async () => {
    const { server, bob } = setup();
    await bob.prepare(server.url, server.token('r1', 'bob'));
    await bob.disconnect();
    await bob.connect(server.url, server.token('r1', 'bob'), { video: false });
    expect(server.created).toHaveLength(2);

    await bob.disconnect();
    await bob.prepare(server.url, server.token('r2', 'bob'));
    await bob.connect(server.url, server.token('r3', 'bob'), { video: false });
    expect(server.created).toHaveLength(4);
    expect(server.rooms.get('r3')?.size).toBe(1);
  });

  it('join puts nothing on air and receives nothing of the others until the connect', async () => {
    const { server, alice, bob, states, tracks } = setup();
    const token = server.token('r1', 'alice');
    await alice.join(server.url, token);
    const aliceRoom = server.latest();
    expect(server.rooms.get('r1')?.size).toBe(1);
    expect(aliceRoom.autoSubscribe).toBe(false);
    expect([aliceRoom.localParticipant.microphone, aliceRoom.localParticipant.camera]).toEqual([
      false,
      false,
    ]);
    expect(states.at(-1)).toBe('connecting');

    // Someone in the room publishes before the answer: nothing of it reaches alice.
    await bob.connect(server.url, server.token('r1', 'bob'), { video: true });
    server.latest().publish('audio', 'bob-mic');
    expect(tracks).toEqual([]);

    await alice.connect(server.url, token, { video: true });
    expect(server.created).toHaveLength(2);
    expect(states.at(-1)).toBe('connected');
    expect([aliceRoom.localParticipant.microphone, aliceRoom.localParticipant.camera]).toEqual([true, true]);
    expect(tracks.map((t) => [t.type, t.kind, t.track])).toEqual([['subscribed', 'audio', 'bob-mic']]);
  });

  it('a join receiving from the callee subscribes to what the callee publishes, and to nobody else', async () => {
    const { server, alice, tracks } = setup();
    const carol = new LiveKitRtcRoom(server.createRoom);
    const bob = new LiveKitRtcRoom(server.createRoom);
    const token = server.token('r1', 'alice');
    await alice.join(server.url, token, 'bob');

    await carol.connect(server.url, server.token('r1', 'carol'), { video: true });
    server.latest().publish('video', 'carol-camera');
    expect(tracks).toEqual([]);

    // bob answers: his tracks flow to alice before her connect (his Accept may still be travelling).
    await bob.connect(server.url, server.token('r1', 'bob'), { video: true });
    server.latest().publish('video', 'bob-camera');
    expect(tracks.map((t) => [t.type, t.participantID, t.track])).toEqual([
      ['subscribed', 'bob', 'bob-camera'],
    ]);
  });

  it('a join receiving from the callee takes what the callee had published before the join finished', async () => {
    const { server, alice, bob, tracks } = setup();
    await bob.connect(server.url, server.token('r1', 'bob'), { video: true });
    server.latest().publish('audio', 'bob-mic');
    await alice.join(server.url, server.token('r1', 'alice'), 'bob');
    expect(tracks.map((t) => [t.type, t.participantID, t.track])).toEqual([['subscribed', 'bob', 'bob-mic']]);
  });

  it('once on air after a join, tracks published later are subscribed to as well', async () => {
    const { server, alice, bob, tracks } = setup();
    const token = server.token('r1', 'alice');
    await alice.join(server.url, token);
    await alice.connect(server.url, token, { video: false });
    await bob.connect(server.url, server.token('r1', 'bob'), { video: true });
    server.latest().publish('video', 'bob-camera');
    expect(tracks.map((t) => [t.type, t.kind])).toEqual([['subscribed', 'video']]);
  });

  it('a joined room is left by disconnect; a connect with another token leaves it for the new one', async () => {
    const { server, alice } = setup();
    await alice.join(server.url, server.token('r1', 'alice'));
    await alice.disconnect();
    expect(server.rooms.get('r1')?.size ?? 0).toBe(0);

    await alice.join(server.url, server.token('r2', 'alice'));
    await alice.connect(server.url, server.token('r3', 'alice'), { video: false });
    expect(server.rooms.get('r2')?.size ?? 0).toBe(0);
    expect(server.rooms.get('r3')?.size).toBe(1);
    expect(server.latest().autoSubscribe).toBe(true);
  });

  it('a connect does not wait for the microphone before starting the camera', async () => {
    const { server } = setup();
    const created = server.createRoom;
    let release = (): void => undefined;
    const started: string[] = [];
    const room = new LiveKitRtcRoom(() => {
      const r = created();
      const mic = r.localParticipant.setMicrophoneEnabled.bind(r.localParticipant);
      r.localParticipant.setMicrophoneEnabled = (enabled, options) => {
        started.push('microphone');
        return new Promise((resolve) => {
          release = () => void mic(enabled, options).then(resolve);
        });
      };
      const camera = r.localParticipant.setCameraEnabled.bind(r.localParticipant);
      r.localParticipant.setCameraEnabled = (enabled, options, publish) => {
        started.push('camera');
        return camera(enabled, options, publish);
      };
      return r;
    });
    const connecting = room.connect(server.url, server.token('r1', 'alice'), { video: true });
    for (let i = 0; i < 20 && started.length < 2; i += 1) await Promise.resolve();
    expect(started).toEqual(['microphone', 'camera']);
    release();
    await connecting;
  });
});
