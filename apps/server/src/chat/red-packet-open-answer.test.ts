import { afterEach, describe, expect, it } from 'vitest';
import { md5Hex } from './crypto';
import type { RedPacketDetail } from './red-packet-detail';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';
import { walletViolations } from './testing/invariants';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const PIN = md5Hex('123456');
type User = { userID: string; chatToken: string; imToken: string };
let seq = 0;

const user = (cents = 0): Promise<User> =>
  h.walletUser({ email: `o${++seq}@example.com`, nickname: `opener ${seq}`, cents });

interface OpenData {
  id: string;
  amount: number;
  remainNum: number;
  status: string;
  detail: RedPacketDetail;
}

const send = async (u: User, body: object) =>
  (await h.post<string>('/app/redbag/log/send', { payPassword: PIN, ...body }, { token: u.chatToken })).data!;
const open = (u: User, id: string) => h.get<OpenData>('/app/redbag/log/open', { id }, u.chatToken);
const detail = async (u: User, id: string) =>
  (await h.get<RedPacketDetail>('/app/redbag/log/detail', { id }, u.chatToken)).data!;

describe('GET /app/redbag/log/open answers with the packet as it stands', () => {
  it('keeps the claim fields and adds who received what after this claim', async () => {
    h = await createChatHarness();
    const a = await user(10_000);
    const b = await user();
    const c = await user();
    h.im.addGroup('grp', [a.userID, b.userID, c.userID]);
    const id = await send(a, { receiveUserId: 'grp', amount: 900, num: 2, message: 'hi' });

    const got = await open(b, id);

    expect(got.errCode).toBe(0);
    const data = got.data!;
    expect(data).toMatchObject({ id, remainNum: 1, status: 'active' });
    expect(data.detail).toEqual(await detail(b, id));
    expect(data.detail).toMatchObject({ targetKind: 'group', total: 900, num: 2, claimedNum: 1 });
    expect(data.detail.claimedAmount).toBe(data.amount);
    expect(data.detail.records.map((r) => [r.userID, r.nickname, r.amount])).toEqual([
      [b.userID, 'opener 2', data.amount],
    ]);
    expect(walletViolations(h.db)).toEqual([]);
  });

  it('a refusal that says how the packet stands carries it; other refusals carry nothing', async () => {
    h = await createChatHarness();
    const a = await user(10_000);
    const b = await user();
    const c = await user();
    const late = await user();
    const outsider = await user();
    h.im.addGroup('grp', [a.userID, b.userID, c.userID, late.userID]);
    const id = await send(a, { receiveUserId: 'grp', amount: 500, num: 2 });
    await open(b, id);
    await open(c, id);

    const again = await open(b, id);
    expect(again.errCode).toBe(21007);
    expect(again.data?.detail).toEqual(await detail(b, id));
    const none = await open(late, id);
    expect(none.errCode).toBe(21008);
    expect(none.data?.detail).toMatchObject({ status: 'finished', claimedNum: 2, claimedAmount: 500 });

    const refused = await open(outsider, id);
    expect(refused.errCode).toBe(21009);
    expect(refused).not.toHaveProperty('data');
    const unknown = await open(b, 'ffffffffffffffff');
    expect(unknown.errCode).toBe(21005);
    expect(unknown).not.toHaveProperty('data');

    const later = await send(a, { receiveUserId: 'grp', amount: 300, num: 3 });
    h.clock.advance(86_401_000);
    const expired = await open(b, later);
    expect(expired.errCode).toBe(21006);
    expect(expired.data?.detail).toMatchObject({ status: 'expired', claimedNum: 0, refundedAmount: 300 });
    expect(walletViolations(h.db)).toEqual([]);
  });
});
