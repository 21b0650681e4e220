import { Room } from 'livekit-client';
import {
  RemoteError,
  type MeetingEndRequest,
  type MeetingLeaveNotice,
  type MeetingParticipantMedia,
} from '@teamim/application';
import { buildMeetingEndSignal, buildMeetingLeavingSignal, MEETING_CONTROL_TOPIC } from '@teamim/domain';
import { describe, expect, it, vi } from 'vitest';
import { liveKitMeetingRoomOptions } from './livekit-client';
import { LiveKitMeetingRoom } from './livekit-meeting-room';
import { VIDEO_QUALITY } from './room-like';
import { FakeLiveKitServer, type FakeLiveKitRoom } from './testing/fake-livekit';
import { FakeVideoElements, FakeVideoHost } from './testing/fake-video';

const ON = { microphone: true, camera: true } as const;

function latestOf<T>(
  room: LiveKitMeetingRoom,
  pick: (r: LiveKitMeetingRoom) => { subscribe(f: (v: T) => void): unknown },
) {
  const seen: T[] = [];
  pick(room).subscribe((v) => seen.push(v));
  return seen;
}

async function joined(server: FakeLiveKitServer, ...names: string[]) {
  const rooms: {
    room: LiveKitMeetingRoom;
    fake: FakeLiveKitRoom;
    views: (readonly MeetingParticipantMedia[])[];
    videos: FakeVideoElements;
  }[] = [];
  for (const name of names) {
    const videos = new FakeVideoElements();
    const room = new LiveKitMeetingRoom(server.createRoom, undefined, undefined, videos.playing);
    const views = latestOf<readonly MeetingParticipantMedia[]>(room, (r) => r.participants$);
    await room.connect(server.url, server.token('meeting-m1', name), ON);
    rooms.push({ room, fake: server.latest(), views, videos });
  }
  return rooms;
}

const last = <T>(list: readonly T[]): T => {
  const value = list.at(-1);
  if (value === undefined) throw new Error('nothing emitted');
  return value;
};

