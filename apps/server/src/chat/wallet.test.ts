import { afterEach, describe, expect, it } from 'vitest';
import { md5Hex } from './crypto';
import type { ChatHarness, Envelope } from './testing/harness';
import { createChatHarness } from './testing/harness';
import { walletViolations } from './testing/invariants';
import { splitAmount, toCents } from './amounts';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const PIN = md5Hex('123456');
type User = { userID: string; chatToken: string; imToken: string };
let seq = 0;

async function user(opts: { cents?: number; pin?: boolean } = {}): Promise<User> {
  const u = await h.register({ email: `w${++seq}@example.com`, nickname: `w${seq}` });
  if (opts.cents)
    expect(
      (
        await h.post(
          '/admin/wallet/credit',
          { userID: u.userID, amount: opts.cents },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(0);
  if (opts.pin ?? true)
    expect(
      (await h.post('/app/userinfo/setPayPassword', { payPassword: PIN }, { token: u.chatToken })).errCode,
    ).toBe(0);
  return u;
}

const balance = async (u: User) =>
  (await h.get<number>('/app/user/balance/log/balance', {}, u.chatToken)).data;
const send = (u: User, body: object, operationID?: string) =>
  h.post<string>(
    '/app/redbag/log/send',
    { payPassword: PIN, message: '', ...body },
    { token: u.chatToken, ...(operationID ? { operationID } : {}) },
  );
const open = (u: User, id: string) =>
  h.get<{ amount: number; remainNum: number; status: string }>('/app/redbag/log/open', { id }, u.chatToken);
const expectSound = () => expect(walletViolations(h.db)).toEqual([]);

describe('balance, ledger and admin top-up', () => {
  it('tops up only with the admin secret and lists signed records newest first', async () => {
    h = await createChatHarness({ timeZone: 'Asia/Shanghai' });
    const a = await user({ pin: false });
    expect(await balance(a)).toBe(0);
    expect((await h.post('/admin/wallet/credit', { userID: a.userID, amount: 500 })).errCode).toBe(1002);
    expect(
      (
        await h.post(
          '/admin/wallet/credit',
          { userID: a.userID, amount: 500 },
          { headers: { adminSecret: 'wrong' } },
        )
      ).errCode,
    ).toBe(1002);
    expect(
      (
        await h.post(
          '/admin/wallet/credit',
          { userID: a.userID, amount: 12345 },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(0);
    expect(
      (
        await h.post(
          '/admin/wallet/credit',
          { userID: a.userID, amount: 1.5 },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(1001);
    expect(
      (
        await h.post(
          '/admin/wallet/credit',
          { userID: 'ghost', amount: 100 },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(1004);
    expect(
      (
        await h.post(
          '/admin/wallet/withdraw',
          { userID: a.userID, amount: 345 },
          { headers: { 'x-admin-secret': 'test-admin' } },
        )
      ).errCode,
    ).toBe(0);
    expect(
      (
        await h.post(
          '/admin/wallet/withdraw',
          { userID: a.userID, amount: 999_999 },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(21001);
    expect(await balance(a)).toBe(12000);
    const log = await h.get<{
      records: { id: number; type: number; remark: string; balance: number; createTime: string }[];
      total: number;
      pages: number;
    }>('/app/user/balance/log/log', { current: '1', size: '20' }, a.chatToken);
    expect(log.data!.total).toBe(2);
    expect(log.data!.records.map((r) => [r.type, r.balance])).toEqual([
      [2, -345],
      [3, 12345],
    ]);
    // Shanghai is UTC+8 all year
    const shanghai = new Date(h.clock.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(log.data!.records[0]!.createTime).toBe(shanghai);
    expect(shanghai).toMatch(/^2026-01-01 16:/);
    const typed = await h.get<{ total: number }>(
      '/app/user/balance/log/log',
      { pageNum: '1', pageSize: '1', type: '3' },
      a.chatToken,
    );
    expect(typed.data!.total).toBe(1);
    expect((await h.get('/app/user/balance/log/log', { size: '1000' }, a.chatToken)).errCode).toBe(1001);
    expect((await h.get('/app/user/balance/log/balance', {})).errCode).toBe(1001);
    expectSound();
  });

  it('accepts the IM token as well as the chat token on wallet calls', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 700, pin: false });
    expect((await h.get<number>('/app/user/balance/log/balance', {}, a.imToken)).data).toBe(700);
    expect((await h.get('/app/user/balance/log/balance', {}, 'im.bogus')).errCode).toBe(1503);
  });

  it('keeps the ledger append-only', async () => {
    h = await createChatHarness();
    await user({ cents: 100, pin: false });
    expect(() => h.db.prepare('UPDATE wallet_ledger SET amount_cents = 1').run()).toThrow(/append-only/);
    expect(() => h.db.prepare('DELETE FROM wallet_ledger').run()).toThrow(/append-only/);
    expect(() => h.db.prepare('UPDATE wallet_accounts SET balance_cents = -1').run()).toThrow(/CHECK/);
  });
});

describe('pay password', () => {
  it('sets, changes with the old one, and locks after 5 wrong attempts', async () => {
    h = await createChatHarness();
    const a = await user({ pin: false });
    expect(
      (await h.post('/app/userinfo/setPayPassword', { payPassword: 'abc' }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    expect(
      (await h.post('/app/userinfo/setPayPassword', { payPassword: PIN }, { token: a.chatToken })).errCode,
    ).toBe(0);
    const other = md5Hex('654321');
    expect(
      (await h.post('/app/userinfo/setPayPassword', { payPassword: other }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    const wrong = await h.post(
      '/app/userinfo/setPayPassword',
      { oldPayPassword: md5Hex('000000'), payPassword: other },
      { token: a.chatToken },
    );
    expect(wrong).toMatchObject({ errCode: 21003, errMsg: 'wrong pay password, 4 attempt(s) left' });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await h.post(
            '/app/userinfo/setPayPassword',
            { oldPayPassword: md5Hex('000000'), payPassword: other },
            { token: a.chatToken },
          )
        ).errCode,
      ).toBe(21003);
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { oldPayPassword: md5Hex('000000'), payPassword: other },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(21004);
    // the right one is refused during the lock
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { oldPayPassword: PIN, payPassword: other },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(21004);
    h.clock.advance(901_000);
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { oldPayPassword: PIN, payPassword: other },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(0);
    // a raw 6-digit PIN is hashed on the server and matches its MD5 form
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { oldPayPassword: '654321', payPassword: '111111' },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(0);
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { oldPayPassword: md5Hex('111111'), payPassword: PIN },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(0);
  });

  it('stores a salted scrypt hash, never the MD5', async () => {
    h = await createChatHarness();
    const a = await user();
    const b = await user();
    const rows = h.db.prepare<[], { hash: string }>('SELECT hash FROM wallet_pay_passwords').all();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.hash).not.toBe(rows[1]!.hash);
    const everything = h.db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((t) => JSON.stringify(h.db.prepare(`SELECT * FROM "${t.name}"`).all()))
      .join();
    expect(everything).not.toContain(PIN);
    expect(JSON.stringify(h.logger.lines)).not.toContain(PIN);
    expect([a.userID, b.userID]).toHaveLength(2);
  });

  it('serialises concurrent guesses so a burst cannot outrun the lockout', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 1000 });
    const b = await user();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        send(a, { receiveUserId: b.userID, amount: 10, payPassword: md5Hex('999999') }),
      ),
    );
    const codes = results.map((r) => r.errCode);
    expect(codes.filter((c) => c === 21003)).toHaveLength(4);
    expect(codes.filter((c) => c === 21004)).toHaveLength(8);
    expect(await balance(a)).toBe(1000);
  });
});

describe('red packets', () => {
  it('sends a one-to-one packet that only the receiver can open, once', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 10_000 });
    const b = await user();
    const c = await user();
    const r = await send(a, { receiveUserId: b.userID, amount: 888, num: 5, message: 'hi' });
    expect(r.errCode).toBe(0);
    expect(r.data).toMatch(/^[0-9a-f]{16}$/);
    expect(await balance(a)).toBe(10_000 - 888);
    expect((await open(a, r.data!)).errCode).toBe(21009);
    expect((await open(c, r.data!)).errCode).toBe(21009);
    const got = await open(b, r.data!);
    expect(got).toMatchObject({ errCode: 0, data: { amount: 888, remainNum: 0, status: 'finished' } });
    expect((await open(b, r.data!)).errCode).toBe(21007);
    expect(await balance(b)).toBe(888);
    expect((await open(b, 'ffffffffffffffff')).errCode).toBe(21005);
    const res = await h.app.inject({
      method: 'GET',
      url: `/chat/app/redbag/log/open?id=${r.data}`,
      headers: { token: b.chatToken },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expectSound();
  });

  it('refuses bad sends with the right codes and charges nothing', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 1000 });
    const b = await user();
    const noPin = await user({ cents: 1000, pin: false });
    expect((await send(noPin, { receiveUserId: b.userID, amount: 100 })).errCode).toBe(21002);
    expect(
      (await send(a, { receiveUserId: b.userID, amount: 100, payPassword: md5Hex('000001') })).errCode,
    ).toBe(21003);
    expect((await send(a, { receiveUserId: b.userID, amount: 1001 })).errCode).toBe(21001);
    expect((await send(a, { receiveUserId: b.userID, amount: 0 })).errCode).toBe(21010);
    expect((await send(a, { receiveUserId: b.userID, amount: 1.5 })).errCode).toBe(21010);
    expect((await send(a, { receiveUserId: b.userID, amount: -5 })).errCode).not.toBe(0);
    expect((await send(a, { receiveUserId: a.userID, amount: 100 })).errCode).toBe(1001);
    expect((await send(a, { receiveUserId: 'nobody', amount: 100 })).errCode).toBe(1001);
    expect((await send(a, { receiveUserId: b.userID, amount: 100, payPassword: '' })).errCode).toBe(1001);
    const failed = await send(a, { receiveUserId: b.userID, amount: 1001 });
    expect(failed.errMsg).toBe('insufficient balance');
    expect(await balance(a)).toBe(1000);
    expect(await balance(noPin)).toBe(1000);
    expectSound();
  });

  it('splits a group packet into random shares of at least one cent for members only', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 10_000 });
    const members = [await user(), await user(), await user()];
    const outsider = await user();
    h.im.addGroup('grp', [a.userID, ...members.map((m) => m.userID)]);
    expect((await send(a, { receiveUserId: 'grp', amount: 100 })).errCode).toBe(21010); // num required
    expect((await send(a, { receiveUserId: 'grp', amount: 2, num: 3 })).errCode).toBe(21010);
    expect((await send(a, { receiveUserId: 'grp', amount: 100, num: 101 })).errCode).toBe(21010);
    expect((await send(outsider, { receiveUserId: 'grp', amount: 100, num: 1 })).errCode).toBe(21009);
    const r = await send(a, { receiveUserId: 'grp', amount: 1000, num: 3 });
    expect(r.errCode).toBe(0);
    expect((await open(outsider, r.data!)).errCode).toBe(21009);
    const got = [];
    for (const m of members) {
      const o = await open(m, r.data!);
      expect(o.errCode).toBe(0);
      got.push(o.data!.amount);
    }
    expect(got.reduce((s, x) => s + x, 0)).toBe(1000);
    expect(got.every((x) => x >= 1)).toBe(true);
    expect((await open(a, r.data!)).errCode).toBe(21008);
    expectSound();
  });

  it('can forbid senders to grab their own group packet', async () => {
    h = await createChatHarness({ senderMayClaimOwnGroupPacket: false });
    const a = await user({ cents: 1000 });
    const m = await user();
    h.im.addGroup('own', [a.userID, m.userID]);
    const id = (await send(a, { receiveUserId: 'own', amount: 100, num: 2 })).data!;
    expect((await open(a, id)).errCode).toBe(21009);
    expect((await open(m, id)).errCode).toBe(0);
    // a member who left the group can no longer open it
    h.im.groups.get('own')!.members.delete(m.userID);
    const id2 = (await send(a, { receiveUserId: 'own', amount: 100, num: 2 })).data!;
    expect((await open(m, id2)).errCode).toBe(21009);
    expectSound();
  });

  it('lets exactly k of many concurrent openers claim k shares, and one user only once', async () => {
    h = await createChatHarness({ codeMaxSendsPerIpPerDay: 1000 });
    const a = await user({ cents: 100_000 });
    const racers: User[] = [];
    for (let i = 0; i < 30; i++) racers.push(await user({ pin: false }));
    h.im.addGroup('race', [a.userID, ...racers.map((r) => r.userID)]);
    const packet = (await send(a, { receiveUserId: 'race', amount: 5000, num: 10 })).data!;
    const results = await Promise.all(racers.map((r) => open(r, packet)));
    const winners = results.filter((r) => r.errCode === 0);
    expect(winners).toHaveLength(10);
    expect(results.filter((r) => r.errCode === 21008)).toHaveLength(20);
    expect(winners.reduce((s, r) => s + r.data!.amount, 0)).toBe(5000);
    const claimers = h.db
      .prepare<[string], { claimed_by: string }>(
        'SELECT claimed_by FROM red_packet_shares WHERE packet_id = ?',
      )
      .all(packet);
    expect(new Set(claimers.map((c) => c.claimed_by)).size).toBe(10);

    const second = (await send(a, { receiveUserId: 'race', amount: 500, num: 5 }, 'op-second')).data!;
    const same = await Promise.all(Array.from({ length: 20 }, () => open(racers[0]!, second)));
    expect(same.filter((r) => r.errCode === 0)).toHaveLength(1);
    expect(same.filter((r) => r.errCode === 21007)).toHaveLength(19);
    expectSound();
  });

  it('never overdraws under concurrent sends: 10 x 600 from 5000 gives 8 successes', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 5000 });
    const b = await user();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send(a, { receiveUserId: b.userID, amount: 600 })),
    );
    expect(results.filter((r) => r.errCode === 0)).toHaveLength(8);
    expect(results.filter((r) => r.errCode === 21001)).toHaveLength(2);
    expect(await balance(a)).toBe(200);
    expectSound();
  });

  it('charges a replayed send (same operationID) once', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 1000 });
    const b = await user();
    const [r1, r2] = await Promise.all([
      send(a, { receiveUserId: b.userID, amount: 300 }, 'same-op'),
      send(a, { receiveUserId: b.userID, amount: 300 }, 'same-op'),
    ]);
    expect(r1.data).toBe(r2.data);
    expect((await send(a, { receiveUserId: b.userID, amount: 300 }, 'same-op')).data).toBe(r1.data);
    expect(await balance(a)).toBe(700);
    expect((await send(a, { receiveUserId: b.userID, amount: 301 }, 'same-op')).errCode).toBe(1001);
    expect(await balance(a)).toBe(700);
    expectSound();
  });

  it('refunds an expired packet to the sender exactly once, after 24 hours', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 10_000 });
    const m1 = await user();
    const m2 = await user();
    h.im.addGroup('g', [a.userID, m1.userID, m2.userID]);
    const id = (await send(a, { receiveUserId: 'g', amount: 900, num: 3 })).data!;
    const first = await open(m1, id);
    expect(first.errCode).toBe(0);
    h.clock.advance(86_399_000);
    expect(h.services.wallet.sweepExpired()).toBe(0);
    expect(await balance(a)).toBe(9100);
    h.clock.advance(2_000);
    expect(h.services.wallet.sweepExpired()).toBe(1);
    expect(h.services.wallet.sweepExpired()).toBe(0);
    expect(await balance(a)).toBe(9100 + 900 - first.data!.amount);
    expect((await open(m2, id)).errCode).toBe(21006);
    expect((await open(m1, id)).errCode).toBe(21007);
    const refunds = h.db
      .prepare("SELECT COUNT(*) AS n FROM wallet_ledger WHERE ref_kind = 'rp_refund'")
      .get() as { n: number };
    expect(refunds.n).toBe(1);
    expectSound();
  });

  it('expires on access too: the first open after 24 h refunds and answers 21006', async () => {
    h = await createChatHarness();
    const a = await user({ cents: 1000 });
    const b = await user();
    const id = (await send(a, { receiveUserId: b.userID, amount: 400 })).data!;
    h.clock.advance(86_401_000);
    expect((await open(b, id)).errCode).toBe(21006);
    expect(await balance(a)).toBe(1000);
    expect(await balance(b)).toBe(0);
    expectSound();
  });

  it('keeps every invariant through a random mix of operations', async () => {
    h = await createChatHarness({ codeMaxSendsPerIpPerDay: 1000 });
    const people: User[] = [];
    for (let i = 0; i < 6; i++) people.push(await user({ cents: 2000 }));
    h.im.addGroup(
      'mix',
      people.map((p) => p.userID),
    );
    const packets: string[] = [];
    let rnd = 42;
    const next = (n: number) => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return rnd % n;
    };
    const credited = () =>
      (
        h.db
          .prepare(
            "SELECT SUM(amount_cents) AS v FROM wallet_ledger WHERE ref_kind IN ('topup', 'system', 'withdraw')",
          )
          .get() as { v: number }
      ).v;
    const start = credited();
    let opened = 0;
    for (let step = 0; step < 40; step++) {
      // Each step puts a mixed burst in flight at once: sends, opens and admin credits interleave.
      const batch: Promise<Envelope>[] = [];
      for (let k = 0; k < 6; k++) {
        const who = people[next(people.length)]!;
        const op = next(6);
        if (op === 0)
          batch.push(send(who, { receiveUserId: 'mix', amount: 1 + next(800), num: 1 + next(5) }));
        else if (op === 1) {
          const to = people[(people.indexOf(who) + 1) % people.length]!;
          batch.push(send(who, { receiveUserId: to.userID, amount: 1 + next(500) }));
        } else if ((op === 2 || op === 3) && packets.length)
          batch.push(open(who, packets[next(packets.length)]!));
        else if (op === 4)
          batch.push(
            h.post(
              '/admin/wallet/credit',
              { userID: who.userID, amount: 1 + next(100) },
              { headers: { adminSecret: 'test-admin' } },
            ),
          );
      }
      if (next(4) === 0) h.clock.advance(next(3) * 3_600_000 * 10);
      if (next(3) === 0) h.services.wallet.sweepExpired();
      for (const r of await Promise.all(batch)) {
        if (r.errCode === 0 && typeof r.data === 'string') packets.push(r.data);
        if (
          r.errCode === 0 &&
          typeof r.data === 'object' &&
          r.data !== null &&
          'amount' in r.data &&
          'remainNum' in r.data
        )
          opened++;
        expect([0, 21001, 21006, 21007, 21008, 21009, 21010]).toContain(r.errCode);
        if (r.errCode !== 0) expect(r.errMsg).not.toBe('');
      }
      expect(walletViolations(h.db)).toEqual([]);
    }
    expect(credited()).toBeGreaterThan(start);
    expect(packets.length).toBeGreaterThan(5);
    expect(opened).toBeGreaterThan(5);
    expect(h.db.prepare("SELECT COUNT(*) AS n FROM red_packets WHERE status = 'expired'").get()).not.toEqual({
      n: 0,
    });
    expect(packets.length).toBeGreaterThan(5);
  });
});

describe('money helpers', () => {
  it('splits exactly with every share at least one cent', () => {
    for (const [total, num] of [
      [1, 1],
      [10, 10],
      [11, 10],
      [1000, 3],
      [100_000, 100],
      [7, 2],
    ] as const) {
      for (let i = 0; i < 50; i++) {
        const s = splitAmount(total, num);
        expect(s).toHaveLength(num);
        expect(s.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.min(...s)).toBeGreaterThanOrEqual(1);
      }
    }
    expect(() => splitAmount(2, 3)).toThrow();
  });

  it('converts amounts without rounding', () => {
    expect(toCents(123, 'cents')).toBe(123);
    expect(toCents('123', 'cents')).toBe(123);
    expect(() => toCents(1.5, 'cents')).toThrow();
    expect(toCents('12.3', 'yuan')).toBe(1230);
    expect(toCents(0.01, 'yuan')).toBe(1);
    expect(() => toCents('1.234', 'yuan')).toThrow();
    expect(() => toCents(0, 'yuan')).toThrow();
  });
});
