import { RedPacketRefusal, RemoteError, type WalletApi } from '@teamim/application';
import { md5Hex } from '@teamim/adapters-http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** The demo people of the contract: everyone starts with 1000.00; bob and carol have pay password 123456. */
type Person = 'alice' | 'bob' | 'carol';

export const START_BALANCE_CENTS = 100_000;
export const PAY_PIN = '123456';

/** A backend with alice, bob and carol as above, and a signed-in wallet client per person. */
export interface WalletWorld {
  wallet(person: Person): WalletApi;
  userID(person: Person): string;
  /** A group of alice (owner), bob and carol. */
  groupID(): Promise<string>;
  close(): Promise<void>;
}

/** Wallet error codes of chat-and-wallet-api.md §6.2. */
const WalletCode = {
  InvalidArgs: 1001,
  InsufficientBalance: 21001,
  PayPasswordNotSet: 21002,
  PayPasswordWrong: 21003,
  RedPacketNotFound: 21005,
  AlreadyClaimed: 21007,
  NoSharesLeft: 21008,
  NotEligible: 21009,
  InvalidAmount: 21010,
} as const;

async function codeOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (e: unknown) {
    expect(e).toBeInstanceOf(RemoteError);
    return (e as RemoteError).code;
  }
  throw new Error('expected the call to be rejected');
}

/**
 * The WalletApi contract (spec §7 wallet calls, chat-and-wallet-api.md §6): what the wallet and
 * red-packet use cases rely on, run against the in-memory adapter and the HTTP adapter alike.
 */
