import { describe, expect, it } from 'vitest';
import {
  MEETING_STAY_ABANDONED_MS,
  meetingStayStorageKey,
  parseMeetingStay,
  SessionType,
  type MeetingUpdateData,
} from '@teamim/domain';
import { meetingTeam, meetingUpdatesIn, type TestClient, type TestWorld } from '../testing';

const MINUTE = 60_000;

/** Alice starts a quick meeting in a group with Bob and is alone in its room. */
async function aliceAlone() {
  const { world, alice, bob, chat } = await meetingTeam({ alice: { meetingRoom: true } });
  const startedAt = world.clock.now();
  const started = await alice.services.meetings.quick({ kind: 'conversation', conversation: chat }, 'Sync');
  const meetingID = started.ok ? started.value.meetingID : '';
  await world.settle();
  return { world, alice, bob, chat, meetingID, startedAt };
}

function stay(client: TestClient) {
  return parseMeetingStay(client.ports.localStore.get(meetingStayStorageKey('alice')));
}

async function ends(client: TestClient, conversationID: string): Promise<MeetingUpdateData[]> {
  return (await meetingUpdatesIn(client, conversationID)).filter((u) => u.action === 'ended');
}

/**
 * The page dies in the meeting: nothing of it runs any more (its timers neither), nothing is posted,
 * and its storage holds what it last wrote (the client is closed, and what its close changed put back).
 */
async function pageDies(world: TestWorld, client: TestClient) {
  const key = meetingStayStorageKey(client.userID);
  const written = client.ports.localStore.get(key);
  client.dispose();
  await world.settle();
  if (written !== undefined) client.ports.localStore.set(key, written);
}

describe('the end of a meeting whose page died', () => {
  it("the user's next session posts the end of a stay left alone, as of its last record, once", async () => {
    const { world, alice, chat, meetingID, startedAt } = await aliceAlone();
    expect(stay(alice)).toMatchObject({ meetingID, conversationID: chat.conversationID, others: 0 });
    await world.advance(10 * MINUTE);
    await pageDies(world, alice);
    expect(await ends(alice, chat.conversationID)).toEqual([]);

    const next = await world.signIn('alice', { localStore: alice.ports.localStore });
    // Just written: another tab of the user may still be in the meeting. Looked at again once abandoned.
    expect(await ends(next, chat.conversationID)).toEqual([]);
    await world.advance(MEETING_STAY_ABANDONED_MS);
    expect(await ends(next, chat.conversationID)).toEqual([
      expect.objectContaining({
        meetingID,
        at: startedAt + 10 * MINUTE,
        participantUserIDs: ['alice'],
        durationSeconds: 600,
      }),
    ]);
    expect(stay(next)).toBeUndefined();
    expect(next.services.meetings.meeting(meetingID)?.endedAt).toBe(startedAt + 10 * MINUTE);

    await world.signIn('alice', { localStore: alice.ports.localStore });
    await world.advance(MEETING_STAY_ABANDONED_MS);
    expect(await ends(next, chat.conversationID)).toHaveLength(1);
  });

  it('drops a stay left with others still in the room: the last of them posts the end', async () => {
    const { world, alice, chat } = await aliceAlone();
    alice.ports.meetingRoom.arrives('bob');
    await world.advance(MINUTE);
    await pageDies(world, alice);
    expect(stay(alice)).toMatchObject({ others: 1 });
    await world.advance(MEETING_STAY_ABANDONED_MS);
    const next = await world.signIn('alice', { localStore: alice.ports.localStore });
    await world.settle();
    expect(stay(next)).toBeUndefined();
    expect(await ends(next, chat.conversationID)).toEqual([]);
  });

  it('posts nothing for a meeting that has an end by then', async () => {
    const { world, alice, bob, chat, meetingID } = await aliceAlone();
    await pageDies(world, alice);
    await bob.conversations.open(chat.groupID, SessionType.Group);
    await world.settle();
    expect((await bob.services.meetings.join(meetingID, chat.conversationID)).ok).toBe(true);
    bob.ports.meetingLauncher.leave({
      lastToLeave: true,
      participantUserIDs: ['bob'],
      joinedAt: 1,
      leftAt: 2,
    });
    await world.settle();
    expect(await ends(bob, chat.conversationID)).toHaveLength(1);
    await world.advance(MEETING_STAY_ABANDONED_MS);
    const next = await world.signIn('alice', { localStore: alice.ports.localStore });
    await world.settle();
    expect(await ends(next, chat.conversationID)).toHaveLength(1);
    expect(stay(next)).toBeUndefined();
  });
});