describe('LiveKitMeetingRoom', () => {
  it('turns on adaptive stream, dynacast and simulcast for every meeting room, and captures at 540p', () => {
    const room = new Room(liveKitMeetingRoomOptions());
    expect(room.options.adaptiveStream).toBeTruthy();
    expect(room.options.dynacast).toBe(true);
    expect(room.options.publishDefaults?.simulcast).toBe(true);
    expect(room.options.videoCaptureDefaults?.resolution).toMatchObject({ width: 960, height: 540 });
  });

  it('publishes the devices asked for and lists everyone, the own user first', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob, carol] = await joined(server, 'alice', 'bob', 'carol');
    expect([alice?.fake.localParticipant.microphone, alice?.fake.localParticipant.camera]).toEqual([
      true,
      true,
    ]);
    expect(last(alice?.views ?? []).map((p) => [p.userID, p.isLocal])).toEqual([
      ['alice', true],
      ['bob', false],
      ['carol', false],
    ]);
    expect(last(carol?.views ?? []).map((p) => p.userID)).toEqual(['carol', 'alice', 'bob']);
    // Nobody has published yet: everyone shows muted and without video.
    expect(
      last(carol?.views ?? [])
        .slice(1)
        .every((p) => p.microphoneMuted && p.cameraOff),
    ).toBe(true);
    void bob;
  });

  it('shows remote tracks, their mutes, a shared screen and who speaks', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob');
    bob?.fake.publish('audio', 'bob-mic');
    bob?.fake.publish('video', 'bob-cam', false, 'camera');
    let bobSeen = last(alice?.views ?? [])[1];
    expect(bobSeen).toMatchObject({
      userID: 'bob',
      audio: 'bob-mic',
      video: 'bob-cam',
      microphoneMuted: false,
    });
    bob?.fake.setTrackMuted('audio', true);
    bob?.fake.setTrackMuted('video', true);
    bobSeen = last(alice?.views ?? [])[1];
    expect(bobSeen).toMatchObject({ microphoneMuted: true, cameraOff: true });
    expect(bobSeen?.video).toBeUndefined();
    await bob?.room.setScreenShareEnabled(true);
    expect(last(alice?.views ?? [])[1]?.screen).toBe('screen:bob');
    bob?.fake.speakers(['bob']);
    expect(last(alice?.views ?? []).map((p) => p.speaking)).toEqual([false, true]);
    await bob?.room.setScreenShareEnabled(false);
    expect(last(alice?.views ?? [])[1]?.screen).toBeUndefined();
  });

  it('follows the own toggles and shows the own camera and screen', async () => {
    const server = new FakeLiveKitServer();
    const [alice] = await joined(server, 'alice');
    alice?.fake.publishLocal('video', 'alice-cam');
    expect(last(alice?.views ?? [])[0]).toMatchObject({ video: 'alice-cam', cameraOff: false });
    await alice?.room.setMicrophoneEnabled(false);
    await alice?.room.setCameraEnabled(false);
    expect(alice?.fake.localParticipant.microphone).toBe(false);
    expect(last(alice?.views ?? [])[0]).toMatchObject({ microphoneMuted: true, cameraOff: true });
    expect(last(alice?.views ?? [])[0]?.video).toBeUndefined();
  });

  it('plays a camera or a screen through livekit, so adaptive stream sees the element', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob');
    bob?.fake.publish('video', 'bob-cam', false, 'camera');
    await bob?.room.setScreenShareEnabled(true);
    alice?.fake.publishLocal('video', 'alice-cam');
    const [self, other] = last(alice?.views ?? []);
    // A remote video plays in an element of its own from its subscription on, before any view shows it.
    const camera = alice?.videos.of('bob-cam');
    expect(camera).toMatchObject({ srcObject: 'bob-cam', plays: 1, parentElement: undefined });
    expect(alice?.videos.of('screen:bob')).toMatchObject({ srcObject: 'screen:bob', plays: 1 });
    expect(alice?.videos.of('alice-cam')).toBeUndefined();
    const [tile, screen, own] = [new FakeVideoHost(), new FakeVideoHost(), new FakeVideoHost()];
    const detach = alice?.room.attachVideo(other?.video, tile);
    alice?.room.attachVideo(other?.screen, screen);
    alice?.room.attachVideo(self?.video, own);
    // The view's host shows that same element, played again (a removal from the page pauses it).
    expect(tile.child).toBe(camera);
    expect(camera?.plays).toBe(2);
    expect([...(alice?.fake.attachedVideo ?? [])]).toEqual([
      [camera, 'bob-cam'],
      [screen.child, 'screen:bob'],
      [own.child, 'alice-cam'],
    ]);
    expect(own.child?.track).toBe('alice-cam');
    // A camera is received at its lowest layer until its tile is sized; a screen as adaptive stream says.
    expect(alice?.fake.layersAsked.get('bob-cam')).toEqual([VIDEO_QUALITY.low]);
    alice?.fake.sized.get('bob-cam')?.();
    expect(alice?.fake.layersAsked.get('bob-cam')).toEqual([VIDEO_QUALITY.low, VIDEO_QUALITY.high]);
    expect(alice?.fake.layersAsked.get('screen:bob')).toBeUndefined();
    detach?.();
    expect(alice?.fake.attachedVideo.has(camera)).toBe(false);
    expect(tile.child).toBeUndefined();
    // Shown again (another page of the grid), the same element plays in the new host.
    const again = new FakeVideoHost();
    alice?.room.attachVideo(other?.video, again);
    expect(again.child).toBe(camera);
    expect(alice?.fake.attachedVideo.get(camera)).toBe('bob-cam');
    // A track the room no longer has plays nowhere, and its element lets it go.
    bob?.fake.unpublish('video', 'camera');
    expect(camera).toMatchObject({ srcObject: null, parentElement: undefined });
    const later = new FakeVideoHost();
    alice?.room.attachVideo('bob-cam', later);
    expect(later.child).toBeUndefined();
  });

  it('lets every element go when the own user leaves', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob');
    bob?.fake.publish('video', 'bob-cam', false, 'camera');
    const host = new FakeVideoHost();
    alice?.room.attachVideo(last(alice?.views ?? [])[1]?.video, host);
    await alice?.room.disconnect();
    expect(alice?.videos.of('bob-cam')).toMatchObject({ srcObject: null, parentElement: undefined });
    expect(host.child).toBeUndefined();
  });

  it('keeps the meeting when someone leaves, and forgets everyone once the own user leaves', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob', 'carol');
    await bob?.room.disconnect();
    expect(last(alice?.views ?? []).map((p) => p.userID)).toEqual(['alice', 'carol']);
    const states: string[] = [];
    alice?.room.state$.subscribe((s) => states.push(s));
    expect(states).toEqual(['connected']);
    await alice?.room.disconnect();
    expect(last(alice?.views ?? [])).toEqual([]);
    expect(states).toEqual(['connected', 'disconnected']);
  });

  it('sends the end for everyone as a data message stamped with the sender', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob');
    const ends: MeetingEndRequest[] = [];
    bob?.room.endRequests$.subscribe((e) => ends.push(e));
    await alice?.room.sendEndForAll('m1');
    // Another topic, or a text that is no end message, is not one.
    alice?.fake.sendData(new TextEncoder().encode(buildMeetingEndSignal('m1')), 'other');
    alice?.fake.sendData(new TextEncoder().encode('{"type":"endForAll"}'), MEETING_CONTROL_TOPIC);
    expect(ends).toEqual([{ meetingID: 'm1', fromUserID: 'alice' }]);
  });

  it('sends the own leaving as a data message stamped with the sender, never taken for an end', async () => {
    const server = new FakeLiveKitServer();
    const [alice, bob] = await joined(server, 'alice', 'bob');
    const leaves: MeetingLeaveNotice[] = [];
    const ends: MeetingEndRequest[] = [];
    bob?.room.leaveNotices$.subscribe((n) => leaves.push(n));
    bob?.room.endRequests$.subscribe((e) => ends.push(e));
    await alice?.room.sendLeaving('m1');
    alice?.fake.sendData(new TextEncoder().encode(buildMeetingLeavingSignal('m1')), 'other');
    expect(leaves).toEqual([{ meetingID: 'm1', fromUserID: 'alice' }]);
    expect(ends).toEqual([]);
  });

  it('reports the page going away only while in a room', async () => {
    const server = new FakeLiveKitServer();
    const page = new EventTarget();
    const room = new LiveKitMeetingRoom(server.createRoom, page);
    let hides = 0;
    room.pageLeaving$.subscribe(() => (hides += 1));
    page.dispatchEvent(new Event('pagehide'));
    await room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    page.dispatchEvent(new Event('pagehide'));
    expect(hides).toBe(1);
    await room.disconnect();
    page.dispatchEvent(new Event('pagehide'));
    expect(hides).toBe(1);
  });

  it('stays in the meeting with a device off when it fails to start', async () => {
    const server = new FakeLiveKitServer();
    const room = new LiveKitMeetingRoom(() => {
      const fake = server.createRoom();
      fake.localParticipant.failNext = new Error('Permission denied');
      return fake;
    });
    const views = latestOf<readonly MeetingParticipantMedia[]>(room, (r) => r.participants$);
    await expect(room.connect(server.url, server.token('meeting-m1', 'alice'), ON)).rejects.toBeInstanceOf(
      RemoteError,
    );
    expect(server.rooms.get('meeting-m1')?.size).toBe(1);
    expect(last(views)[0]).toMatchObject({ microphoneMuted: true, cameraOff: false });
  });

  it('joins at once, with no prefetch of the server first (a call has one while it rings)', async () => {
    const server = new FakeLiveKitServer();
    const room = new LiveKitMeetingRoom(server.createRoom);
    await room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    expect(server.rooms.get('meeting-m1')?.size).toBe(1);
    expect(server.latest().prepared).toEqual([]);
  });

  it('a leave while the room waits on its connect cancels the join: no late joined, nothing published', async () => {
    const server = new FakeLiveKitServer();
    let release: (() => void) | undefined;
    const room = new LiveKitMeetingRoom(() => {
      const fake = server.createRoom();
      const original = fake.connect.bind(fake);
      fake.connect = async (url: string, token: string, options?: { readonly autoSubscribe: boolean }) => {
        await new Promise<void>((resolve) => (release = resolve));
        return original(url, token, options ?? { autoSubscribe: true });
      };
      return fake;
    });
    const states = latestOf<string>(room, (r) => r.state$);
    const connecting = room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    await vi.waitFor(() => expect(release).toBeDefined());
    await room.disconnect();
    release?.();
    await expect(connecting).rejects.toBeInstanceOf(RemoteError);
    expect(states).not.toContain('connected');
    expect(states.at(-1)).toBe('disconnected');
    expect(server.rooms.get('meeting-m1')?.size ?? 0).toBe(0);
    expect(server.latest().localParticipant.camera).toBe(false);
  });

  it('rejects a refused token and stops listening to the room', async () => {
    const server = new FakeLiveKitServer();
    const room = new LiveKitMeetingRoom(server.createRoom);
    await expect(room.connect(server.url, 'bad', ON)).rejects.toMatchObject({ code: 401 });
    expect(server.latest().listenerCount()).toBe(0);
  });

  it('moves the published device to the one chosen, and captures from it next time', async () => {
    const server = new FakeLiveKitServer();
    const [alice] = await joined(server, 'alice');
    await alice?.room.selectDevice('videoinput', 'cam-2');
    expect(alice?.fake.switchedDevices).toEqual([{ kind: 'videoinput', deviceId: 'cam-2' }]);
    await alice?.room.setCameraEnabled(true);
    expect(alice?.fake.localParticipant.captureOptions.at(-1)).toEqual({
      kind: 'videoinput',
      deviceId: 'cam-2',
    });
  });
});
