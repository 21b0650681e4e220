import { describe, expect, it } from 'vitest';
import {
  customPayloadOf,
  MeetingState,
  meetingStateAt,
  SessionType,
  type Conversation,
  type MeetingForm,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';

const MINUTE = 60_000;

/** Alice, bob and carol, friends of alice, all signed in; alice and bob also share a group. */
async function people() {
  const world = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  world.backend.makeFriends('alice', 'bob');
  world.backend.makeFriends('alice', 'carol');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  const group = await alice.ports.groups.createGroup({
    groupName: 'team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.open(group.groupID, SessionType.Group);
  await world.settle();
  const groupChat = alice.conversations.currentConversation as Conversation;
  return { world, alice, bob, carol, groupChat, groupID: group.groupID };
}

/** The meeting messages of a conversation as lines: "card <title>" or "<action>", oldest first. */
async function meetingLines(client: TestClient, sourceID: string, type: SessionType): Promise<string[]> {
  const conversation = await client.ports.conversations.getOneConversation(sourceID, type);
  const page = await client.ports.messages.getHistory(conversation.conversationID, '', 100);
  return page.messages.flatMap((m) => {
    const payload = customPayloadOf(m);
    if (payload?.kind === 'meetingCard') return [`card ${payload.card.title}`];
    if (payload?.kind === 'meetingUpdate') return [payload.update.action];
    return [];
  });
}

function form(world: TestWorld, change: Partial<MeetingForm> = {}): MeetingForm {
  return {
    title: 'Planning',
    startTime: world.clock.now() + 30 * MINUTE,
    durationMinutes: 30,
    description: '',
    inviteeUserIDs: [],
    audience: 'group',
    ...change,
  };
}

describe('MeetingService: meetings as cards in the chat', () => {
  it('a quick meeting in a group posts its card, then joins its room from there', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    const started = await alice.services.meetings.quick(
      { kind: 'conversation', conversation: groupChat },
      'Sync',
    );
    await world.settle();
    expect(started.ok).toBe(true);
    const meeting = started.ok ? started.value : undefined;
    expect(meeting?.roomID).toBe(`meeting-${meeting?.meetingID}`);
    expect(alice.ports.meetingLauncher.joins).toEqual([
      { meeting, conversationID: groupChat.conversationID },
    ]);
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual(['card Sync']);
    const seen = bob.services.meetings.meeting(meeting!.meetingID);
    expect(seen && meetingStateAt(seen, world.clock.now())).toBe(MeetingState.InProgress);
  });

  it('a quick meeting opens its room while its card is still on its way', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    alice.ports.device.messages.holdSends = true;
    const starting = alice.services.meetings.quick({ kind: 'conversation', conversation: groupChat }, 'Sync');
    await world.settle();
    expect(alice.ports.meetingLauncher.joins).toHaveLength(1);
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual([]);
    alice.ports.device.messages.holdSends = false;
    alice.ports.device.messages.releaseHeldSends();
    const started = await starting;
    await world.settle();
    expect(started.ok).toBe(true);
    expect(alice.ports.meetingLauncher.withdrawn).toEqual([]);
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual(['card Sync']);
  });

  it('a quick meeting whose card cannot be posted leaves its room unannounced and says why', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    alice.ports.device.messages.failSendsWith = 10000;
    const started = await alice.services.meetings.quick(
      { kind: 'conversation', conversation: groupChat },
      'Sync',
    );
    await world.settle();
    expect(started.ok).toBe(false);
    const launcher = alice.ports.meetingLauncher;
    expect(launcher.withdrawn).toEqual(launcher.joins);
    expect(launcher.withdrawn).toHaveLength(1);
    alice.ports.device.messages.failSendsWith = undefined;
    await world.settle();
    // Nothing of the meeting reached the group, and the host's chat offers no card to send again.
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual([]);
    expect(await meetingLines(alice, groupID, SessionType.Group)).toEqual([]);
    expect(alice.chat.snapshot.messages.filter((m) => customPayloadOf(m) !== undefined)).toEqual([]);
  });

  it('a card the SDK sends after a reconnect arrives called off: its call-off was queued behind it', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    const messages = alice.ports.device.messages;
    messages.failSendsWith = 10000;
    messages.queueFailedSends = true;
    const started = await alice.services.meetings.quick(
      { kind: 'conversation', conversation: groupChat },
      'Sync',
    );
    await world.settle();
    expect(started.ok).toBe(false);
    expect(alice.chat.snapshot.messages.filter((m) => customPayloadOf(m) !== undefined)).toEqual([]);
    messages.reconnect();
    await world.settle();
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual(['card Sync', 'ended']);
    const meetingID = alice.ports.meetingLauncher.withdrawn[0]?.meeting.meetingID ?? '';
    const seen = bob.services.meetings.meeting(meetingID);
    expect(seen && meetingStateAt(seen, world.clock.now())).toBe(MeetingState.Cancelled);
  });

  it('a meeting whose card reached some chats but not all is called off where it went', async () => {
    const { world, alice, bob, carol } = await people();
    world.backend.blacklistOf('carol').add('alice');
    const picked = { kind: 'people', userIDs: ['bob', 'carol'] } as const;
    expect((await alice.services.meetings.quick(picked, 'Sync')).ok).toBe(false);
    expect((await alice.services.meetings.schedule(form(world), picked)).ok).toBe(false);
    await world.settle();
    expect(await meetingLines(bob, 'alice', SessionType.Single)).toEqual([
      'card Sync',
      'ended',
      'card Planning',
      'cancelled',
    ]);
    expect(await meetingLines(carol, 'alice', SessionType.Single)).toEqual([]);
  });

  it("a quick meeting with people picked goes to each one's single chat", async () => {
    const { world, alice, bob, carol } = await people();
    const started = await alice.services.meetings.quick(
      { kind: 'people', userIDs: ['bob', 'carol'] },
      'Sync',
    );
    await world.settle();
    expect(started.ok && started.value.inviteeUserIDs).toEqual(['bob', 'carol']);
    expect(await meetingLines(bob, 'alice', SessionType.Single)).toEqual(['card Sync']);
    expect(await meetingLines(carol, 'alice', SessionType.Single)).toEqual(['card Sync']);
    const joined = alice.ports.meetingLauncher.joins[0];
    const bobChat = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);
    expect(joined?.conversationID).toBe(bobChat.conversationID);
  });

  it('a quick meeting whose room cannot be joined still leaves its card and says why', async () => {
    const { world, alice, groupChat } = await people();
    alice.ports.meetingLauncher.failure = { kind: 'state', reason: 'no room' };
    const started = await alice.services.meetings.quick(
      { kind: 'conversation', conversation: groupChat },
      'Sync',
    );
    await world.settle();
    expect(started).toEqual({ ok: false, error: { kind: 'state', reason: 'no room' } });
  });

  it('scheduling checks the form and posts nothing when it is refused', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    const refused = await alice.services.meetings.schedule(form(world, { title: ' ' }), {
      kind: 'conversation',
      conversation: groupChat,
    });
    expect(!refused.ok && refused.error).toMatchObject({ field: 'meetingTitle' });
    const scheduled = await alice.services.meetings.schedule(form(world), {
      kind: 'conversation',
      conversation: groupChat,
    });
    await world.settle();
    expect(scheduled.ok && scheduled.value.kind).toBe('scheduled');
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual(['card Planning']);
    expect(alice.ports.meetingLauncher.joins).toEqual([]);
  });

  it('only the host edits or cancels; each change reaches every chat the card went to', async () => {
    const { world, alice, bob, carol } = await people();
    const scheduled = await alice.services.meetings.schedule(
      form(world, { audience: 'people', inviteeUserIDs: ['bob', 'carol'] }),
      { kind: 'people', userIDs: ['bob', 'carol'] },
    );
    await world.settle();
    const meetingID = scheduled.ok ? scheduled.value.meetingID : '';
    const fromBob = (await bob.ports.conversations.getOneConversation('alice', SessionType.Single))
      .conversationID;
    await bob.conversations.open('alice', SessionType.Single);
    await world.settle();
    expect((await bob.services.meetings.cancel(meetingID, fromBob)).ok).toBe(false);
    const edited = form(world, {
      title: 'Planning v2',
      audience: 'people',
      inviteeUserIDs: ['bob', 'carol'],
    });
    expect((await bob.services.meetings.edit(meetingID, fromBob, edited)).ok).toBe(false);
    const aliceChat = (await alice.ports.conversations.getOneConversation('bob', SessionType.Single))
      .conversationID;
    expect((await alice.services.meetings.edit(meetingID, aliceChat, edited)).ok).toBe(true);
    await world.settle();
    expect(bob.services.meetings.meeting(meetingID)?.title).toBe('Planning v2');
    expect((await alice.services.meetings.cancel(meetingID, aliceChat)).ok).toBe(true);
    await world.settle();
    expect(await meetingLines(bob, 'alice', SessionType.Single)).toEqual([
      'card Planning',
      'edited',
      'cancelled',
    ]);
    expect(await meetingLines(carol, 'alice', SessionType.Single)).toEqual([
      'card Planning',
      'edited',
      'cancelled',
    ]);
    expect(bob.services.meetings.meeting(meetingID)?.cancelled).toBe(true);
    expect((await bob.services.meetings.join(meetingID, fromBob)).ok).toBe(false);
    expect((await alice.services.meetings.edit(meetingID, aliceChat, edited)).ok).toBe(false);
  });

  it('the host may start early; others join from the start time; the first start is posted once', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    const scheduled = await alice.services.meetings.schedule(form(world), {
      kind: 'conversation',
      conversation: groupChat,
    });
    await world.settle();
    const meetingID = scheduled.ok ? scheduled.value.meetingID : '';
    const id = groupChat.conversationID;
    expect((await bob.services.meetings.join(meetingID, id)).ok).toBe(false);
    expect((await alice.services.meetings.join(meetingID, id)).ok).toBe(true);
    await world.settle();
    expect((await bob.services.meetings.join(meetingID, id)).ok).toBe(true);
    await world.settle();
    expect(await meetingLines(bob, groupID, SessionType.Group)).toEqual(['card Planning', 'started']);
    expect(bob.ports.meetingLauncher.joins[0]?.meeting.startedAt).toBeDefined();
    expect((await alice.services.meetings.cancel(meetingID, id)).ok).toBe(false);
  });

  it('an invitee who joins at the start time posts that it started', async () => {
    const { world, alice, bob, groupChat, groupID } = await people();
    const scheduled = await alice.services.meetings.schedule(form(world), {
      kind: 'conversation',
      conversation: groupChat,
    });
    await world.advance(30 * MINUTE);
    const meetingID = scheduled.ok ? scheduled.value.meetingID : '';
    expect((await bob.services.meetings.join(meetingID, groupChat.conversationID)).ok).toBe(true);
    await world.settle();
    expect(await meetingLines(alice, groupID, SessionType.Group)).toEqual(['card Planning', 'started']);
  });
});
