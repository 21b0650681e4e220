import type { CallMediaTracks } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { LiveKitCallMedia } from './livekit-call-media';
import { LiveKitRtcRoom } from './livekit-rtc-room';
import { FakeLiveKitServer } from './testing/fake-livekit';

async function call() {
  const server = new FakeLiveKitServer();
  const alice = new LiveKitRtcRoom(server.createRoom);
  const bob = new LiveKitRtcRoom(server.createRoom);
  const media = new LiveKitCallMedia(alice, () => true);
  let latest: CallMediaTracks | undefined;
  media.tracks$.subscribe((t) => (latest = t));
  await alice.connect(server.url, server.token('r1', 'alice'), { video: true });
  const aliceRoom = server.latest();
  await bob.connect(server.url, server.token('r1', 'bob'), { video: true });
  const bobRoom = server.latest();
  return { server, alice, bob, media, aliceRoom, bobRoom, tracks: () => latest };
}

describe('LiveKitCallMedia (the overlay tracks, spec §2 and §7)', () => {
  it("shows the other party's audio and video, its mutes, and the own camera", async () => {
    const { aliceRoom, bobRoom, tracks } = await call();
    bobRoom.publish('audio', 'bob-mic');
    bobRoom.publish('video', 'bob-camera', true);
    aliceRoom.publishLocal('video', 'alice-camera');
    expect(tracks()).toEqual({
      remoteAudio: 'bob-mic',
      remoteVideo: 'bob-camera',
      localVideo: 'alice-camera',
      remoteAudioMuted: false,
      remoteVideoMuted: true,
    });
    bobRoom.setTrackMuted('audio', true);
    bobRoom.setTrackMuted('video', false);
    expect(tracks()).toMatchObject({ remoteAudioMuted: true, remoteVideoMuted: false });
    bobRoom.unpublish('video');
    expect(tracks()).toEqual({
      remoteAudio: 'bob-mic',
      localVideo: 'alice-camera',
      remoteAudioMuted: true,
      remoteVideoMuted: false,
    });
  });

  it('forgets every track once the room is left', async () => {
    const { alice, bobRoom, aliceRoom, tracks } = await call();
    bobRoom.publish('video', 'bob-camera');
    aliceRoom.publishLocal('video', 'alice-camera');
    await alice.disconnect();
    expect(tracks()).toEqual({ remoteAudioMuted: false, remoteVideoMuted: false });
  });

  it('passes on failed subscriptions and answers whether the browser can call', async () => {
    const { bobRoom, alice } = await call();
    let failures = 0;
    new LiveKitCallMedia(alice, () => false).subscriptionFailed$.subscribe(() => (failures += 1));
    bobRoom.failSubscriptions();
    expect(failures).toBe(1);
    expect(new LiveKitCallMedia(alice, () => false).supported()).toBe(false);
  });
});
