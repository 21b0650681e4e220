import { describe, expect, it } from 'vitest';
import { RED_PACKET_EXPIRY_MS, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { BALANCE_POLL_MS } from './balance.view-model';

// Who received what from a group packet, and the sender's balance following a refund live.

async function setup(): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  carol: TestClient;
  dave: TestClient;
  groupID: string;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol', 'dave');
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  const dave = await world.signIn('dave');
  const pin = alice.viewModels.payPassword();
  await pin.setValue('new', '123456');
  await pin.setValue('confirm', '123456');
  const group = await alice.ports.groups.createGroup({
    groupName: 'g',
    faceURL: '',
    memberUserIDs: ['bob', 'carol'],
  });
  await world.settle();
  await alice.conversations.open(group.groupID, SessionType.Group);
  await bob.conversations.open(group.groupID, SessionType.Group);
  return { world, alice, bob, carol, dave, groupID: group.groupID };
}

async function sendGroupPacket(world: TestWorld, alice: TestClient, amount: string, count: string) {
  const send = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
  send.setAmount(amount);
  send.setCount(count);
  expect(send.next().ok).toBe(true);
  expect((await send.setPin('123456'))?.ok).toBe(true);
  await world.settle();
}

describe('RedPacketOpenViewModel: who received what', () => {
  it('lists each claim with name, amount and time, n of m, then all claimed', async () => {
    const { world, alice, bob, carol } = await setup();
    await sendGroupPacket(world, alice, '0.30', '3');
    const packet: Message = bob.chat.snapshot.messages.at(-1)!;

    const bobOpen = bob.viewModels.redPacketOpen(packet);
    await bobOpen.open();
    expect(bobOpen.state.claims?.map(({ time: _time, ...rest }) => rest)).toEqual([
      { userID: 'bob', name: 'bob', faceURL: '', amount: '0.10', isMe: true },
    ]);
    expect(bobOpen.state.claims?.[0]?.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(bobOpen.state.progress).toEqual({
      state: 'active',
      claimed: 1,
      num: 3,
      claimedAmount: '0.10',
      total: '0.30',
    });

    await carol.viewModels.redPacketOpen(packet).open();
    const aliceOpen = alice.viewModels.redPacketOpen(packet);
    await aliceOpen.open();
    expect(aliceOpen.state.status).toBe('received');
    expect(aliceOpen.state.claims?.map((c) => [c.userID, c.isMe])).toEqual([
      ['bob', false],
      ['carol', false],
      ['alice', true],
    ]);
    expect(aliceOpen.state.progress?.state).toBe('finished');

    // A packet already opened here shows the list at once, without opening again.
    const again = bob.viewModels.redPacketOpen(bob.chat.snapshot.messages.at(-1)!);
    expect(again.state.status).toBe('alreadyOpened');
    await world.settle();
    expect(again.state.claims).toHaveLength(3);
  });

  it('shows nothing to someone outside the conversation, and nothing for one-to-one packets', async () => {
    const { world, alice, bob, dave } = await setup();
    await sendGroupPacket(world, alice, '0.20', '2');
    const packet = bob.chat.snapshot.messages.at(-1)!;
    const outsider = dave.viewModels.redPacketOpen(packet);
    const refused = await outsider.loadClaims();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.kind === 'remote' && refused.error.code).toBe(21009);
    expect(outsider.state.claims).toBeUndefined();

    world.backend.makeFriends('alice', 'bob');
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    const send = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
    send.setAmount('1');
    send.next();
    await send.setPin('123456');
    await world.settle();
    const single = bob.viewModels.redPacketOpen(bob.chat.snapshot.messages.at(-1)!);
    await single.open();
    expect(single.state.status).toBe('received');
    expect(single.state.claims).toBeUndefined();
  });

  it('an expired packet says so, with what was claimed before', async () => {
    const { world, alice, bob } = await setup();
    await sendGroupPacket(world, alice, '0.30', '3');
    const packet = bob.chat.snapshot.messages.at(-1)!;
    await bob.viewModels.redPacketOpen(packet).open();
    await world.advance(RED_PACKET_EXPIRY_MS);
    const late = alice.viewModels.redPacketOpen(packet);
    expect(late.state.status).toBe('expired');
    await world.settle();
    expect(late.state.progress).toMatchObject({ state: 'expired', claimed: 1, num: 3 });
    expect(late.state.claims?.map((c) => c.userID)).toEqual(['bob']);
  });
});

describe('BalanceViewModel: a refund shows live', () => {
  it('the sender sees the refund of an expired packet without reopening the balance', async () => {
    const { world, alice, bob } = await setup();
    await sendGroupPacket(world, alice, '0.30', '3');
    await bob.viewModels.redPacketOpen(bob.chat.snapshot.messages.at(-1)!).open();
    const balance = alice.viewModels.balance();
    await balance.refresh();
    expect(balance.state.balance).toBe('99.70');

    // Nothing moves before the expiry: the polls find the same balance and leave the list alone.
    await world.advance(RED_PACKET_EXPIRY_MS - BALANCE_POLL_MS);
    expect(balance.state.balance).toBe('99.70');
    await world.advance(2 * BALANCE_POLL_MS);
    expect(balance.state.balance).toBe('99.90');
    expect(balance.state.rows[0]).toMatchObject({ remark: 'red packet refund', amount: '+0.20' });
    expect(balance.state.balanceCents).toBe(world.backend.wallet.balances.get('alice'));
  });

  it('money moved elsewhere (an admin credit) shows at the next poll, quietly', async () => {
    const { world, alice } = await setup();
    const balance = alice.viewModels.balance();
    await balance.refresh();
    const toasts = alice.toasts.keys().length;
    world.backend.wallet.credit('alice', 50, 0, 'from elsewhere');
    await world.advance(BALANCE_POLL_MS);
    expect(balance.state.balance).toBe('100.50');
    expect(alice.toasts.keys()).toHaveLength(toasts);
  });
});
