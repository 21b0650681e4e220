import { describe, expect, it } from 'vitest';
import { SessionType, type MeetingUpdateData } from '@teamim/domain';
import { meetingTeam, meetingUpdatesIn, type TestClient } from '../testing';

const MINUTE = 60_000;

const team = () => meetingTeam();

async function updates(client: TestClient, groupID: string): Promise<MeetingUpdateData[]> {
  const conversation = await client.ports.conversations.getOneConversation(groupID, SessionType.Group);
  return meetingUpdatesIn(client, conversation.conversationID);
}

describe('MeetingService: the end of a meeting', () => {
  it('the last to leave posts the end with who took part and how long it ran, once', async () => {
    const { world, alice, bob, chat, groupID } = await team();
    const started = await alice.services.meetings.quick({ kind: 'conversation', conversation: chat }, 'Sync');
    const meetingID = started.ok ? started.value.meetingID : '';
    const at = world.clock.now();
    await bob.services.meetings.join(meetingID, chat.conversationID);
    await world.advance(725_000);
    bob.ports.meetingLauncher.leave({
      participantUserIDs: ['alice', 'bob'],
      joinedAt: at,
      leftAt: at + 300_000,
    });
    await world.settle();
    expect(await updates(alice, groupID)).toEqual([]);
    alice.ports.meetingLauncher.leave({
      lastToLeave: true,
      participantUserIDs: ['alice', 'bob'],
      joinedAt: at,
      leftAt: at + 725_000,
    });
    await world.settle();
    const ended = await updates(bob, groupID);
    expect(ended).toMatchObject([
      { action: 'ended', participantUserIDs: ['alice', 'bob'], durationSeconds: 725 },
    ]);
    expect(bob.services.meetings.meeting(meetingID)?.endedAt).toBeDefined();
    // The meeting is over: nobody joins it again, and a second report of its end posts nothing more.
    expect((await alice.services.meetings.join(meetingID, chat.conversationID)).ok).toBe(false);
    const meeting = alice.services.meetings.meeting(meetingID)!;
    await alice.ports.meetingLauncher.join({ meeting, conversationID: chat.conversationID });
    alice.ports.meetingLauncher.leave({ lastToLeave: true, joinedAt: at, leftAt: at + 800_000 });
    await world.settle();
    expect(await updates(bob, groupID)).toHaveLength(1);
  });

  it('an end for everyone is posted by the host alone', async () => {
    const { world, alice, bob, chat, groupID } = await team();
    const started = await alice.services.meetings.quick({ kind: 'conversation', conversation: chat }, 'Sync');
    const meetingID = started.ok ? started.value.meetingID : '';
    await bob.services.meetings.join(meetingID, chat.conversationID);
    const at = world.clock.now();
    bob.ports.meetingLauncher.leave({
      endedForAll: true,
      lastToLeave: true,
      joinedAt: at,
      leftAt: at + 60_000,
    });
    await world.settle();
    expect(await updates(alice, groupID)).toEqual([]);
    alice.ports.meetingLauncher.leave({
      endedForAll: true,
      participantUserIDs: ['bob'],
      joinedAt: at,
      leftAt: at + 60_000,
    });
    await world.settle();
    expect(await updates(bob, groupID)).toMatchObject([
      { action: 'ended', participantUserIDs: ['bob', 'alice'], durationSeconds: 60 },
    ]);
  });
});

describe("MeetingService: the host's end reaches the rooms through the chat too", () => {
  it('hands each end it receives to the room, with who posted it', async () => {
    const { world, alice, bob, chat } = await team();
    const started = await alice.services.meetings.quick({ kind: 'conversation', conversation: chat }, 'Sync');
    const meetingID = started.ok ? started.value.meetingID : '';
    await bob.services.meetings.join(meetingID, chat.conversationID);
    await world.settle();
    expect(bob.ports.meetingLauncher.endsPosted).toEqual([]);
    alice.ports.meetingLauncher.leave({ endedForAll: true, participantUserIDs: ['alice', 'bob'] });
    await world.settle();
    expect(bob.ports.meetingLauncher.endsPosted).toEqual([{ meetingID, senderUserID: 'alice' }]);
  });
});

