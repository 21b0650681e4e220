import { describe, expect, it } from 'vitest';
import { isRedPacketOpened, RED_PACKET_EXPIRY_MS, SessionType, type Message } from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import { bubbleBody } from '../chat/bubble-body';
import { BALANCE_LOG_PAGE_SIZE } from './balance.view-model';

async function world3(): Promise<{
  world: TestWorld;
  alice: TestClient;
  bob: TestClient;
  carol: TestClient;
}> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  const carol = await world.signIn('carol');
  return { world, alice, bob, carol };
}

/** Money is conserved: balances plus what no one has claimed yet equal what was credited. */
function ledgerSum(world: TestWorld, userID: string): number {
  return (world.backend.wallet.logs.get(userID) ?? []).reduce((sum, r) => sum + r.balance, 0);
}

async function setPin(client: TestClient, pin = '123456'): Promise<void> {
  const vm = client.viewModels.payPassword();
  await vm.setValue('new', pin);
  await vm.setValue('confirm', pin);
  vm.dispose();
}

describe('BalanceViewModel', () => {
  it('§2 Balance: yuan with two decimals, detail amounts /100 and times trimmed to 16 characters', async () => {
    const { world, alice } = await world3();
    world.backend.wallet.credit('alice', 5, 0, 'bonus');
    const vm = alice.viewModels.balance();
    await vm.refresh();
    expect(vm.state.status).toBe('ready');
    expect(vm.state.balance).toBe('100.05');
    expect(vm.state.balanceCents).toBe(ledgerSum(world, 'alice'));
    expect(vm.state.rows.map((r) => [r.amount, r.typeKey, r.incoming])).toEqual([
      ['+0.05', 'wallet.type.system', true],
      ['+100.00', 'wallet.type.topUp', true],
    ]);
    expect(vm.state.rows[0]?.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(vm.state.hasMore).toBe(false);
  });

  it('§2 Balance: an empty ledger is empty; a failed fetch shows "failed to fetch balance"', async () => {
    const { world, bob } = await world3();
    const vm = bob.viewModels.balance();
    await vm.refresh();
    expect(vm.state).toMatchObject({ status: 'ready', balance: '0.00', rows: [] });
    const notLoggedIn = world.opened('alice');
    const failing = notLoggedIn.viewModels.balance();
    await failing.refresh();
    expect(failing.state.status).toBe('failed');
    expect(notLoggedIn.toasts.keys()).toContain('toast.fetchBalanceFailed');
  });

  it('§9 Balance list: pages of 20 load as the user scrolls, without duplicates, until a short page', async () => {
    const { world, alice } = await world3();
    for (let i = 1; i <= 45; i += 1) world.backend.wallet.credit('alice', i, 3, `top-up ${i}`);
    const vm = alice.viewModels.balance();
    await vm.refresh();
    expect(vm.state.rows).toHaveLength(BALANCE_LOG_PAGE_SIZE);
    expect(vm.state.hasMore).toBe(true);
    await vm.loadMore();
    await vm.loadMore();
    expect(vm.state.rows).toHaveLength(46);
    expect(new Set(vm.state.rows.map((r) => r.id)).size).toBe(46);
    expect(vm.state.hasMore).toBe(false);
    expect((await vm.loadMore()).ok).toBe(false);
  });

  it('§2 Balance updates live after a send and a claim; every figure equals the ledger', async () => {
    const { world, alice, bob } = await world3();
    await setPin(alice);
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    const aliceBalance = alice.viewModels.balance();
    const bobBalance = bob.viewModels.balance();
    await Promise.all([aliceBalance.refresh(), bobBalance.refresh()]);

    const send = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
    send.setAmount('2.50');
    expect(send.next().ok).toBe(true);
    expect((await send.setPin('123456'))?.ok).toBe(true);
    await world.settle();
    expect(aliceBalance.state.balance).toBe('97.50');
    expect(aliceBalance.state.rows[0]?.amount).toBe('-2.50');

    const packet = bob.chat.snapshot.messages.at(-1)!;
    await bob.viewModels.redPacketOpen(packet).open();
    await world.settle();
    expect(bobBalance.state.balance).toBe('2.50');
    expect(bobBalance.state.rows[0]?.amount).toBe('+2.50');
    for (const [vm, id] of [
      [aliceBalance, 'alice'],
      [bobBalance, 'bob'],
    ] as const) {
      expect(vm.state.balanceCents).toBe(world.backend.wallet.balances.get(id));
      expect(vm.state.balanceCents).toBe(ledgerSum(world, id));
    }
  });
});

describe('PayPasswordViewModel', () => {
  it('§4 set: new and confirm; the last digit submits; the dialog closes 1 s after success', async () => {
    const { world, alice } = await world3();
    const vm = alice.viewModels.payPassword();
    expect(vm.state.fields).toEqual(['new', 'confirm']);
    expect(await vm.setValue('new', '12a3456789')).toBeUndefined();
    expect(vm.state.values.new).toBe('123456');
    expect(await vm.setValue('confirm', '12345')).toBeUndefined();
    const done = await vm.setValue('confirm', '123456');
    expect(done?.ok).toBe(true);
    expect(vm.state.succeeded).toBe(true);
    await world.advance(999);
    expect(vm.state.closed).toBe(false);
    await world.advance(1);
    expect(vm.state.closed).toBe(true);
    expect(world.backend.wallet.payPasswords.get('alice')).toBe(alice.ports.passwordHasher.md5('123456'));
  });

  it('§5 mismatch shows its message and clears the confirmation; change asks the old one, wrong old is shown', async () => {
    const { alice } = await world3();
    const vm = alice.viewModels.payPassword();
    await vm.setValue('new', '123456');
    const mismatch = await vm.setValue('confirm', '654321');
    expect(mismatch?.ok).toBe(false);
    expect(vm.state.error).toEqual({
      field: 'confirm',
      text: { kind: 'i18n', i18nKey: 'validation.payPassword.mismatch' },
    });
    expect(vm.state.values).toMatchObject({ new: '123456', confirm: '' });
    expect((await vm.setValue('confirm', '123456'))?.ok).toBe(true);

    const change = alice.viewModels.payPassword();
    expect(change.state.mode).toBe('change');
    expect(change.state.fields).toEqual(['old', 'new', 'confirm']);
    await change.setValue('old', '000000');
    await change.setValue('new', '111111');
    expect((await change.setValue('confirm', '111111'))?.ok).toBe(false);
    expect(change.state.error).toEqual({
      field: 'old',
      text: { kind: 'i18n', i18nKey: 'error.wallet.payPasswordWrong' },
    });
    expect(change.state.values.old).toBe('');
    await change.setValue('old', '123456');
    expect((await change.submit()).ok).toBe(true);
  });
});

describe('RedPacketSendViewModel and RedPacketOpenViewModel', () => {
  async function groupOf(alice: TestClient, world: TestWorld): Promise<string> {
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
    });
    await world.settle();
    await alice.conversations.open(group.groupID, SessionType.Group);
    return alice.conversations.currentConversation!.conversationID;
  }

  it('§5 validation: amount required, the number in groups, at least a cent each; the greeting defaults', async () => {
    const { world, alice } = await world3();
    await setPin(alice);
    const id = await groupOf(alice, world);
    const vm = alice.viewModels.redPacketSend(id);
    expect(vm.state.isGroup).toBe(true);
    expect(vm.next().ok).toBe(false);
    expect(vm.state.errors.amount).toEqual({ kind: 'i18n', i18nKey: 'validation.redPacket.amountRequired' });
    vm.setAmount('0.02');
    expect(vm.state.total).toBe('0.02');
    vm.next();
    expect(vm.state.errors.count).toEqual({ kind: 'i18n', i18nKey: 'validation.redPacket.countRequired' });
    vm.setCount('3');
    vm.next();
    expect(vm.state.errors.amount).toEqual({ kind: 'i18n', i18nKey: 'validation.redPacket.amountTooSmall' });
    vm.setAmount('3');
    expect(vm.next().ok).toBe(true);
    expect(vm.state.step).toBe('pin');
    const sent = await vm.setPin('123456');
    expect(sent?.ok).toBe(true);
    expect(sent?.ok && sent.value.customElem?.description).toBe('恭喜发财，大吉大利');
    expect(vm.state.sent).toBe(true);
  });

  it('wrong pay password and insufficient balance show their texts where they can be fixed', async () => {
    const { world, alice } = await world3();
    await setPin(alice);
    await alice.conversations.open('bob', SessionType.Single);
    const vm = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
    vm.setAmount('1');
    vm.next();
    expect((await vm.setPin('000000'))?.ok).toBe(false);
    expect(vm.state).toMatchObject({
      step: 'pin',
      pin: '',
      errors: { pin: { kind: 'i18n', i18nKey: 'error.wallet.payPasswordWrong' } },
    });
    vm.back();
    vm.setAmount('1000');
    vm.next();
    await vm.setPin('123456');
    expect(vm.state).toMatchObject({
      step: 'form',
      errors: { amount: { kind: 'i18n', i18nKey: 'error.wallet.insufficientBalance' } },
    });
    expect(world.backend.wallet.balances.get('alice')).toBe(10_000);
  });

  it('§4 a group packet of 3: each opener gets a share, then "all claimed"; a second open is "already opened"', async () => {
    const { world, alice, bob, carol } = await world3();
    await setPin(alice);
    const id = await groupOf(alice, world);
    const groupID = alice.conversations.currentConversation!.groupID;
    await bob.conversations.open(groupID, SessionType.Group);
    const send = alice.viewModels.redPacketSend(id);
    send.setAmount('0.03');
    send.setCount('2');
    send.next();
    await send.setPin('123456');
    await world.settle();
    const packet: Message = bob.chat.snapshot.messages.at(-1)!;

    const [bobOpen, carolOpen] = [
      bob.viewModels.redPacketOpen(packet),
      carol.viewModels.redPacketOpen(packet),
    ];
    await Promise.all([bobOpen.open(), carolOpen.open()]);
    expect([bobOpen.state.status, carolOpen.state.status]).toEqual(['received', 'received']);
    expect([bobOpen.state.amount, carolOpen.state.amount].sort()).toEqual(['0.01', '0.02']);
    expect(isRedPacketOpened(bob.chat.snapshot.messages.at(-1)!)).toBe(true);
    expect(bob.toasts.keys()).toContain('toast.redPacketReceived');

    const again = bob.viewModels.redPacketOpen(bob.chat.snapshot.messages.at(-1)!);
    expect(again.state.status).toBe('alreadyOpened');
    const elsewhere = bob.viewModels.redPacketOpen(packet);
    await elsewhere.open();
    expect(elsewhere.state.status).toBe('alreadyOpened');
    const late = alice.viewModels.redPacketOpen(packet);
    await late.open();
    expect(late.state.status).toBe('allClaimed');
    const total = ['alice', 'bob', 'carol'].reduce(
      (s, u) => s + (world.backend.wallet.balances.get(u) ?? 0),
      0,
    );
    expect(total).toBe(10_000);
  });

  it('§4 a packet older than its expiry shows as expired in the bubble and the open dialog', async () => {
    const { world, alice, bob } = await world3();
    await setPin(alice);
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    const send = alice.viewModels.redPacketSend(alice.conversations.currentConversation!.conversationID);
    send.setAmount('1');
    send.next();
    await send.setPin('123456');
    await world.settle();
    const message = bob.chat.snapshot.messages.at(-1)!;
    const bubble = () =>
      bubbleBody(message, {
        locale: 'en-US',
        selfUserID: 'bob',
        nowMs: world.clock.now(),
        utcOffsetMinutes: 0,
      });
    expect(bubble()).toMatchObject({ kind: 'redPacket', opened: false, expired: false, mine: false });
    await world.advance(RED_PACKET_EXPIRY_MS);
    expect(bubble()).toMatchObject({ kind: 'redPacket', expired: true });
    const open = bob.viewModels.redPacketOpen(bob.chat.snapshot.messages.at(-1)!);
    expect(open.state.status).toBe('expired');
    expect((await open.open()).ok).toBe(false);
  });
});
