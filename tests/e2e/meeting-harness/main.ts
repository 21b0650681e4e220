/**
 * A page for the real-SFU meeting test (meeting-room-media.e2e.ts): joins a meeting room through the
 * product's MeetingRoom adapter, plays every remote track in a media element as the meeting view does,
 * and exposes what the test checks on `window.meetingHarness`, the browser's own inbound-rtp statistics
 * per remote track included.
 */
import { createMeetingRoom } from '@teamim/adapters-livekit';
import type { MeetingParticipantMedia } from '@teamim/application';
import { recordInboundRtp } from '../support/inbound-rtp';

const inbound = recordInboundRtp();

const room = createMeetingRoom();
let everyone: readonly MeetingParticipantMedia[] = [];
const ends: string[] = [];
const container = document.querySelector('#media');
const elements = new Map<string, HTMLMediaElement>();

function play(key: string, track: unknown, kind: 'video' | 'audio'): void {
  let element = elements.get(key);
  if (!(track instanceof MediaStreamTrack)) {
    element?.remove();
    elements.delete(key);
    return;
  }
  if (element === undefined) {
    element = document.createElement(kind);
    element.autoplay = true;
    if (element instanceof HTMLVideoElement) element.muted = true;
    container?.append(element);
    elements.set(key, element);
  }
  const current = element.srcObject instanceof MediaStream ? element.srcObject.getTracks()[0] : undefined;
  if (current !== track) element.srcObject = new MediaStream([track]);
}

room.participants$.subscribe((list) => {
  everyone = list;
  const seen = new Set<string>();
  for (const p of list) {
    if (p.isLocal) continue;
    for (const [slot, kind] of [
      ['video', 'video'],
      ['screen', 'video'],
      ['audio', 'audio'],
    ] as const) {
      const key = `${p.userID}:${slot}`;
      seen.add(key);
      play(key, p[slot], kind);
    }
  }
  for (const key of [...elements.keys()]) if (!seen.has(key)) play(key, undefined, 'video');
});
room.endRequests$.subscribe((e) => ends.push(`${e.fromUserID}:${e.meetingID}`));

let state = 'disconnected';
room.state$.subscribe((s) => (state = s));

const harness = {
  connect: (url: string, token: string) => room.connect(url, token, { microphone: true, camera: true }),
  state: () => state,
  /** Each participant as the room reports it, without the platform tracks. */
  participants: () =>
    everyone.map((p) => ({
      userID: p.userID,
      isLocal: p.isLocal,
      video: p.video !== undefined,
      audio: p.audio !== undefined,
      screen: p.screen !== undefined,
      microphoneMuted: p.microphoneMuted,
      cameraOff: p.cameraOff,
    })),
  inbound,
  setMicrophoneEnabled: (enabled: boolean) => room.setMicrophoneEnabled(enabled),
  setScreenShareEnabled: (enabled: boolean) => room.setScreenShareEnabled(enabled),
  sendEndForAll: (meetingID: string) => room.sendEndForAll(meetingID),
  ends: () => ends,
  disconnect: () => room.disconnect(),
};

// getDisplayMedia needs a user gesture: the test clicks this button to start sharing.
document.querySelector('#share')?.addEventListener('click', () => {
  void room.setScreenShareEnabled(true).then(
    () => (document.title = 'sharing'),
    (e: unknown) => (document.title = `share failed: ${String(e)}`),
  );
});

Object.assign(window, { meetingHarness: harness });
document.title = 'Meeting harness ready';
