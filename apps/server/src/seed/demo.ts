import { md5Hex } from '../chat/crypto';
import type { ChatDeps } from '../chat/context';
import type { ChatServices } from '../chat/plugin';
import { createChatServices } from '../chat/plugin';

export const DEMO_PASSWORD = 'Demo1234';
const DEMO_PAY_PASSWORD = '123456';
export const DEMO_BALANCE_CENTS = 100_000;

export const DEMO_USERS = [
  {
    key: 'alice',
    userID: '1000000001',
    nickname: 'alice',
    email: 'alice@example.com',
    areaCode: '+86',
    phoneNumber: '13800000001',
    payPassword: false,
  },
  {
    key: 'bob',
    userID: '1000000002',
    nickname: 'bob',
    email: 'bob@example.com',
    areaCode: '+86',
    phoneNumber: '13800000002',
    payPassword: true,
  },
  {
    key: 'carol',
    userID: '1000000003',
    nickname: 'carol',
    email: 'carol@example.com',
    areaCode: '+86',
    phoneNumber: '13800000003',
    payPassword: true,
  },
] as const;

export interface SeedDemoResult {
  /** userIDs by name. */
  users: { alice: string; bob: string; carol: string };
  /** The "Demo team" group, when the IM core can create groups. */
  groupID?: string;
  /** False when the demo data already existed and nothing was written. */
  created: boolean;
  /** What could not be seeded because the IM core lacks it (reported, not silently skipped). */
  skipped: string[];
}

/**
 * `--seed demo`: alice, bob and carol (password Demo1234, phones +86 13800000001..3, e-mails
 * name@example.com), 1000.00 each, pay password 123456 for bob and carol, alice friends with both,
 * the group "Demo team" (alice owner, bob admin, carol member) and a little history.
 * Idempotent: a second run finds alice and does nothing.
 */
export async function seedDemo(
  deps: ChatDeps,
  services: ChatServices = createChatServices(deps),
): Promise<SeedDemoResult> {
  const { accounts, wallet, ctx } = services;
  const users = { alice: DEMO_USERS[0].userID, bob: DEMO_USERS[1].userID, carol: DEMO_USERS[2].userID };
  if (accounts.getAccount(users.alice)) return { users, created: false, skipped: [] };

  for (const u of DEMO_USERS) {
    await accounts.createAccountDirect({
      userID: u.userID,
      nickname: u.nickname,
      passwordMd5: md5Hex(DEMO_PASSWORD),
      email: u.email,
      areaCode: u.areaCode,
      phoneNumber: u.phoneNumber,
    });
    wallet.credit(u.userID, DEMO_BALANCE_CENTS, 3, 'demo top-up');
    if (u.payPassword) await wallet.forceSetPayPassword(u.userID, DEMO_PAY_PASSWORD);
  }
  await ctx.im.addFriendPair(users.alice, users.bob);
  await ctx.im.addFriendPair(users.alice, users.carol);

  const skipped: string[] = [];
  const result: SeedDemoResult = { users, created: true, skipped };
  result.groupID = await ctx.im.createGroup({
    ownerUserID: users.alice,
    groupName: 'Demo team',
    adminUserIDs: [users.bob],
    memberUserIDs: [users.carol],
  });
  if (ctx.im.sendTextAsUser) {
    const say = ctx.im.sendTextAsUser.bind(ctx.im);
    await say({ sendID: users.alice, recvID: users.bob, text: 'Hi Bob, welcome to TeamIM!' });
    await say({ sendID: users.bob, recvID: users.alice, text: 'Thanks Alice, glad to be here.' });
    await say({ sendID: users.alice, recvID: users.carol, text: 'Hi Carol, the demo team is ready.' });
    await say({ sendID: users.carol, recvID: users.alice, text: 'Great, see you there.' });
    if (result.groupID) {
      await say({
        sendID: users.alice,
        groupID: result.groupID,
        text: 'Welcome to the Demo team, everyone.',
      });
      await say({ sendID: users.bob, groupID: result.groupID, text: 'Hello team!' });
      await say({ sendID: users.carol, groupID: result.groupID, text: 'Hi all 👋' });
    }
  } else {
    skipped.push('message history (the IM core has no sendTextAsUser yet)');
  }
  for (const s of skipped) ctx.logger.warn({ seed: 'demo' }, `demo seed skipped: ${s}`);
  return result;
}
