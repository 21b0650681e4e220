import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { RecvMsgOpt, SessionType } from '@teamim/domain';
import { TestWorld } from '../testing';
import { conversationRow } from '../presentation/chat/rows';

/**
 * "Do not receive" on a group: OpenIM still delivers its messages and the SDK counts them (its total
 * leaves out only "receive without notifying"); the client leaves them out of the row and the badge.
 */
async function groupWithBob() {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const group = await alice.ports.groups.createGroup({
    groupName: 'Team',
    faceURL: '',
    memberUserIDs: ['bob'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.loadConversations();
  const id = `sg_${group.groupID}`;
  const badge = () => firstValueFrom(bob.conversations.unreadCount$);
  const row = () => {
    const found = bob.conversations.snapshot.find((c) => c.conversationID === id);
    return (
      found && conversationRow(found, { locale: 'en-US', selfUserID: 'bob', nowMs: 0, utcOffsetMinutes: 0 })
    );
  };
  return { world, alice, bob, id, groupID: group.groupID, badge, row };
}

describe('receive options and unread counts', () => {
  it('"do not receive": new messages raise neither the row’s count nor the chat badge', async () => {
    const { world, alice, bob, id, badge, row } = await groupWithBob();
    await alice.chat.sendText('before');
    await world.settle();
    expect(await badge()).toBe(1);

    expect((await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotReceive)).ok).toBe(true);
    await world.settle();
    expect(await badge()).toBe(0);
    await alice.chat.sendText('one');
    await alice.chat.sendText('two');
    await world.settle();

    // The SDK counts them; the client does not.
    expect(bob.conversations.snapshot.find((c) => c.conversationID === id)?.unreadCount).toBe(3);
    expect(await badge()).toBe(0);
    expect(row()?.unread).toBe(0);
    expect(row()?.muted).toBe(true);
  });

  it('other conversations still count while one is "do not receive"', async () => {
    const { world, alice, bob, id, badge, row } = await groupWithBob();
    await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotReceive);
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('direct');
    await world.settle();
    expect(await badge()).toBe(1);
    expect(row()?.unread).toBe(0);
  });

  it('"receive without notifying" shows its count on the row but not in the badge; normal counts again', async () => {
    const { world, alice, bob, id, badge, row } = await groupWithBob();
    await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotReceive);
    await alice.chat.sendText('one');
    await world.settle();
    await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotNotify);
    await world.settle();
    expect(row()?.unread).toBe(1);
    expect(await badge()).toBe(0);
    await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.Normal);
    await world.settle();
    expect(row()?.unread).toBe(1);
    expect(await badge()).toBe(1);
  });

  it('the badge never dips while a message arrives in a "do not receive" conversation', async () => {
    const { world, alice, bob, id, groupID } = await groupWithBob();
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('direct');
    await world.settle();
    await bob.conversations.setRecvMsgOpt(id, RecvMsgOpt.NotReceive);
    await world.settle();
    const seen: number[] = [];
    const watching = bob.conversations.unreadCount$.subscribe((n) => seen.push(n));
    await alice.conversations.open(groupID, SessionType.Group);
    await alice.chat.sendText('in the group');
    await world.settle();
    watching.unsubscribe();
    expect(new Set(seen)).toEqual(new Set([1]));
  });
});
