import { describe, expect, it } from 'vitest';
import { SessionType } from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';

async function funded(): Promise<{ world: TestWorld; alice: TestClient }> {
  const world = new TestWorld().users('alice', 'bob');
  world.backend.makeFriends('alice', 'bob');
  world.backend.wallet.credit('alice', 10_000, 3, 'top-up');
  const alice = await world.signIn('alice');
  await world.signIn('bob');
  return { world, alice };
}

describe('WalletService: reads that show nothing of their own', () => {
  it('the balance an open balance screen polls is the balance, read without a toast', async () => {
    const { alice } = await funded();

    expect(await alice.wallet.peekBalance()).toEqual({ ok: true, value: 10_000 });
    expect(alice.toasts.keys()).toEqual([]);
  });

  it('who received what is asked only of a red packet: another message is refused without a request', async () => {
    const { world, alice } = await funded();
    const opened = await alice.conversations.open('bob', SessionType.Single);
    if (!opened.ok) throw new Error('open failed');
    const text = await alice.chat.sendText('not a red packet');
    if (!text.ok) throw new Error('send failed');
    await world.settle();
    const asked: string[] = [];
    const api = alice.ports.walletApi;
    const detail = api.getRedPacketDetail.bind(api);
    api.getRedPacketDetail = (id) => {
      asked.push(id);
      return detail(id);
    };

    expect(await alice.wallet.loadRedPacketDetail(text.value)).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'not a red packet' },
    });
    expect(asked).toEqual([]);
  });
});

describe('WalletService: the end of the session', () => {
  it('disposing completes its streams and drops the pay-password modal close still to come', async () => {
    const { world, alice } = await funded();
    let closed = 0;
    let balanceEnded = false;
    alice.wallet.payPasswordModalClose$.subscribe(() => (closed += 1));
    alice.wallet.balance$.subscribe({ complete: () => (balanceEnded = true) });
    expect((await alice.wallet.setPayPassword({ newPin: '123456', confirmPin: '123456' })).ok).toBe(true);

    alice.wallet.dispose();
    await world.advance(1_000);

    expect(closed).toBe(0);
    expect(balanceEnded).toBe(true);
  });
});
