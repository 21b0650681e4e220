import { lazyModule, RemoteError } from '@teamim/application';
import type { RoomConnectionState } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { isRtcSupported } from './livekit-factory';
import { LiveKitRtcRoom } from './livekit-rtc-room';
import { FakeLiveKitServer, type FakeLiveKitRoom } from './testing/fake-livekit';

/** A room factory behind a loader that fails while `offline` is set, as a chunk that cannot be fetched. */
function loadingRooms(server: FakeLiveKitServer) {
  const network = { offline: true, loads: 0 };
  const load = lazyModule(() => {
    network.loads += 1;
    return network.offline
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ createRoom: server.createRoom });
  });
  const createRoom = async (): Promise<FakeLiveKitRoom> => (await load()).createRoom();
  return { network, createRoom };
}

describe('LiveKitRtcRoom with the client loaded on first use', () => {
  it('a call whose client cannot be loaded fails with a connect error and leaves the room usable; the next call loads again', async () => {
    const server = new FakeLiveKitServer();
    const { network, createRoom } = loadingRooms(server);
    const room = new LiveKitRtcRoom(createRoom);
    const states: RoomConnectionState[] = [];
    room.state$.subscribe((s) => states.push(s));

    const failed = room.connect(server.url, server.token('r1', 'alice'), { video: false });
    await expect(failed).rejects.toBeInstanceOf(RemoteError);
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(states).toEqual(['disconnected', 'connecting', 'disconnected']);
    expect(server.created).toHaveLength(0);

    network.offline = false;
    await room.connect(server.url, server.token('r1', 'alice'), { video: false });
    expect(states.at(-1)).toBe('connected');
    expect(server.rooms.get('r1')?.size).toBe(1);
    expect(network.loads).toBe(2);
  });

  it('shows connecting while the client loads, and a hang-up meanwhile joins no room', async () => {
    const server = new FakeLiveKitServer();
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const room = new LiveKitRtcRoom(async () => {
      await gate;
      return server.createRoom();
    });
    const states: RoomConnectionState[] = [];
    room.state$.subscribe((s) => states.push(s));

    const joining = room.connect(server.url, server.token('r1', 'alice'), { video: false });
    expect(states.at(-1)).toBe('connecting');
    await room.disconnect();
    expect(states.at(-1)).toBe('disconnected');
    release();
    await expect(joining).rejects.toBeInstanceOf(RemoteError);
    expect(server.rooms.get('r1')?.size ?? 0).toBe(0);
    expect(states.at(-1)).toBe('disconnected');
  });

  it('tells WebRTC support without loading the client', () => {
    const original = globalThis.RTCPeerConnection;
    try {
      // @ts-expect-error: a browser without WebRTC
      delete globalThis.RTCPeerConnection;
      expect(isRtcSupported()).toBe(false);
      globalThis.RTCPeerConnection = class {
        addTrack(): void {}
      } as unknown as typeof RTCPeerConnection;
      expect(isRtcSupported()).toBe(true);
    } finally {
      globalThis.RTCPeerConnection = original;
    }
  });
});
