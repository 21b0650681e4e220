import { LiveKitRtcRoom } from '@teamim/adapters-livekit';
import { FakeLiveKitServer, type FakeLiveKitRoom } from '@teamim/adapters-livekit/testing';
import type { RtcRoom } from '@teamim/application';
import { rtcRoomContract } from './rtc-room.contract';

// No LiveKit server runs here: the adapter drives fake livekit-client Room objects (see
// packages/adapters-livekit/src/testing), which behave like rooms on one media server.
rtcRoomContract('LiveKit adapter over fake livekit-client rooms', () => {
  const server = new FakeLiveKitServer();
  const roomsOf = new Map<RtcRoom, FakeLiveKitRoom[]>();
  return {
    createRoom: () => {
      const created: FakeLiveKitRoom[] = [];
      const room = new LiveKitRtcRoom(() => {
        const r = server.createRoom();
        created.push(r);
        return r;
      });
      roomsOf.set(room, created);
      return room;
    },
    access: (roomID, userID) => ({ serverUrl: server.url, token: server.token(roomID, userID) }),
    published: (room) => {
      const current = roomsOf.get(room)?.at(-1);
      if (current === undefined) throw new Error('this room never connected');
      return { microphone: current.localParticipant.microphone, camera: current.localParticipant.camera };
    },
  };
});
