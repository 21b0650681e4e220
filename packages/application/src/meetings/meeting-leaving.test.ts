import { describe, expect, it } from 'vitest';
import { MEETING_END_STAGGER_MS, MEETING_LEAVE_GRACE_MS, type MeetingUpdateData } from '@teamim/domain';
import { meetingTeam, meetingUpdatesIn, type TestClient } from '../testing';

/** Alice and Bob in a group, each with a real meeting room service over fake rooms linked as one room. */
async function team() {
  const { world, alice, bob, chat } = await meetingTeam({
    alice: { meetingRoom: true },
    bob: { meetingRoom: true },
  });
  alice.ports.meetingRoom.link(bob.ports.meetingRoom);
  const started = await alice.services.meetings.quick({ kind: 'conversation', conversation: chat }, 'Sync');
  const meetingID = started.ok ? started.value.meetingID : '';
  expect((await bob.services.meetings.join(meetingID, chat.conversationID)).ok).toBe(true);
  await world.settle();
  return { world, alice, bob, chat, meetingID };
}

async function ends(client: TestClient, conversationID: string): Promise<MeetingUpdateData[]> {
  return (await meetingUpdatesIn(client, conversationID)).filter((u) => u.action === 'ended');
}

describe('leaving a meeting together', () => {
  it('two who leave at the same moment each hear the other go, and the chat gets one end', async () => {
    const { world, alice, bob, chat, meetingID } = await team();
    expect(alice.meetings.snapshot.phase).toBe('connected');
    expect(bob.meetings.snapshot.phase).toBe('connected');
    const leaving = [alice.meetings.leave(), bob.meetings.leave()];
    await world.settle();
    expect(alice.ports.meetingRoom.sentLeavings).toEqual([meetingID]);
    expect(bob.ports.meetingRoom.sentLeavings).toEqual([meetingID]);
    await world.advance(MEETING_LEAVE_GRACE_MS + MEETING_END_STAGGER_MS);
    await Promise.all(leaving);
    await world.settle();
    const posted = await ends(bob, chat.conversationID);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.meetingID).toBe(meetingID);
    expect([...(posted[0]?.participantUserIDs ?? [])].sort()).toEqual(['alice', 'bob']);
    expect(alice.services.meetings.meeting(meetingID)?.endedAt).toBeDefined();
    expect(bob.services.meetings.meeting(meetingID)?.endedAt).toBeDefined();
  });

  it('the one who leaves after the other said it is leaving is the last, and posts the end at once', async () => {
    const { world, alice, bob, chat, meetingID } = await team();
    const bobLeaving = bob.meetings.leave();
    await world.settle();
    // Bob is still in the room (his grace), but has said he goes: Alice leaving now is the last one in.
    await alice.meetings.leave();
    await world.settle();
    expect(await ends(alice, chat.conversationID)).toHaveLength(1);
    await world.advance(MEETING_LEAVE_GRACE_MS + MEETING_END_STAGGER_MS);
    await bobLeaving;
    expect(await ends(alice, chat.conversationID)).toHaveLength(1);
    expect(bob.services.meetings.meeting(meetingID)?.endedAt).toBeDefined();
  });

  it('one who leaves while the other stays posts no end, and the one who stays does when it leaves', async () => {
    const { world, alice, bob, chat } = await team();
    const bobLeaving = bob.meetings.leave();
    await world.advance(MEETING_LEAVE_GRACE_MS);
    await bobLeaving;
    expect(await ends(alice, chat.conversationID)).toEqual([]);
    await alice.meetings.leave();
    await world.settle();
    expect(await ends(alice, chat.conversationID)).toHaveLength(1);
  });
});
