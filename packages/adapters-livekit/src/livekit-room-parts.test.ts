import { RoomConnectionState } from '@teamim/domain';
import { describe, expect, it } from 'vitest';
import { ChosenDevices, listenTo, nextRoomState, RtcErrorCode, withTrack } from './livekit-room-parts';
import type { MeetingRoomLikeEvents } from './room-like';
import { FakeLiveKitServer } from './testing/fake-livekit';

describe('what a call room and a meeting room share', () => {
  it('reports reconnecting at once, and connected again only once the join has published', () => {
    expect(nextRoomState('reconnecting', RoomConnectionState.Connected)).toBe(
      RoomConnectionState.Reconnecting,
    );
    expect(nextRoomState('signalReconnecting', RoomConnectionState.Connected)).toBe(
      RoomConnectionState.SignalReconnecting,
    );
    expect(nextRoomState('connected', RoomConnectionState.Reconnecting)).toBe(RoomConnectionState.Connected);
    expect(nextRoomState('connected', RoomConnectionState.Connecting)).toBeUndefined();
    expect(nextRoomState('disconnected', RoomConnectionState.Connected)).toBeUndefined();
  });

  it('replaces or drops one own track and keeps the others', () => {
    const tracks = { audio: 'mic', video: 'cam' };
    expect(withTrack(tracks, 'video', 'cam2')).toEqual({ audio: 'mic', video: 'cam2' });
    expect(withTrack(tracks, 'video', undefined)).toEqual({ audio: 'mic' });
    expect(tracks).toEqual({ audio: 'mic', video: 'cam' });
  });

  it('captures from the chosen device, and switches a room in progress to it', async () => {
    const devices = new ChosenDevices();
    expect(devices.capture('audioinput')).toBeUndefined();
    await devices.select(undefined, 'audioinput', 'mic-2');
    expect(devices.capture('audioinput')).toEqual({ deviceId: 'mic-2' });

    const room = new FakeLiveKitServer().createRoom();
    await devices.select(room, 'audioinput', 'mic-3');
    expect(room.switchedDevices).toEqual([{ kind: 'audioinput', deviceId: 'mic-3' }]);

    const busy = { switchActiveDevice: () => Promise.reject(new Error('device busy')) };
    await expect(devices.select(busy, 'videoinput', 'cam-2')).rejects.toMatchObject({
      code: RtcErrorCode.DeviceFailed,
    });
    expect(devices.capture('videoinput')).toEqual({ deviceId: 'cam-2' });
  });

  it('removes every listener it added', () => {
    const room = new FakeLiveKitServer().createRoom();
    const before = room.listenerCount();
    const stop = listenTo<MeetingRoomLikeEvents>(room, {
      disconnected: () => undefined,
      dataReceived: () => undefined,
    });
    expect(room.listenerCount()).toBe(before + 2);
    stop();
    expect(room.listenerCount()).toBe(before);
  });
});
