import { FakeRtcRoom, FakeRtcServer } from '@teamim/application/testing';
import type { RtcRoom } from '@teamim/application';
import { rtcRoomContract } from './rtc-room.contract';

rtcRoomContract('in-memory (FakeRtcRoom)', () => {
  const server = new FakeRtcServer();
  const asFake = (room: RtcRoom): FakeRtcRoom => {
    if (!(room instanceof FakeRtcRoom)) throw new Error('not a room of this world');
    return room;
  };
  return {
    createRoom: () => new FakeRtcRoom(server),
    // The fake chat API's room access format (FakeChatApi.getRoomAccess).
    access: (roomID, userID) => ({ serverUrl: server.serverUrl, token: `${roomID}|${userID}` }),
    published: (room) => {
      const fake = asFake(room);
      return { microphone: fake.onAir && fake.microphone, camera: fake.onAir && fake.camera };
    },
    received: (room) => {
      const fake = asFake(room);
      const others = [...(server.rooms.get(fake.roomID ?? '') ?? [])].filter((p) => p !== fake);
      const onAir = others.filter((p): p is FakeRtcRoom => p instanceof FakeRtcRoom && p.onAir);
      return [
        ...(onAir.some((p) => p.microphone) ? ['audio'] : []),
        ...(onAir.some((p) => p.camera) ? ['video'] : []),
      ];
    },
    capturing: (room) => {
      const fake = asFake(room);
      const onAir = (device: boolean) => fake.onAir && device;
      return {
        microphone: (fake.captured?.microphone ?? false) || onAir(fake.microphone),
        camera: (fake.captured?.camera ?? false) || onAir(fake.camera),
      };
    },
  };
});
