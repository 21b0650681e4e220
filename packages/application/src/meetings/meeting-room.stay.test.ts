import { describe, expect, it } from 'vitest';
import {
  MEETING_LEAVE_GRACE_MS,
  MEETING_STAY_REFRESH_MS,
  meetingStayStorageKey,
  parseMeetingStay,
} from '@teamim/domain';
import { meetingJoinRequest, TestWorld, type TestClient } from '../testing';
import type { MeetingLeft } from './meeting-launcher';

const JOIN = meetingJoinRequest();

async function inRoom(): Promise<{ world: TestWorld; client: TestClient; left: MeetingLeft[] }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  const client = await world.signIn('alice');
  const left: MeetingLeft[] = [];
  client.meetings.left$.subscribe((l) => left.push(l));
  await client.meetings.join(JOIN);
  return { world, client, left };
}

function record(client: TestClient) {
  return parseMeetingStay(client.ports.localStore.get(meetingStayStorageKey('alice')));
}

describe('MeetingRoomService: who is leaving', () => {
  it('counts one who said it is leaving as gone, so the own leave after it is the last', async () => {
    const { client, left } = await inRoom();
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    room.receiveLeaving('bob', 'm1');
    await client.meetings.leave();
    expect(left[0]).toMatchObject({ lastToLeave: true, coLeavers: ['bob'] });
  });

  it('waits its grace for the others, and is the last when they say they go meanwhile', async () => {
    const { world, client, left } = await inRoom();
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    const leaving = client.meetings.leave();
    await world.settle();
    expect(left).toEqual([]);
    // Waiting, but neither heard nor seen any more.
    const self = room.snapshot().find((p) => p.isLocal);
    expect(self).toMatchObject({ microphoneMuted: true, cameraOff: true });
    expect(self?.screen).toBeUndefined();
    room.receiveLeaving('bob', 'm1');
    await leaving;
    expect(left[0]).toMatchObject({ lastToLeave: true, coLeavers: ['bob'] });
    await world.advance(MEETING_LEAVE_GRACE_MS);
    expect(left).toHaveLength(1);
  });

  it('ignores a leaving message of another meeting, of the own user, and one who came back since', async () => {
    const { world, client, left } = await inRoom();
    const room = client.ports.meetingRoom;
    room.arrives('bob');
    room.receiveLeaving('bob', 'other');
    room.receiveLeaving('alice', 'm1');
    room.arrives('carol');
    room.receiveLeaving('carol', 'm1');
    room.leaves('carol');
    room.arrives('carol');
    const leaving = client.meetings.leave();
    await world.advance(MEETING_LEAVE_GRACE_MS);
    await leaving;
    expect(left[0]).toMatchObject({ lastToLeave: false, participantUserIDs: ['alice', 'bob', 'carol'] });
  });

  it('a session closed while its user waits the grace ends the wait, quietly', async () => {
    const { world, client } = await inRoom();
    client.ports.meetingRoom.arrives('bob');
    const leaving = client.meetings.leave();
    await world.settle();
    client.dispose();
    expect(await leaving).toEqual({ ok: true, value: undefined });
  });

  it('says it is leaving when the page goes away, staying in the meeting', async () => {
    const { client } = await inRoom();
    client.ports.meetingRoom.pageHides();
    await Promise.resolve();
    await Promise.resolve();
    expect(client.ports.meetingRoom.sentLeavings).toEqual(['m1']);
    expect(client.meetings.snapshot.phase).toBe('connected');
  });
});

describe('MeetingRoomService: the record of the stay', () => {
  it('is written while in the room, kept current, and removed by an orderly leave', async () => {
    const { world, client } = await inRoom();
    const joinedAt = world.clock.now();
    expect(record(client)).toEqual({
      meetingID: 'm1',
      conversationID: 'sg_g1',
      others: 0,
      seen: ['alice'],
      joinedAt,
      updatedAt: joinedAt,
    });
    client.ports.meetingRoom.arrives('bob');
    expect(record(client)).toMatchObject({ others: 1, seen: ['alice', 'bob'] });
    client.ports.meetingRoom.leaves('bob');
    await world.advance(MEETING_STAY_REFRESH_MS);
    expect(record(client)).toMatchObject({ others: 0, updatedAt: joinedAt + MEETING_STAY_REFRESH_MS });
    await client.meetings.leave();
    expect(record(client)).toBeUndefined();
  });

  it('stays when the room drops the user alone, and goes when others were still in', async () => {
    const { world, client } = await inRoom();
    client.ports.meetingRoom.dropped();
    await world.settle();
    expect(record(client)).toMatchObject({ meetingID: 'm1', others: 0 });

    client.ports.localStore.clear();
    await client.meetings.join(JOIN);
    client.ports.meetingRoom.arrives('bob');
    client.ports.meetingRoom.dropped();
    await world.settle();
    expect(record(client)).toBeUndefined();
  });

  it('a withdrawn join leaves the room without a word: no leaving said, no leave reported, no record', async () => {
    const { world, client, left } = await inRoom();
    client.ports.meetingRoom.arrives('bob');
    expect(record(client)).toMatchObject({ meetingID: 'm1' });
    client.meetings.withdraw(JOIN);
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(client.ports.meetingRoom.sentLeavings).toEqual([]);
    expect(left).toEqual([]);
    expect(record(client)).toBeUndefined();
    // Another meeting's request, or one already left, is not withdrawn.
    await client.meetings.join(JOIN);
    client.meetings.withdraw({ ...JOIN, meeting: { ...JOIN.meeting, meetingID: 'm2' } });
    expect(client.meetings.snapshot.phase).toBe('connected');
  });

  it('a join withdrawn while it connects never enters the room', async () => {
    const world = new TestWorld().users('alice', 'bob');
    const client = await world.signIn('alice');
    const left: MeetingLeft[] = [];
    client.meetings.left$.subscribe((l) => left.push(l));
    const room = client.ports.meetingRoom;
    room.holdConnect = 'room';
    const joining = client.meetings.join(JOIN);
    await world.settle();
    client.meetings.withdraw(JOIN);
    expect((await joining).ok).toBe(false);
    await world.settle();
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(room.joins).toEqual([]);
    expect(left).toEqual([]);
  });
});
