import { describe, expect, it } from 'vitest';
import { MEETING_LIMITS, MeetingState, SessionType, type Conversation } from '@teamim/domain';
import { meetingTeam, type TestClient, type TestWorld } from '../../testing';
import type { ConversationMeetingsViewModel } from './conversation-meetings.view-model';

const MINUTE = 60_000;

async function team() {
  const { world, alice, bob, chat } = await meetingTeam({
    prepare: async (client) => {
      client.settings.setLocale('en-US');
      await client.capabilities.detect(client.currentUser.id());
    },
  });
  const id = chat.conversationID;
  return { world, alice, bob, chat, id, aliceVm: meetingsOf(alice, id), bobVm: meetingsOf(bob, id) };
}

function meetingsOf(client: TestClient, conversationID: string): ConversationMeetingsViewModel {
  return client.viewModels.conversationMeetings(conversationID);
}

function only(vm: ConversationMeetingsViewModel) {
  const cards = Object.values(vm.state.meetings);
  expect(cards).toHaveLength(1);
  return cards[0]!;
}

async function scheduleIn(world: TestWorld, alice: TestClient, chat: Conversation, minutes: number) {
  const form = alice.viewModels.meetingForm({
    kind: 'schedule',
    audience: { kind: 'conversation', conversation: chat },
  });
  form.setTitle('Planning');
  form.setStart(new Date(world.clock.now() + minutes * MINUTE + 480 * MINUTE).toISOString().slice(0, 16));
  const saved = await form.save();
  await world.settle();
  return saved;
}

