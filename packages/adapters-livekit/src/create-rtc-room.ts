import { createLiveKitMeetingRoom, createLiveKitRoom } from './livekit-factory';
import { LiveKitMeetingRoom } from './livekit-meeting-room';
import { LiveKitRtcRoom } from './livekit-rtc-room';

/** The RTC room adapter a composition root binds to RtcRoom: real livekit-client rooms. */
export function createRtcRoom(): LiveKitRtcRoom {
  return new LiveKitRtcRoom(createLiveKitRoom);
}

/** The meeting room adapter a composition root binds to MeetingRoom: real livekit-client rooms. */
export function createMeetingRoom(): LiveKitMeetingRoom {
  return new LiveKitMeetingRoom(createLiveKitMeetingRoom);
}
