/**
 * A page for the real-SFU meeting test (meeting-room-media.e2e.ts): joins a meeting room through the
 * product's MeetingRoom adapter, plays every remote track as the meeting view does (a video in a host
 * element through the room's `attachVideo`, which puts its own video element there, so adaptive stream
 * sees it; a sound in an audio element), and exposes what the
 * test checks on `window.meetingHarness`, the browser's own inbound-rtp statistics per remote track included.
 */
import { createMeetingRoom } from '@teamim/adapters-livekit';
import type { MeetingParticipantMedia } from '@teamim/application';
import { recordInboundRtp } from '../support/inbound-rtp';

const inbound = recordInboundRtp();

const room = createMeetingRoom();
let everyone: readonly MeetingParticipantMedia[] = [];
const ends: string[] = [];
const container = document.querySelector('#media');
/** Each remote track's element: a video's host, or the audio element. */
const elements = new Map<string, HTMLElement>();
const playing = new Map<string, { track: MediaStreamTrack; detach: () => void }>();

function play(key: string, track: unknown, kind: 'video' | 'audio'): void {
  let element = elements.get(key);
  const current = playing.get(key);
  if (current !== undefined && current.track !== track) {
    current.detach();
    playing.delete(key);
  }
  if (!(track instanceof MediaStreamTrack)) {
    element?.remove();
    elements.delete(key);
    return;
  }
  if (element === undefined) {
    element = document.createElement(kind === 'video' ? 'div' : 'audio');
    container?.append(element);
    elements.set(key, element);
  }
  if (playing.has(key)) return;
  if (!(element instanceof HTMLAudioElement)) {
    playing.set(key, { track, detach: room.attachVideo(track, element) });
    return;
  }
  const audio = element;
  audio.autoplay = true;
  audio.srcObject = new MediaStream([track]);
  playing.set(key, { track, detach: () => (audio.srcObject = null) });
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
  /** Hides or shows the host of a participant's camera, as a tile scrolled away or back would be. */
  setVideoVisible(userID: string, visible: boolean): void {
    const element = elements.get(`${userID}:video`);
    if (element !== undefined) element.style.display = visible ? '' : 'none';
  },
  /** Frames decoded so far of a participant's camera (its inbound-rtp statistics). */
  async videoFrames(userID: string): Promise<number> {
    const id = playing.get(`${userID}:video`)?.track.id;
    const tracks = await inbound();
    return tracks.filter((t) => t.trackIdentifier === id).reduce((sum, t) => sum + t.framesDecoded, 0);
  },
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
