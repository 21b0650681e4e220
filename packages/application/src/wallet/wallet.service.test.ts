import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { isRedPacketOpened, RED_PACKET_OPENED_MARK, SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';

async function funded(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const world = new TestWorld().users('alice', 'bob', 'carol');
  world.backend.makeFriends('alice', 'bob');
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  const bob = await world.signIn('bob');
  return { world, alice, bob };
}

describe('WalletService', () => {
  it('§2 Balance and detail list load; a balance failure shows "failed to fetch balance"', async () => {
    const { world, alice } = await funded();
    expect((await alice.wallet.loadBalance()).ok).toBe(true);
    expect(await firstValueFrom(alice.wallet.balance$)).toBe(10_000);
    await alice.wallet.loadLog();
    expect((await firstValueFrom(alice.wallet.log$)).map((r) => r.balance)).toEqual([10_000]);

    const notLoggedIn = world.opened('alice');
    expect((await notLoggedIn.wallet.loadBalance()).ok).toBe(false);
    expect(notLoggedIn.toasts.keys()).toEqual(['toast.fetchBalanceFailed']);
  });

  it('§4 Pay password: set, then change with the old one; the modal closes 1 s after success', async () => {
    const { world, alice } = await funded();
    let closed = 0;
    alice.wallet.payPasswordModalClose$.subscribe(() => (closed += 1));

    const mismatch = await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '654321' });
    expect(!mismatch.ok && mismatch.error.kind === 'validation' && mismatch.error.i18nKey).toBe(
      'validation.payPassword.mismatch',
    );
    expect((await alice.wallet.setPayPassword({ newPin: '12345', confirmPin: '12345' })).ok).toBe(false);

    expect((await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' })).ok).toBe(true);
    expect(alice.currentUser.selfInfo?.hasPayPassword).toBe(true);
    expect(world.backend.wallet.payPasswords.get('alice')).toBe(alice.ports.passwordHasher.md5('123456'));
    await world.advance(999);
    expect(closed).toBe(0);
    await world.advance(1);
    expect(closed).toBe(1);

    const noOld = await alice.wallet.setPayPassword({ newPin: '111111', confirmPin: '111111' });
    expect(!noOld.ok && noOld.error.kind === 'validation' && noOld.error.i18nKey).toBe(
      'validation.oldPassword.required',
    );
    const wrongOld = await alice.wallet.setPayPassword({
      oldPin: '000000',
      newPin: '111111',
      confirmPin: '111111',
    });
    expect(!wrongOld.ok && wrongOld.error.kind === 'remote' && wrongOld.error.code).toBe(21003);
    expect(
      (await alice.wallet.setPayPassword({ oldPin: '123456', newPin: '111111', confirmPin: '111111' })).ok,
    ).toBe(true);
  });

  it('§4 Red packet: send posts the packet message; the receiver opens it and it is marked is_get_redbag', async () => {
    const { world, alice, bob } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await world.settle();

    const sent = await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '12.34',
      pin: '123456',
    });
    await world.settle();

    expect(sent.ok).toBe(true);
    expect(alice.toasts.keys()).toContain('toast.redPacketSent');
    expect(world.backend.wallet.balances.get('alice')).toBe(10_000 - 1234);
    const packet = bob.chat.snapshot.messages[0];
    expect(packet?.customElem?.description).not.toBe('');

    const opened = await bob.wallet.openRedPacket(packet!);

    expect(opened.ok && isRedPacketOpened(opened.value)).toBe(true);
    expect(bob.chat.snapshot.messages[0]?.localEx).toBe(RED_PACKET_OPENED_MARK);
    expect(bob.toasts.keys()).toContain('toast.redPacketReceived');
    expect(world.backend.wallet.balances.get('bob')).toBe(1234);
    expect((await bob.wallet.openRedPacket(bob.chat.snapshot.messages[0]!)).ok).toBe(false);
  });

  it('§5 Red packet: amount required; in groups the number is required; server errors are shown', async () => {
    const { world, alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
    });
    await world.settle();
    const conversation = await alice.ports.conversations.getOneConversation(group.groupID, SessionType.Group);

    const noAmount = await alice.wallet.sendRedPacket(conversation, {
      amount: '',
      count: '2',
      pin: '123456',
    });
    expect(!noAmount.ok && noAmount.error.kind === 'validation' && noAmount.error.i18nKey).toBe(
      'validation.redPacket.amountRequired',
    );
    const noCount = await alice.wallet.sendRedPacket(conversation, { amount: '1', pin: '123456' });
    expect(!noCount.ok && noCount.error.kind === 'validation' && noCount.error.i18nKey).toBe(
      'validation.redPacket.countRequired',
    );
    const tooMuch = await alice.wallet.sendRedPacket(conversation, {
      amount: '1000',
      count: '2',
      pin: '123456',
    });
    expect(!tooMuch.ok && tooMuch.error.kind === 'remote' && tooMuch.error.code).toBe(21001);
    expect(alice.toasts.toasts.at(-1)?.message).toBe('insufficient balance');
    const wrongPin = await alice.wallet.sendRedPacket(conversation, {
      amount: '1',
      count: '2',
      pin: '000000',
    });
    expect(!wrongPin.ok && wrongPin.error.kind === 'remote' && wrongPin.error.code).toBe(21003);

    const ok = await alice.wallet.sendRedPacket(conversation, { amount: '1', count: '2', pin: '123456' });
    expect(ok.ok).toBe(true);
  });

  it('§5 Red packet: the message defaults to the good-fortune greeting in the current locale', async () => {
    const { world, alice, bob } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    alice.settings.setLocale('en-US');
    await alice.conversations.open('bob', SessionType.Single);
    const sent = await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '1',
      pin: '123456',
    });
    await world.settle();
    expect(sent.ok && sent.value.customElem?.description).toMatch(/\S/);
    expect(bob.conversations.snapshot).toHaveLength(1);
  });

  it('§4 Red packet: opening something that is not a red packet is a typed error', async () => {
    const { world, alice } = await funded();
    await alice.conversations.open('bob', SessionType.Single);
    const sent = await alice.chat.sendText('plain');
    await world.settle();
    expect(sent.ok && (await alice.wallet.openRedPacket(sent.value)).ok).toBe(false);
  });

  /** Counts the client's own calls to the wallet API's open, so a guard is seen to stop it. */
  function countOpens(client: TestClient): { count: number } {
    const calls = { count: 0 };
    const api = client.ports.walletApi;
    const open = api.openRedPacket.bind(api);
    api.openRedPacket = (id) => {
      calls.count += 1;
      return open(id);
    };
    return calls;
  }

  it('§4 Red packet: the client itself refuses to open a message that is not a red packet', async () => {
    const { world, alice, bob } = await funded();
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await alice.chat.sendText('plain');
    await alice.chat.send({ kind: 'custom', data: '{"customType":555}', description: 'other app' });
    await world.settle();
    const opens = countOpens(bob);

    for (const message of bob.chat.snapshot.messages) {
      expect(await bob.wallet.openRedPacket(message)).toEqual({
        ok: false,
        error: { kind: 'state', reason: 'not a red packet' },
      });
    }

    expect(bob.chat.snapshot.messages).toHaveLength(2);
    expect(opens.count).toBe(0);
    expect(bob.toasts.keys()).toEqual([]);
  });

  it('§4 Red packet: a packet already marked opened on this device is not opened again', async () => {
    const { world, alice, bob } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '5',
      pin: '123456',
    });
    await world.settle();
    const packet = bob.chat.snapshot.messages[0]!;
    const opens = countOpens(bob);

    // The backend has not paid this packet out yet, so only the client's own check can refuse it.
    const again = await bob.wallet.openRedPacket({ ...packet, localEx: RED_PACKET_OPENED_MARK });

    expect(again).toEqual({ ok: false, error: { kind: 'state', reason: 'already opened' } });
    expect(opens.count).toBe(0);
    expect(world.backend.wallet.balances.get('bob') ?? 0).toBe(0);
    expect(bob.toasts.keys()).toEqual([]);
  });
});