describe("a conversation's meetings", () => {
  it('a scheduled card is not started, then awaits its start at the start time, live', async () => {
    const { world, alice, chat, aliceVm, bobVm } = await team();
    expect((await scheduleIn(world, alice, chat, 10)).ok).toBe(true);
    expect(only(bobVm)).toMatchObject({
      title: 'Planning',
      hostName: 'Alice',
      state: MeetingState.NotStarted,
      stateText: 'Not started',
      durationText: '30 min',
      canJoin: false,
      canStart: false,
      canEdit: false,
    });
    expect(only(aliceVm)).toMatchObject({ isHost: true, canStart: true, canEdit: true, canCancel: true });
    await world.advance(10 * MINUTE);
    expect(only(bobVm)).toMatchObject({
      state: MeetingState.AwaitingStart,
      stateText: 'Awaiting start',
      canJoin: true,
    });
    expect(bobVm.state.inProgress).toBeUndefined();
  });

  it("the card follows an edit and a cancel made on the host's page", async () => {
    const { world, alice, chat, id, bobVm } = await team();
    await scheduleIn(world, alice, chat, 60);
    const meetingID = only(bobVm).meetingID;
    const edit = alice.viewModels.meetingForm({ kind: 'edit', meetingID, conversationID: id });
    expect(edit.state).toMatchObject({ mode: 'edit', title: 'Planning', durationMinutes: 30 });
    edit.setTitle('Planning v2');
    expect((await edit.save()).ok).toBe(true);
    await world.settle();
    expect(only(bobVm).title).toBe('Planning v2');
    expect((await bobVm.cancel(meetingID)).ok).toBe(false);
    const aliceVm = meetingsOf(alice, id);
    expect((await aliceVm.cancel(meetingID)).ok).toBe(true);
    await world.settle();
    expect(only(bobVm)).toMatchObject({
      state: MeetingState.Cancelled,
      stateText: 'Cancelled',
      canJoin: false,
    });
  });

  it('a quick meeting from the header shows in progress with a banner, and finished once it ends', async () => {
    const { world, alice, bob, aliceVm, bobVm } = await team();
    expect(aliceVm.state).toMatchObject({ available: true, isGroup: true });
    expect((await aliceVm.startQuick()).ok).toBe(true);
    await world.settle();
    expect(only(aliceVm)).toMatchObject({ title: "Alice's meeting", joined: true, canJoin: false });
    expect(bobVm.state.inProgress).toMatchObject({ title: "Alice's meeting", canJoin: true });
    const meetingID = only(bobVm).meetingID;
    expect((await bobVm.join(meetingID)).ok).toBe(true);
    const at = world.clock.now();
    alice.ports.meetingLauncher.leave({
      participantUserIDs: ['alice', 'bob'],
      joinedAt: at,
      leftAt: at + 5_000,
    });
    bob.ports.meetingLauncher.leave({
      lastToLeave: true,
      participantUserIDs: ['alice', 'bob'],
      joinedAt: at,
      leftAt: at + 725_000,
    });
    await world.settle();
    expect(bobVm.state.inProgress).toBeUndefined();
    expect(only(aliceVm)).toMatchObject({
      state: MeetingState.Finished,
      stateText: 'Finished · 12:05 · 2 took part',
    });
  });

  it('readies the join of a meeting in progress here, for those not in it, until it ends', async () => {
    const { world, alice, bob, chat, aliceVm, bobVm } = await team();
    await scheduleIn(world, alice, chat, 10);
    expect(bob.ports.meetingLauncher.prepared).toEqual([]);
    // Whatever the user lookups do, the group's members are named from the group.
    bob.ports.contacts.failUserLookups = 100;
    expect((await aliceVm.startQuick()).ok).toBe(true);
    await world.settle();
    const meetingID = bobVm.state.inProgress?.meetingID;
    expect(new Set(bob.ports.meetingLauncher.prepared.map((m) => m.meetingID))).toEqual(new Set([meetingID]));
    // The names of those likely in it are known before the join, asked for once however often it is readied.
    expect(bob.services.meetingProfiles.get('alice')?.name).toBe('Alice');
    expect(bob.services.meetingProfiles.get('bob')?.name).toBe('Bob');
    // Named by the group's page, they are not asked for one by one too.
    expect(bob.ports.contacts.userLookups.flat()).not.toContain('alice');
    bob.ports.contacts.failUserLookups = 0;
    const asked = bob.ports.contacts.userLookups.length;
    bob.settings.setLocale('zh-CN');
    bob.settings.setLocale('en-US');
    await world.settle();
    expect(bob.ports.contacts.userLookups).toHaveLength(asked);
    // Once it has ended, a refresh of the view model (a change of language) readies nothing for it.
    await world.advance(MEETING_LIMITS.maxDurationMinutes * MINUTE);
    expect(bobVm.state.inProgress).toBeUndefined();
    const readied = bob.ports.meetingLauncher.prepared.length;
    bob.settings.setLocale('zh-CN');
    const ended = bobVm.state.meetings[meetingID ?? ''];
    expect(ended?.state).toBe(MeetingState.Finished);
    expect(ended?.stateText).not.toMatch(/^Finished/);
    expect(bob.ports.meetingLauncher.prepared).toHaveLength(readied);
  });

  it('a meeting nobody reported ended shows finished once its end is presumed, with no duration', async () => {
    const { world, aliceVm, bobVm } = await team();
    expect((await aliceVm.startQuick()).ok).toBe(true);
    await world.settle();
    await world.advance(MEETING_LIMITS.maxDurationMinutes * MINUTE - 1);
    expect(only(bobVm)).toMatchObject({ state: MeetingState.InProgress, canJoin: true });
    await world.advance(1);
    expect(only(bobVm)).toMatchObject({
      state: MeetingState.Finished,
      stateText: 'Finished',
      canJoin: false,
    });
    expect(bobVm.state.inProgress).toBeUndefined();
  });

  it('offers no buttons where the deployment has no media server', async () => {
    const { world, alice, bob, chat, id } = await team();
    bob.capabilities.configure({ calls: false });
    await scheduleIn(world, alice, chat, 0);
    const vm = meetingsOf(bob, id);
    expect(vm.state.available).toBe(false);
    expect(only(vm)).toMatchObject({ state: MeetingState.AwaitingStart, canJoin: false, canStart: false });
    expect((await vm.join(only(vm).meetingID)).ok).toBe(false);
  });
});

describe('the schedule dialog', () => {
  it("marks every failing field in the user's language and posts nothing", async () => {
    const { world, alice, chat, bobVm } = await team();
    const form = alice.viewModels.meetingForm({
      kind: 'schedule',
      audience: { kind: 'conversation', conversation: chat },
    });
    form.setStart('2000-01-01T09:00');
    form.setDuration(5);
    form.setDescription('x'.repeat(1001));
    expect((await form.save()).ok).toBe(false);
    expect(form.state.errors).toEqual({
      title: 'Please enter the meeting title',
      start: 'The start time cannot be in the past',
      duration: 'The duration must be 15-480 minutes',
      description: 'The description can have at most 1000 characters',
    });
    await world.settle();
    expect(bobVm.state.meetings).toEqual({});
  });

  it('people picked from the plus menu get a quick meeting in their single chats', async () => {
    const { world, alice, bob } = await team();
    const entry = alice.viewModels.meetingEntry();
    expect(entry.state.available).toBe(true);
    expect((await entry.quickWith(['bob'])).ok).toBe(true);
    await world.settle();
    await bob.conversations.open('alice', SessionType.Single);
    await world.settle();
    const single = bob.conversations.currentConversation!.conversationID;
    expect(only(meetingsOf(bob, single))).toMatchObject({
      title: "Alice's meeting",
      state: MeetingState.InProgress,
    });
  });
});
