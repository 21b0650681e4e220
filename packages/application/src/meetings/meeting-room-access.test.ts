import { describe, expect, it } from 'vitest';
import { MEETING_ACCESS_REUSE_MS } from '@teamim/domain';
import { meetingJoinRequest, TestWorld, type TestClient } from '../testing';
import { RemoteError } from '../shared/remote-error';

const JOIN = meetingJoinRequest();
const OTHER = meetingJoinRequest({ meetingID: 'm2', roomID: 'meeting-m2' });

interface Signed {
  readonly world: TestWorld;
  readonly client: TestClient;
  /** Each room access (token) request of the client, by room. */
  readonly asked: string[];
  /** The next `count` requests are refused. */
  readonly refuse: (count: number) => void;
}

async function signedIn(): Promise<Signed> {
  const world = new TestWorld().users('alice', 'bob');
  const client = await world.signIn('alice');
  const asked: string[] = [];
  let refusing = 0;
  const request = client.ports.chatApi.getRoomAccess.bind(client.ports.chatApi);
  client.ports.chatApi.getRoomAccess = (roomID, userID) => {
    asked.push(roomID);
    if (refusing === 0) return request(roomID, userID);
    refusing -= 1;
    return Promise.reject(new RemoteError(500, 'busy'));
  };
  return { world, client, asked, refuse: (count) => (refusing = count) };
}

describe("a meeting's join readied ahead (its room's access, the room itself)", () => {
  it('is asked for once while the meeting is on screen, and the join connects with it', async () => {
    const { world, client, asked } = await signedIn();
    client.meetings.prepare(JOIN.meeting);
    client.meetings.prepare(JOIN.meeting);
    await world.settle();
    expect(asked).toEqual(['meeting-m1']);
    expect(client.ports.meetingRoom.prepared).toBe(1);
    expect((await client.meetings.join(JOIN)).ok).toBe(true);
    expect(asked).toEqual(['meeting-m1']);
    expect(client.ports.meetingRoom.joins).toEqual([
      { roomID: 'meeting-m1', userID: 'alice', options: { microphone: true, camera: true } },
    ]);
  });

  it('is asked for again by a join after the reuse window, and ahead again once taken', async () => {
    const { world, client, asked } = await signedIn();
    client.meetings.prepare(JOIN.meeting);
    await world.advance(MEETING_ACCESS_REUSE_MS);
    expect((await client.meetings.join(JOIN)).ok).toBe(true);
    expect(asked).toEqual(['meeting-m1', 'meeting-m1']);
    // In the meeting nothing is asked ahead; after the leave, the next join is readied anew.
    client.meetings.prepare(JOIN.meeting);
    expect(asked).toHaveLength(2);
    expect(client.ports.meetingRoom.prepared).toBe(1);
    await client.meetings.leave();
    await world.advance(2_000);
    client.meetings.prepare(JOIN.meeting);
    expect(asked).toHaveLength(3);
  });

  it('is asked for again by the join when the request ahead failed, which alone is reported', async () => {
    const { world, client, asked, refuse } = await signedIn();
    refuse(1);
    client.meetings.prepare(JOIN.meeting);
    await world.settle();
    // A failure ahead is not retried ahead within the window.
    client.meetings.prepare(JOIN.meeting);
    expect(asked).toEqual(['meeting-m1']);
    expect(client.toasts.keys()).toEqual([]);
    expect((await client.meetings.join(JOIN)).ok).toBe(true);
    expect(asked).toEqual(['meeting-m1', 'meeting-m1']);
    expect(client.ports.meetingRoom.joins).toHaveLength(1);
  });

  it("serves no other meeting's join", async () => {
    const { client, asked } = await signedIn();
    client.meetings.prepare(JOIN.meeting);
    expect((await client.meetings.join(OTHER)).ok).toBe(true);
    expect(asked).toEqual(['meeting-m1', 'meeting-m2']);
    expect(client.ports.meetingRoom.joins.map((j) => j.roomID)).toEqual(['meeting-m2']);
  });

  it('fails the join as before when the join itself cannot get the access', async () => {
    const { client, asked, refuse } = await signedIn();
    refuse(2);
    client.meetings.prepare(JOIN.meeting);
    const joined = await client.meetings.join(JOIN);
    expect(joined.ok).toBe(false);
    expect(asked).toHaveLength(2);
    expect(client.meetings.snapshot.phase).toBe('idle');
    expect(client.toasts.keys()).toContain('meetingRoom.joinFailed');
  });
});
