import { describe, expect, it } from 'vitest';
import { MEETING_LEAVE_GRACE_MS } from '@teamim/domain';
import { meetingJoinRequest, TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';
import type { MeetingJoinRequest, MeetingLeft } from './meeting-launcher';

const JOIN = meetingJoinRequest();
const MEETING = JOIN.meeting;

async function signedIn(
  userID = 'alice',
): Promise<{ world: TestWorld; client: TestClient; left: MeetingLeft[] }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  const client = await world.signIn(userID);
  const left: MeetingLeft[] = [];
  client.meetings.left$.subscribe((l) => left.push(l));
  return { world, client, left };
}

describe('MeetingRoomService', () => {
  it('joins the meeting room with a token for the own user, microphone and camera on', async () => {
    const { client } = await signedIn();
    const active: (MeetingJoinRequest | undefined)[] = [];
    client.meetings.active$.subscribe((a) => active.push(a));
    const joining = client.meetings.join(JOIN);
    expect(client.meetings.snapshot.phase).toBe('connecting');
    expect(await joining).toEqual({ ok: true, value: undefined });
    expect(client.ports.meetingRoom.joins).toEqual([
      { roomID: 'meeting-m1', userID: 'alice', options: { microphone: true, camera: true } },
    ]);
    expect(client.meetings.snapshot).toMatchObject({ phase: 'connected', request: JOIN });
    expect(active).toEqual([undefined, JOIN]);
  });

  it('tells the shell when the meeting view is needed, and leaves from there too', async () => {
    const { client } = await signedIn();
    const open: boolean[] = [];
    client.viewModels.meetingOpen$().subscribe((o) => open.push(o));
    await client.meetings.join(JOIN);
    expect((await client.viewModels.leaveMeeting()).ok).toBe(true);
    expect(open).toEqual([false, true, false]);
  });

  it('holds one meeting at a time', async () => {
    const { client } = await signedIn();
    await client.meetings.join(JOIN);
    const second = await client.meetings.join({ ...JOIN, meeting: { ...MEETING, meetingID: 'm2' } });
    expect(second.ok).toBe(false);
    expect(client.toasts.keys()).toContain('meetingRoom.busyInMeeting');
    expect(client.ports.meetingRoom.joins).toHaveLength(1);
  });

  it('reports a refused join and stays out', async () => {
    const { client, left } = await signedIn();
    client.ports.meetingRoom.failConnect = new RemoteError(401, 'invalid token');
    const joined = await client.meetings.join(JOIN);
    expect(joined.ok).toBe(false);
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(client.toasts.keys()).toContain('meetingRoom.joinFailed');
    expect(left).toEqual([]);
  });

  it('stays in the meeting with the devices off when they fail to start', async () => {
    const { client } = await signedIn();
    client.ports.meetingRoom.failDevices = true;
    expect((await client.meetings.join(JOIN)).ok).toBe(true);
    expect(client.meetings.snapshot).toMatchObject({
      phase: 'connected',
      microphoneEnabled: false,
      cameraEnabled: false,
    });
    expect(client.toasts.keys()).toContain('meetingRoom.deviceFailed');
  });

  it('reports a leave with everyone seen, and whether others were still there', async () => {
    const { world, client, left } = await signedIn();
    await world.advance(1_000);
    const joinedAt = world.clock.now();
    await client.meetings.join(JOIN);
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    room.arrives('carol');
    room.leaves('carol');
    await world.advance(60_000);
    const leaving = client.meetings.leave();
    // The meeting closes at once; the room is left once the others had their grace to say they go too.
    expect(client.meetings.snapshot.phase).toBe('idle');
    await world.advance(MEETING_LEAVE_GRACE_MS);
    expect(await leaving).toEqual({ ok: true, value: undefined });
    expect(room.sentLeavings).toEqual(['m1']);
    expect(left).toEqual([
      {
        meetingID: 'm1',
        conversationID: 'sg_g1',
        endedForAll: false,
        lastToLeave: false,
        participantUserIDs: ['alice', 'bob', 'carol'],
        coLeavers: [],
        joinedAt,
        leftAt: joinedAt + 60_000,
      },
    ]);
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(room.joins).toHaveLength(1);
  });

  it('knows the last to leave', async () => {
    const { client, left } = await signedIn();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.leaves('bob');
    await client.meetings.leave();
    expect(left[0]).toMatchObject({
      lastToLeave: true,
      endedForAll: false,
      participantUserIDs: ['alice', 'bob'],
    });
  });

  it('lets the host end the meeting for everyone', async () => {
    const { client, left } = await signedIn('alice');
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    expect((await client.meetings.endForAll()).ok).toBe(true);
    expect(client.ports.meetingRoom.sentEnds).toEqual(['m1']);
    expect(left[0]).toMatchObject({ endedForAll: true, lastToLeave: false });
  });

  it('refuses the end for everyone to anyone but the host', async () => {
    const { client, left } = await signedIn('bob');
    await client.meetings.join(JOIN);
    expect((await client.meetings.endForAll()).ok).toBe(false);
    expect(client.ports.meetingRoom.sentEnds).toEqual([]);
    expect(left).toEqual([]);
  });

  it("leaves when the host's end arrives, and ignores one from anyone else", async () => {
    const { world, client, left } = await signedIn('bob');
    await client.meetings.join(JOIN);
    const room = client.ports.meetingRoom;
    room.arrives('alice');
    room.arrives('carol');
    room.receiveEnd('carol', 'm1');
    room.receiveEnd('alice', 'another meeting');
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('connected');
    room.receiveEnd('alice', 'm1');
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(left).toEqual([
      expect.objectContaining({ endedForAll: true, participantUserIDs: ['bob', 'alice', 'carol'] }),
    ]);
    expect(client.toasts.keys()).toContain('meetingRoom.endedByHost');
  });

  it("leaves when the host's end is posted to the card's conversation, as when the room's signal is lost", async () => {
    const { world, client, left } = await signedIn('bob');
    await client.meetings.join(JOIN);
    const room = client.ports.meetingRoom;
    room.arrives('alice');
    client.meetings.endPosted('m1', 'carol');
    client.meetings.endPosted('another meeting', 'alice');
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('connected');
    client.meetings.endPosted('m1', 'alice');
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(left).toEqual([
      expect.objectContaining({ endedForAll: true, participantUserIDs: ['bob', 'alice'] }),
    ]);
    expect(client.toasts.keys()).toContain('meetingRoom.endedByHost');
    // The room's own signal coming late changes nothing more.
    room.receiveEnd('alice', 'm1');
    await world.settle();
    expect(left).toHaveLength(1);
  });

  it('ends the stay when the SFU drops the own user', async () => {
    const { world, client, left } = await signedIn();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.dropped();
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(left).toEqual([expect.objectContaining({ endedForAll: false, lastToLeave: true })]);
  });

  it('reports a leave while the devices start in the room, knowing who else is in, and never joins late', async () => {
    const { world, client, left } = await signedIn();
    const room = client.ports.meetingRoom;
    room.holdConnect = 'devices';
    const joining = client.meetings.join(JOIN);
    await world.settle();
    expect(room.holding).toBe(true);
    expect(client.meetings.snapshot.phase).toBe('connecting');
    expect(await client.meetings.leave()).toEqual({ ok: true, value: undefined });
    expect((await joining).ok).toBe(false);
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(left).toEqual([
      expect.objectContaining({ meetingID: 'm1', lastToLeave: true, participantUserIDs: ['alice'] }),
    ]);

    room.holdConnect = 'devices';
    const again = client.meetings.join(JOIN);
    await world.settle();
    room.arrives('bob');
    await client.meetings.leave();
    await again;
    expect(left[1]).toMatchObject({ lastToLeave: false, participantUserIDs: ['alice', 'bob'] });
  });

  it('reports a leave before the room answered as not the last, and cancels the connection', async () => {
    const { world, client, left } = await signedIn();
    const room = client.ports.meetingRoom;
    const states: string[] = [];
    room.state$.subscribe((s) => states.push(s));
    room.holdConnect = 'room';
    const joining = client.meetings.join(JOIN);
    await world.settle();
    expect(room.holding).toBe(true);
    await client.meetings.leave();
    expect((await joining).ok).toBe(false);
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(room.joins).toEqual([]);
    expect(states).not.toContain('connected');
    expect(left).toEqual([
      expect.objectContaining({ endedForAll: false, lastToLeave: false, participantUserIDs: ['alice'] }),
    ]);
  });

  it('toggles the own microphone and camera on the room', async () => {
    const { client } = await signedIn();
    await client.meetings.join(JOIN);
    await client.meetings.toggleMicrophone();
    await client.meetings.toggleCamera();
    expect(client.meetings.snapshot).toMatchObject({ microphoneEnabled: false, cameraEnabled: false });
    const self = await new Promise((resolve) =>
      client.ports.meetingRoom.participants$.subscribe((p) => resolve(p[0])),
    );
    expect(self).toMatchObject({ microphoneMuted: true, cameraOff: true });
  });

  it('says so when a screen share does not start', async () => {
    const { client } = await signedIn();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.failScreenShare = true;
    expect((await client.meetings.setScreenShare(true)).ok).toBe(false);
    expect(client.toasts.keys()).toContain('meetingRoom.screenShareFailed');
    expect((await client.meetings.setScreenShare(true)).ok).toBe(true);
  });
});

describe('meetings and one-to-one calls exclude each other', () => {
  it('refuses to join a meeting during a call', async () => {
    const { world, client } = await signedIn('alice');
    await client.calls.invite('bob', 'video');
    await world.settle();
    expect((await client.meetings.join(JOIN)).ok).toBe(false);
    expect(client.toasts.keys()).toContain('meetingRoom.busyInCall');
  });

  it('places no call during a meeting, and declines one that comes in', async () => {
    const world = new TestWorld().users('alice', 'bob');
    world.backend.makeFriends('alice', 'bob');
    const alice = await world.signIn('alice');
    const bob = await world.signIn('bob');
    await alice.meetings.join(JOIN);
    expect((await alice.calls.invite('bob', 'audio')).ok).toBe(false);
    expect(alice.toasts.keys()).toContain('meetingRoom.busyInMeeting');
    await bob.calls.invite('alice', 'audio');
    await world.settle();
    expect(alice.calls.snapshot.phase).toBe('idle');
    expect(bob.calls.snapshot.phase).toBe('idle');
  });
});