export function walletApiContract(side: string, makeWorld: () => Promise<WalletWorld>): void {
  describe(`WalletApi contract: ${side}`, () => {
    let world: WalletWorld;
    const pay = md5Hex(PAY_PIN);

    beforeEach(async () => {
      world = await makeWorld();
    });
    afterEach(async () => {
      await world.close();
    });

    it('reads the balance in cents', async () => {
      await expect(world.wallet('alice').getBalance()).resolves.toBe(START_BALANCE_CENTS);
    });

    it('lists the balance log newest first with signed amounts in cents', async () => {
      const log = await world.wallet('bob').getBalanceLog();
      expect(log.some((r) => r.balance === START_BALANCE_CENTS)).toBe(true);
      const before = log.length;
      await world.wallet('bob').sendRedPacket({
        receiveUserId: world.userID('alice'),
        amount: 250,
        num: 1,
        message: 'lunch',
        payPassword: pay,
      });
      const after = await world.wallet('bob').getBalanceLog();
      // The list fetched before is a snapshot: it did not grow with the send.
      expect(log).toHaveLength(before);
      expect(after).toHaveLength(before + 1);
      expect(after[0]?.balance).toBe(-250);
      expect(after[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(typeof after[0]?.id).toBe('string');
    });

    it('sends a one-to-one red packet the receiver opens once', async () => {
      const id = await world.wallet('bob').sendRedPacket({
        receiveUserId: world.userID('alice'),
        amount: 100,
        num: 1,
        message: 'hi',
        payPassword: pay,
      });
      expect(id).not.toBe('');
      await expect(world.wallet('bob').getBalance()).resolves.toBe(START_BALANCE_CENTS - 100);
      await world.wallet('alice').openRedPacket(id);
      await expect(world.wallet('alice').getBalance()).resolves.toBe(START_BALANCE_CENTS + 100);
      expect(await codeOf(world.wallet('alice').openRedPacket(id))).toBe(WalletCode.AlreadyClaimed);
      await expect(world.wallet('alice').getBalance()).resolves.toBe(START_BALANCE_CENTS + 100);
    });

    it('refuses to open a red packet meant for someone else, the sender included', async () => {
      const id = await world.wallet('bob').sendRedPacket({
        receiveUserId: world.userID('alice'),
        amount: 100,
        num: 1,
        message: '',
        payPassword: pay,
      });
      expect(await codeOf(world.wallet('carol').openRedPacket(id))).toBe(WalletCode.NotEligible);
      expect(await codeOf(world.wallet('bob').openRedPacket(id))).toBe(WalletCode.NotEligible);
      await expect(world.wallet('carol').getBalance()).resolves.toBe(START_BALANCE_CENTS);
    });

    it('reports an unknown red packet', async () => {
      expect(await codeOf(world.wallet('alice').openRedPacket('no-such-packet'))).toBe(
        WalletCode.RedPacketNotFound,
      );
    });

    it('refuses to send without a pay password', async () => {
      const code = await codeOf(
        world.wallet('alice').sendRedPacket({
          receiveUserId: world.userID('bob'),
          amount: 100,
          num: 1,
          message: '',
          payPassword: pay,
        }),
      );
      expect(code).toBe(WalletCode.PayPasswordNotSet);
      await expect(world.wallet('alice').getBalance()).resolves.toBe(START_BALANCE_CENTS);
    });

    it('refuses a wrong pay password and leaves the balance alone', async () => {
      const code = await codeOf(
        world.wallet('bob').sendRedPacket({
          receiveUserId: world.userID('alice'),
          amount: 100,
          num: 1,
          message: '',
          payPassword: md5Hex('654321'),
        }),
      );
      expect(code).toBe(WalletCode.PayPasswordWrong);
      await expect(world.wallet('bob').getBalance()).resolves.toBe(START_BALANCE_CENTS);
    });

    it('refuses more than the balance', async () => {
      const code = await codeOf(
        world.wallet('bob').sendRedPacket({
          receiveUserId: world.userID('alice'),
          amount: START_BALANCE_CENTS + 1,
          num: 1,
          message: '',
          payPassword: pay,
        }),
      );
      expect(code).toBe(WalletCode.InsufficientBalance);
      await expect(world.wallet('bob').getBalance()).resolves.toBe(START_BALANCE_CENTS);
    });

    it('refuses a zero amount', async () => {
      const code = await codeOf(
        world.wallet('bob').sendRedPacket({
          receiveUserId: world.userID('alice'),
          amount: 0,
          num: 1,
          message: '',
          payPassword: pay,
        }),
      );
      expect(code).toBe(WalletCode.InvalidAmount);
    });

    it('sets a first pay password, which then authorises sending', async () => {
      const mine = md5Hex('246810');
      await world.wallet('alice').setPayPassword('', mine);
      const id = await world.wallet('alice').sendRedPacket({
        receiveUserId: world.userID('bob'),
        amount: 1,
        num: 1,
        message: '',
        payPassword: mine,
      });
      await world.wallet('bob').openRedPacket(id);
      await expect(world.wallet('bob').getBalance()).resolves.toBe(START_BALANCE_CENTS + 1);
    });

    it('changes the pay password only with the right old one', async () => {
      const next = md5Hex('135790');
      expect(await codeOf(world.wallet('bob').setPayPassword(md5Hex('000000'), next))).toBe(
        WalletCode.PayPasswordWrong,
      );
      await world.wallet('bob').setPayPassword(pay, next);
      expect(
        await codeOf(
          world.wallet('bob').sendRedPacket({
            receiveUserId: world.userID('alice'),
            amount: 1,
            num: 1,
            message: '',
            payPassword: pay,
          }),
        ),
      ).toBe(WalletCode.PayPasswordWrong);
    });

    it('splits a group red packet among the members, each claiming once', async () => {
      const groupID = await world.groupID();
      const id = await world.wallet('bob').sendRedPacket({
        receiveUserId: groupID,
        amount: 300,
        num: 3,
        message: 'team',
        payPassword: pay,
      });
      await expect(world.wallet('bob').getBalance()).resolves.toBe(START_BALANCE_CENTS - 300);
      for (const person of ['alice', 'carol', 'bob'] as const) await world.wallet(person).openRedPacket(id);
      const balances = await Promise.all(
        (['alice', 'bob', 'carol'] as const).map((p) => world.wallet(p).getBalance()),
      );
      // Every share is at least one cent, and the three shares add up to the packet.
      expect(balances.reduce((a, b) => a + b, 0)).toBe(3 * START_BALANCE_CENTS);
      expect(balances[0]).toBeGreaterThan(START_BALANCE_CENTS);
      expect(balances[2]).toBeGreaterThan(START_BALANCE_CENTS);
      expect(await codeOf(world.wallet('alice').openRedPacket(id))).toBe(WalletCode.AlreadyClaimed);
    });

    // Who received what
    it('tells the sender and the members who received what, and no one else', async () => {
      const groupID = await world.groupID();
      const id = await world.wallet('bob').sendRedPacket({
        receiveUserId: groupID,
        amount: 300,
        num: 3,
        message: 'team',
        payPassword: pay,
      });
      const got = [
        (await world.wallet('alice').openRedPacket(id)).amountCents,
        (await world.wallet('carol').openRedPacket(id)).amountCents,
      ];
      for (const reader of ['bob', 'alice'] as const) {
        const detail = await world.wallet(reader).getRedPacketDetail(id);
        expect(detail).toMatchObject({ id, isGroup: true, total: 300, num: 3, claimedNum: 2 });
        expect(detail.senderID).toBe(world.userID('bob'));
        expect(detail.status).toBe('active');
        expect(detail.records.map((r) => [r.userID, r.amount])).toEqual([
          [world.userID('alice'), got[0]],
          [world.userID('carol'), got[1]],
        ]);
        expect(detail.records[0]?.nickname).not.toBe('');
        expect(detail.records[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
      const single = await world.wallet('bob').sendRedPacket({
        receiveUserId: world.userID('alice'),
        amount: 100,
        num: 1,
        message: '',
        payPassword: pay,
      });
      await expect(world.wallet('alice').getRedPacketDetail(single)).resolves.toMatchObject({
        isGroup: false,
      });
      expect(await codeOf(world.wallet('carol').getRedPacketDetail(single))).toBe(WalletCode.NotEligible);
      expect(await codeOf(world.wallet('carol').getRedPacketDetail('no-such-packet'))).toBe(
        WalletCode.RedPacketNotFound,
      );
    });

    it('answers an open with the packet as it stands, and so a refusal that says how it stands', async () => {
      const groupID = await world.groupID();
      const id = await world.wallet('bob').sendRedPacket({
        receiveUserId: groupID,
        amount: 200,
        num: 1,
        message: 'one',
        payPassword: pay,
      });
      const opened = await world.wallet('alice').openRedPacket(id);
      expect(opened.amountCents).toBe(200);
      expect(opened.detail).toEqual(await world.wallet('alice').getRedPacketDetail(id));
      expect(opened.detail).toMatchObject({ id, status: 'finished', claimedNum: 1, claimedAmount: 200 });

      const refusal = await world
        .wallet('carol')
        .openRedPacket(id)
        .catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(RedPacketRefusal);
      expect(refusal).toMatchObject({ code: WalletCode.NoSharesLeft, detail: opened.detail });
      const stranger = await world
        .wallet('carol')
        .openRedPacket('no-such-packet')
        .catch((e: unknown) => e);
      expect(stranger).toBeInstanceOf(RemoteError);
      expect(stranger).not.toBeInstanceOf(RedPacketRefusal);
    });

    it('refuses a pay password that is not an MD5 hex string', async () => {
      expect(await codeOf(world.wallet('alice').setPayPassword('', 'not-a-hash'))).toBe(
        WalletCode.InvalidArgs,
      );
    });
  });
}