describe('WalletService: what the client sends and shows', () => {
  it('§4/§5 a group packet pays the group with the amount in cents, the share count and the hashed pin', async () => {
    const { world, alice } = await funded();
    const bob = await world.signIn('bob');
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    const group = await alice.ports.groups.createGroup({
      groupName: 'g',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
    });
    await world.settle();
    const conversation = await alice.ports.conversations.getOneConversation(group.groupID, SessionType.Group);
    await bob.conversations.open(group.groupID, SessionType.Group);
    await world.settle();
    const payloads: unknown[] = [];
    const api = alice.ports.walletApi;
    const send = api.sendRedPacket.bind(api);
    api.sendRedPacket = (payload) => {
      payloads.push(payload);
      return send(payload);
    };
    alice.toasts.toasts.length = 0;

    const sent = await alice.wallet.sendRedPacket(conversation, {
      amount: '7.5',
      count: '3',
      message: ' Cheers ',
      pin: '123456',
    });
    await world.settle();

    expect(payloads).toEqual([
      {
        receiveUserId: group.groupID,
        amount: 750,
        num: 3,
        message: 'Cheers',
        payPassword: alice.ports.passwordHasher.md5('123456'),
      },
    ]);
    expect(sent.ok && sent.value.customElem?.description).toBe('Cheers');
    expect(alice.toasts.toasts).toEqual([{ level: 'success', key: 'toast.redPacketSent' }]);
    expect(world.backend.wallet.balances.get('alice')).toBe(10_000 - 750);

    // A member opens it from the group conversation: the local mark lands on the group's message.
    const packet = bob.chat.snapshot.messages.at(-1)!;
    const opened = await bob.wallet.openRedPacket(packet);
    expect(opened).toEqual({ ok: true, value: { ...packet, localEx: RED_PACKET_OPENED_MARK } });
    expect(bob.chat.snapshot.messages.at(-1)?.localEx).toBe(RED_PACKET_OPENED_MARK);
    expect(bob.toasts.toasts.at(-1)).toEqual({ level: 'success', key: 'toast.redPacketReceived' });
    expect(world.backend.wallet.balances.get('bob')).toBe(250);
  });

  it('§5 a malformed pay password is refused before anything is paid', async () => {
    const { world, alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    alice.toasts.toasts.length = 0;

    const result = await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '1',
      pin: '12ab',
    });

    expect(!result.ok && result.error.kind).toBe('validation');
    expect(world.backend.wallet.balances.get('alice')).toBe(10_000);
    expect(alice.chat.snapshot.messages).toEqual([]);
  });

  it('§5/§8 an invalid form warns with its own key; a refused payment shows the server message', async () => {
    const { alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    const to = alice.conversations.currentConversation!;
    alice.toasts.toasts.length = 0;

    await alice.wallet.sendRedPacket(to, { amount: 'abc', pin: '123456' });
    await alice.wallet.sendRedPacket(to, { amount: '500', pin: '123456' });

    expect(alice.toasts.toasts).toEqual([
      { level: 'warning', key: 'validation.redPacket.amountInvalid' },
      { level: 'error', key: 'toast.accessFailed', message: 'insufficient balance' },
    ]);
  });

  it('§4 pay password: a rule broken warns, a wrong old one shows the server message, success says so', async () => {
    const { world, alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    const stored = world.backend.wallet.payPasswords.get('alice');
    alice.toasts.toasts.length = 0;

    await alice.wallet.setPayPassword({ oldPin: '123456', newPin: '222222', confirmPin: '333333' });
    await alice.wallet.setPayPassword({ oldPin: '999999', newPin: '222222', confirmPin: '222222' });
    expect(world.backend.wallet.payPasswords.get('alice')).toBe(stored);
    await alice.wallet.setPayPassword({ oldPin: '123456', newPin: '222222', confirmPin: '222222' });

    expect(alice.toasts.toasts).toEqual([
      { level: 'warning', key: 'validation.payPassword.mismatch' },
      { level: 'error', key: 'toast.accessFailed', message: 'old pay password is wrong' },
      { level: 'success', key: 'toast.accessSuccess' },
    ]);
    expect(world.backend.wallet.payPasswords.get('alice')).toBe(alice.ports.passwordHasher.md5('222222'));
  });

  it('§2 a failed balance log load leaves the list empty, without a toast', async () => {
    const { world, alice } = await funded();
    await alice.wallet.loadLog();
    const before = await firstValueFrom(alice.wallet.log$);
    expect(before).toHaveLength(1);

    const notLoggedIn = world.opened('alice');
    const failed = await notLoggedIn.wallet.loadLog();

    expect(!failed.ok && failed.error.kind).toBe('remote');
    expect(await firstValueFrom(notLoggedIn.wallet.log$)).toEqual([]);
    expect(await firstValueFrom(notLoggedIn.wallet.balance$)).toBeUndefined();
    expect(notLoggedIn.toasts.keys()).toEqual([]);
  });

  it('§4 a failed open shows the server message and leaves the packet unmarked', async () => {
    const { world, alice, bob } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    await bob.conversations.open('alice', SessionType.Single);
    await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '2',
      pin: '123456',
    });
    await world.settle();
    const packet = bob.chat.snapshot.messages[0]!;
    await bob.wallet.openRedPacket(packet);
    bob.toasts.toasts.length = 0;

    // The local mark was lost (another device), so the server is asked and refuses.
    const again = await bob.wallet.openRedPacket(packet);

    expect(!again.ok && again.error).toMatchObject({ kind: 'remote', message: 'already claimed' });
    expect(bob.toasts.toasts).toEqual([
      { level: 'error', key: 'toast.accessFailed', message: 'already claimed' },
    ]);
    expect(world.backend.wallet.balances.get('bob')).toBe(200);
  });
});

