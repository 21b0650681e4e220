import { createLiveKitRoom } from './livekit-factory';
import { LiveKitRtcRoom } from './livekit-rtc-room';

/** The RTC room adapter a composition root binds to RtcRoom: real livekit-client rooms. */
export function createRtcRoom(): LiveKitRtcRoom {
  return new LiveKitRtcRoom(createLiveKitRoom);
}
