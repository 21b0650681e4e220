import { createLiveKitRoom, loadLiveKit, startLiveKitTracks } from './livekit-factory';
import { LazyMeetingRoom } from './lazy-meeting-room';
import { LiveKitRtcRoom } from './livekit-rtc-room';

/** The RTC room adapter a composition root binds to RtcRoom: real livekit-client rooms. */
export function createRtcRoom(): LiveKitRtcRoom {
  return new LiveKitRtcRoom(createLiveKitRoom, startLiveKitTracks);
}

/** The meeting room adapter a composition root binds to MeetingRoom: real livekit-client rooms. */
export function createMeetingRoom(): LazyMeetingRoom {
  return new LazyMeetingRoom(async () => (await loadLiveKit()).createMeetingRoomAdapter());
}
