import { describe, expect, it } from 'vitest';
import { buildMeetingCardData, SessionType } from '@teamim/domain';
import { signedInFriends, type TestClient, type TestWorld } from '../../testing';

async function missedAndAnswered(world: TestWorld, alice: TestClient, bob: TestClient): Promise<void> {
  await alice.calls.invite('bob', 'video');
  await world.settle();
  await bob.calls.accept();
  await world.settle();
  await world.advance(5_000);
  await alice.calls.hangUp();
  await world.settle();
  await world.advance(1_000);
  await alice.calls.invite('bob', 'audio');
  await world.settle();
  await alice.calls.cancel();
  await world.settle();
}

async function postMeeting(world: TestWorld, alice: TestClient): Promise<void> {
  const data = buildMeetingCardData({
    meetingID: 'mt1',
    roomID: 'meeting-mt1',
    kind: 'quick',
    title: 'Design review',
    hostUserID: 'alice',
    startTime: world.clock.now(),
    durationMinutes: 30,
    description: '',
    inviteeUserIDs: ['bob'],
  });
  const conversation = await alice.ports.conversations.getOneConversation('bob', SessionType.Single);
  await alice.chat.send({ kind: 'custom', data, description: 'meeting' }, conversation);
  await world.settle();
}

describe('CallHistoryViewModel: the call history page', () => {
  it('rows in the user’s words, newest first, and the missed filter', async () => {
    const { world, alice, bob } = await signedInFriends();
    bob.settings.setLocale('en-US');
    await missedAndAnswered(world, alice, bob);
    const page = bob.viewModels.callHistory();
    await world.settle();
    expect(page.state.loaded).toBe(true);
    expect(page.state.rows.map((r) => [r.name, r.direction, r.mediaType, r.outcomeText, r.action])).toEqual([
      ['Alice', 'incoming', 'audio', 'Missed', 'callBack'],
      ['Alice', 'incoming', 'video', 'Answered · 00:05', 'callBack'],
    ]);
    expect(page.state.rows[0]?.time).toBe('Just now');
    page.setFilter('missed');
    expect(page.state).toMatchObject({ filter: 'missed', rows: [{ outcomeText: 'Missed' }] });
    page.setFilter('all');
    expect(page.state.rows).toHaveLength(2);
  });

  it('call back rings the peer with the media of the call', async () => {
    const { world, alice, bob } = await signedInFriends();
    await missedAndAnswered(world, alice, bob);
    const page = bob.viewModels.callHistory();
    await world.settle();
    const [missed, answered] = page.state.rows;
    expect((await page.callBack(answered?.id ?? '')).ok).toBe(true);
    await world.settle();
    expect(alice.calls.snapshot).toMatchObject({ phase: 'waiting', peerUserID: 'bob' });
    expect(alice.calls.snapshot.invitation?.mediaType).toBe('video');
    // Busy in that call: a second call back is refused.
    expect((await page.callBack(missed?.id ?? '')).ok).toBe(false);
    expect((await page.callBack('nothing')).ok).toBe(false);
  });

  it('a meeting still on can be joined again; once it cannot, there is no Join', async () => {
    const { world, alice, bob } = await signedInFriends();
    bob.settings.setLocale('en-US');
    await postMeeting(world, alice);
    const page = bob.viewModels.callHistory();
    await world.settle();
    expect(page.state.rows.map((r) => [r.name, r.outcomeText, r.action])).toEqual([
      ['Design review', 'Meeting in progress', 'join'],
    ]);
    expect((await page.join('mt1')).ok).toBe(true);
    const joins = bob.ports.meetingLauncher.joins;
    expect(joins.map((j) => [j.meeting.meetingID, j.conversationID])).toEqual([['mt1', 'si_alice_bob']]);
    expect((await page.join('unknown')).ok).toBe(false);
  });

  it('where the deployment has no calls, rows offer no call back', async () => {
    const { world, alice, bob } = await signedInFriends();
    await missedAndAnswered(world, alice, bob);
    bob.capabilities.configure({ calls: false });
    const page = bob.viewModels.callHistory();
    await world.settle();
    expect(page.state.rows.every((r) => r.action === 'none')).toBe(true);
  });
});