describe('MeetingReminders: the reminder at the start', () => {
  async function scheduled(minutesAhead: number) {
    const t = await team();
    expect(await t.bob.notifications.setEnabled(true)).toEqual({ ok: true });
    t.bob.ports.pageVisibility.hidden = true;
    const result = await t.alice.services.meetings.schedule(
      {
        title: 'Planning',
        startTime: t.world.clock.now() + minutesAhead * MINUTE,
        durationMinutes: 30,
        description: '',
        inviteeUserIDs: [],
        audience: 'group',
      },
      { kind: 'conversation', conversation: t.chat },
    );
    await t.world.settle();
    return { ...t, meetingID: result.ok ? result.value.meetingID : '' };
  }

  it('reminds each invited user at the start, in the app and as a notice, once', async () => {
    const { world, alice, bob, chat } = await scheduled(10);
    await world.advance(10 * MINUTE - 1);
    expect(bob.ports.notifier.keys()).not.toContain('toast.meetingStarting');
    await world.advance(1);
    expect(bob.ports.notifier.toasts.filter((t) => t.key === 'toast.meetingStarting')).toEqual([
      { level: 'info', key: 'toast.meetingStarting', params: { title: 'Planning' } },
    ]);
    expect(alice.ports.notifier.keys()).toContain('toast.meetingStarting');
    expect(bob.ports.messageNotices.shown).toContainEqual({
      conversationID: chat.conversationID,
      title: '会议即将开始',
      body: 'Planning 现在开始',
    });
    await world.advance(60 * MINUTE);
    expect(bob.ports.notifier.keys().filter((k) => k === 'toast.meetingStarting')).toHaveLength(1);
  });

  it('reminds once per meeting on a device: not again after signing in again, nor in a second tab', async () => {
    const { world, bob, groupID } = await scheduled(10);
    const secondTab = await world.signIn('bob', { localStore: bob.ports.localStore });
    await secondTab.conversations.open(groupID, SessionType.Group);
    await world.settle();
    await world.advance(10 * MINUTE);
    const reminders = (client: TestClient) =>
      client.ports.notifier.keys().filter((k) => k === 'toast.meetingStarting');
    expect([...reminders(bob), ...reminders(secondTab)]).toHaveLength(1);
    // Signed in again within the reminder's grace after the start: the card is seen anew, and is quiet.
    bob.reopen();
    await world.settle();
    await bob.conversations.open(groupID, SessionType.Group);
    await world.advance(1_000);
    expect([...reminders(bob), ...reminders(secondTab)]).toHaveLength(1);
    const notices = [...bob.ports.messageNotices.shown, ...secondTab.ports.messageNotices.shown];
    expect(notices.filter((n) => n.title === '会议即将开始')).toHaveLength(1);
  });

  it('follows an edit that moves the start, and says nothing for a cancelled meeting', async () => {
    const { world, alice, bob, chat, meetingID } = await scheduled(10);
    await alice.services.meetings.edit(meetingID, chat.conversationID, {
      title: 'Planning',
      startTime: world.clock.now() + 20 * MINUTE,
      durationMinutes: 30,
      description: '',
      inviteeUserIDs: [],
      audience: 'group',
    });
    await world.advance(10 * MINUTE);
    expect(bob.ports.notifier.keys()).not.toContain('toast.meetingStarting');
    await world.advance(10 * MINUTE);
    expect(bob.ports.notifier.keys()).toContain('toast.meetingStarting');

    const next = await scheduled(10);
    await next.alice.services.meetings.cancel(next.meetingID, next.chat.conversationID);
    await next.world.advance(10 * MINUTE);
    expect(next.bob.ports.notifier.keys()).not.toContain('toast.meetingStarting');
  });
});