describe('WalletService: remaining client-side details', () => {
  it('§2 a balance failure is an error toast', async () => {
    const { world } = await funded();
    const notLoggedIn = world.opened('alice');
    await notLoggedIn.wallet.loadBalance();
    expect(notLoggedIn.toasts.toasts).toEqual([{ level: 'error', key: 'toast.fetchBalanceFailed' }]);
  });

  it('§4 the first pay password is sent with an empty old hash; no self info means no old one is asked', async () => {
    const { world, alice } = await funded();
    const calls: [string, string][] = [];
    const api = alice.ports.walletApi;
    const set = api.setPayPassword.bind(api);
    api.setPayPassword = (oldHash, newHash) => {
      calls.push([oldHash, newHash]);
      return set(oldHash, newHash);
    };
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    expect(calls).toEqual([['', alice.ports.passwordHasher.md5('123456')]]);

    const notLoggedIn = world.opened('alice');
    const result = await notLoggedIn.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    expect(!result.ok && result.error.kind).toBe('remote');
  });

  it('§4 a packet paid for but not posted does not say "sent"', async () => {
    const { world, alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    await world.settle();
    alice.ports.device.messages.failSendsWith = 10000;
    alice.toasts.toasts.length = 0;

    const sent = await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '1',
      pin: '123456',
    });

    expect(!sent.ok && sent.error.kind).toBe('remote');
    expect(alice.toasts.keys()).toEqual(['toast.accessFailed']);
  });

  it('§4 the sender opening their own one-to-one packet marks it in the conversation with the peer', async () => {
    const { world, alice } = await funded();
    await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' });
    await alice.conversations.open('bob', SessionType.Single);
    const sent = await alice.wallet.sendRedPacket(alice.conversations.currentConversation!, {
      amount: '1',
      pin: '123456',
    });
    await world.settle();
    // Whether a sender may claim is the server's rule; here it lets the client through.
    alice.ports.walletApi.openRedPacket = () => Promise.resolve({ amountCents: 1, detail: undefined });

    const opened = await alice.wallet.openRedPacket(sent.ok ? sent.value : ({} as never));

    expect(opened.ok).toBe(true);
    expect(alice.chat.snapshot.messages.at(-1)?.localEx).toBe(RED_PACKET_OPENED_MARK);
  });
});
