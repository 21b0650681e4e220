import { LiveKitRtcRoom } from '@teamim/adapters-livekit';
import { FakeLiveKitServer, FakeLocalDevices, type FakeLiveKitRoom } from '@teamim/adapters-livekit/testing';
import type { RtcRoom } from '@teamim/application';
import { rtcRoomContract } from './rtc-room.contract';

// No LiveKit server runs here: the adapter drives fake livekit-client Room objects (see
// packages/adapters-livekit/src/testing), which behave like rooms on one media server.
rtcRoomContract('LiveKit adapter over fake livekit-client rooms', () => {
  const server = new FakeLiveKitServer();
  const roomsOf = new Map<RtcRoom, FakeLiveKitRoom[]>();
  const devicesOf = new Map<RtcRoom, FakeLocalDevices>();
  const receivedBy = new Map<RtcRoom, Set<string>>();
  return {
    createRoom: () => {
      const created: FakeLiveKitRoom[] = [];
      const devices = new FakeLocalDevices();
      const room = new LiveKitRtcRoom(() => {
        const r = server.createRoom();
        created.push(r);
        return r;
      }, devices.start);
      const received = new Set<string>();
      room.remoteTracks$.subscribe((event) => {
        if (event.type === 'subscribed') received.add(event.kind);
        if (event.type === 'unsubscribed') received.delete(event.kind);
      });
      roomsOf.set(room, created);
      devicesOf.set(room, devices);
      receivedBy.set(room, received);
      return room;
    },
    received: (room) => [...(receivedBy.get(room) ?? [])],
    capturing: (room) => {
      const running = devicesOf.get(room)?.running() ?? [];
      return {
        microphone: running.some((t) => t.kind === 'audio'),
        camera: running.some((t) => t.kind === 'video'),
      };
    },
    access: (roomID, userID) => ({ serverUrl: server.url, token: server.token(roomID, userID) }),
    published: (room) => {
      const current = roomsOf.get(room)?.at(-1);
      if (current === undefined) throw new Error('this room never connected');
      return { microphone: current.localParticipant.microphone, camera: current.localParticipant.camera };
    },
  };
});
