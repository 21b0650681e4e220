import { describe, expect, it } from 'vitest';
import type { MeetingParticipantMedia } from '@teamim/application';
import { LazyMeetingRoom } from './lazy-meeting-room';
import { LiveKitMeetingRoom } from './livekit-meeting-room';
import { FakeLiveKitServer } from './testing/fake-livekit';

const ON = { microphone: true, camera: false } as const;

function lazy(server: FakeLiveKitServer, warmUps: string[] = []) {
  let loads = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const room = new LazyMeetingRoom(async () => {
    loads += 1;
    await gate;
    return new LiveKitMeetingRoom(server.createRoom, undefined, { warm: () => warmUps.push('audio') });
  });
  return { room, loads: () => loads, release };
}

describe('LazyMeetingRoom', () => {
  it('loads the LiveKit code on the first join only, and reports the room through itself', async () => {
    const server = new FakeLiveKitServer();
    const { room, loads, release } = lazy(server);
    const seen: (readonly MeetingParticipantMedia[])[] = [];
    room.participants$.subscribe((p) => seen.push(p));
    expect(loads()).toBe(0);
    await room.selectDevice('audioinput', 'mic-2');
    const joining = room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    release();
    await joining;
    expect(loads()).toBe(1);
    expect(seen.at(-1)?.map((p) => p.userID)).toEqual(['alice']);
    // The device chosen before the code was there is the one captured.
    expect(server.latest().localParticipant.captureOptions[0]).toEqual({
      kind: 'audioinput',
      deviceId: 'mic-2',
    });
    await room.disconnect();
    await room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    expect(loads()).toBe(1);
  });

  it('readies a likely join: loads the code and starts the audio output, joining nothing', async () => {
    const server = new FakeLiveKitServer();
    const warmUps: string[] = [];
    const { room, loads, release } = lazy(server, warmUps);
    room.prepare();
    expect(loads()).toBe(1);
    release();
    await new Promise((settled) => setTimeout(settled, 0));
    expect(warmUps).toEqual(['audio']);
    expect(server.created).toHaveLength(0);
    // The join that follows uses the code already loaded.
    await room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    expect(loads()).toBe(1);
  });

  it('does not join a meeting left while its code loaded', async () => {
    const server = new FakeLiveKitServer();
    const { room, release } = lazy(server);
    const states: string[] = [];
    room.state$.subscribe((s) => states.push(s));
    const joining = room.connect(server.url, server.token('meeting-m1', 'alice'), ON);
    expect(states.at(-1)).toBe('connecting');
    await room.disconnect();
    release();
    await expect(joining).rejects.toThrow('left before it was joined');
    expect(server.created).toHaveLength(0);
    expect(states.at(-1)).toBe('disconnected');
  });
});
