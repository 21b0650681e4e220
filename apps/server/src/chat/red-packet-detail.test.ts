import { afterEach, describe, expect, it } from 'vitest';
import { md5Hex } from './crypto';
import type { RedPacketDetail } from './red-packet-detail';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const PIN = md5Hex('123456');
type User = { userID: string; chatToken: string; imToken: string };
let seq = 0;

const user = (cents = 0): Promise<User> =>
  h.walletUser({ email: `d${++seq}@example.com`, nickname: `member ${seq}`, cents });

const send = async (u: User, body: object) =>
  (await h.post<string>('/app/redbag/log/send', { payPassword: PIN, ...body }, { token: u.chatToken })).data!;
const open = (u: User, id: string) => h.get<{ amount: number }>('/app/redbag/log/open', { id }, u.chatToken);
const detail = (u: User, id: string, token = u.chatToken) =>
  h.get<RedPacketDetail>('/app/redbag/log/detail', { id }, token);

describe('GET /app/redbag/log/detail', () => {
  it('lists who received what, in claim order, with n of m and then all claimed', async () => {
    h = await createChatHarness();
    const a = await user(10_000);
    const b = await user();
    const c = await user();
    h.im.addGroup('grp', [a.userID, b.userID, c.userID]);
    const id = await send(a, { receiveUserId: 'grp', amount: 900, num: 2 });

    const empty = await detail(b, id);
    expect(empty.errCode).toBe(0);
    expect(empty.data).toMatchObject({ targetKind: 'group', total: 900, num: 2, claimedNum: 0 });
    expect(empty.data!.status).toBe('active');
    expect(empty.data!.records).toEqual([]);

    const gotB = (await open(b, id)).data!.amount;
    h.clock.advance(60_000);
    const gotC = (await open(c, id)).data!.amount;
    // The sender reads it with the IM token too, as the wallet's other calls.
    const full = await detail(a, id, a.imToken);
    expect(full.errCode).toBe(0);
    expect(full.data!.status).toBe('finished');
    expect(full.data!.claimedNum).toBe(2);
    expect(full.data!.claimedAmount).toBe(900);
    expect(full.data!.records.map((r) => [r.userID, r.nickname, r.amount])).toEqual([
      [b.userID, 'member 2', gotB],
      [c.userID, 'member 3', gotC],
    ]);
    expect(full.data!.records[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses strangers, former members and the wrong token, and hides unknown ids', async () => {
    h = await createChatHarness();
    const a = await user(10_000);
    const b = await user();
    const outsider = await user();
    h.im.addGroup('grp', [a.userID, b.userID]);
    const group = await send(a, { receiveUserId: 'grp', amount: 300, num: 3 });
    const single = await send(a, { receiveUserId: b.userID, amount: 100 });

    expect((await detail(outsider, group)).errCode).toBe(21009);
    expect((await detail(outsider, single)).errCode).toBe(21009);
    expect((await detail(b, single)).errCode).toBe(0);
    expect((await detail(a, single)).errCode).toBe(0);
    expect((await detail(b, 'nope')).errCode).toBe(21005);
    expect((await detail(b, group, 'not-a-token')).errCode).not.toBe(0);
    h.im.groups.get('grp')!.members.delete(b.userID);
    expect((await detail(b, group)).errCode).toBe(21009);
  });

  it('states how long the packet stays open, as the server was configured when it was sent', async () => {
    h = await createChatHarness({ redPacketExpirySeconds: 2 * 3600 });
    const a = await user(10_000);
    const b = await user();
    const id = await send(a, { receiveUserId: b.userID, amount: 100 });
    expect((await detail(a, id)).data).toMatchObject({ expirySeconds: 7200, status: 'active', records: [] });
    h.clock.advance(7_200_000);
    expect((await detail(b, id)).data).toMatchObject({ expirySeconds: 7200, status: 'expired' });
  });

  it('says expired once the time has passed, and shows the refund after the sweep', async () => {
    h = await createChatHarness();
    const a = await user(10_000);
    const b = await user();
    h.im.addGroup('grp', [a.userID, b.userID]);
    const id = await send(a, { receiveUserId: 'grp', amount: 500, num: 2 });
    const got = (await open(b, id)).data!.amount;
    h.clock.advance(86_401_000);
    const due = await detail(b, id);
    expect(due.data!.status).toBe('expired');
    expect(due.data!.refundedAmount).toBe(0);
    h.services.wallet.sweepExpired();
    const swept = await detail(a, id);
    expect(swept.data!.status).toBe('expired');
    expect(swept.data!.refundedAmount).toBe(500 - got);
    expect(swept.data!.records).toHaveLength(1);
  });
});
