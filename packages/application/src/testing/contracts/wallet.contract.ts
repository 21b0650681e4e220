import type { WalletApi, PasswordHasher } from '../../ports/wallet-api.port';
import { RemoteError } from '../../shared/remote-error';

/** One signed-in wallet user. */
export interface WalletClient {
  readonly userID: string;
  readonly wallet: WalletApi;
}

/** What a wallet contract run needs: funded users, an optional shared group, and MD5. */
export interface WalletContractEnvironment {
  /** A new user whose balance starts at `cents` (top-up). */
  createUser(cents: number): Promise<WalletClient>;
  /** A group whose members are the given users (the first is the owner). */
  createGroup(members: readonly WalletClient[]): Promise<string>;
  readonly hasher: PasswordHasher;
}

export interface WalletContractCase {
  readonly name: string;
  run(env: WalletContractEnvironment): Promise<void>;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new Error(`contract violated: ${message}`);
  }
}

async function code(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
  } catch (cause: unknown) {
    check(cause instanceof RemoteError, 'rejects with a RemoteError');
    return cause.code;
  }
  return 0;
}

/**
 * The wallet API behaviour the application relies on (chat-and-wallet-api.md §6): integer cents, MD5 pay
 * passwords, the 21xxx error codes and one claim per user. Run against the fake here and against the local
 * server by a later issue.
 */
export const walletContract: readonly WalletContractCase[] = [
  {
    name: 'balance is integer cents and the log lists signed changes, newest first',
    async run(env) {
      const alice = await env.createUser(5_000);
      const balance = await alice.wallet.getBalance();
      check(Number.isSafeInteger(balance) && balance === 5_000, 'balance in cents');
      const log = await alice.wallet.getBalanceLog();
      check(log[0]?.balance === 5_000 && (log[0]?.createTime.length ?? 0) >= 16, 'top-up row with a time');
    },
  },
  {
    name: 'pay password: md5 hex only; changing it needs the old one',
    async run(env) {
      const alice = await env.createUser(0);
      check((await code(() => alice.wallet.setPayPassword('', '123456'))) === 1001, 'raw pin refused');
      await alice.wallet.setPayPassword('', env.hasher.md5('123456'));
      const wrong = await code(() =>
        alice.wallet.setPayPassword(env.hasher.md5('000000'), env.hasher.md5('111111')),
      );
      check(wrong === 21003, 'wrong old password gives 21003');
      await alice.wallet.setPayPassword(env.hasher.md5('123456'), env.hasher.md5('111111'));
    },
  },
  {
    name: 'red packet: needs the pay password and the balance; only the recipient claims, once',
    async run(env) {
      const alice = await env.createUser(1_000);
      const bob = await env.createUser(0);
      const carol = await env.createUser(0);
      const pin = env.hasher.md5('123456');
      const payload = { receiveUserId: bob.userID, amount: 300, num: 1, message: 'hi', payPassword: pin };
      check((await code(() => alice.wallet.sendRedPacket(payload))) === 21002, 'no pay password: 21002');
      await alice.wallet.setPayPassword('', pin);
      const wrongPin = { ...payload, payPassword: env.hasher.md5('999999') };
      check((await code(() => alice.wallet.sendRedPacket(wrongPin))) === 21003, 'wrong pin: 21003');
      const tooMuch = { ...payload, amount: 5_000 };
      check((await code(() => alice.wallet.sendRedPacket(tooMuch))) === 21001, 'insufficient: 21001');

      const id = await alice.wallet.sendRedPacket(payload);
      check((await alice.wallet.getBalance()) === 700, 'the sender is debited');
      check((await code(() => carol.wallet.openRedPacket(id))) === 21009, 'not the recipient: 21009');
      check(
        (await code(() => alice.wallet.openRedPacket(id))) === 21009,
        'the sender of a 1:1 packet: 21009',
      );
      await bob.wallet.openRedPacket(id);
      check((await bob.wallet.getBalance()) === 300, 'the recipient is credited');
      check((await code(() => bob.wallet.openRedPacket(id))) === 21007, 'second claim: 21007');
      check((await code(() => bob.wallet.openRedPacket('missing'))) === 21005, 'unknown packet: 21005');
    },
  },
  {
    name: 'group red packet: shares sum to the amount, each member claims at most one, then none are left',
    async run(env) {
      const alice = await env.createUser(1_000);
      const bob = await env.createUser(0);
      const carol = await env.createUser(0);
      const dave = await env.createUser(0);
      const groupID = await env.createGroup([alice, bob, carol, dave]);
      const pin = env.hasher.md5('123456');
      await alice.wallet.setPayPassword('', pin);
      const id = await alice.wallet.sendRedPacket({
        receiveUserId: groupID,
        amount: 101,
        num: 2,
        message: '',
        payPassword: pin,
      });
      await bob.wallet.openRedPacket(id);
      await carol.wallet.openRedPacket(id);
      check((await code(() => dave.wallet.openRedPacket(id))) === 21008, 'no shares left: 21008');
      const claimed = (await bob.wallet.getBalance()) + (await carol.wallet.getBalance());
      check(claimed === 101, 'the shares add up to the amount');
    },
  },
];
