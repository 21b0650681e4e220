import { afterEach, describe, expect, it } from 'vitest';
import { resolveChatConfig } from './config';
import { hashSecret, md5Hex, verifySecret } from './crypto';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const pw = md5Hex('Passw0rd');

/** Every text value stored in any table of the database. */
function allStoredText(db: ChatHarness['db']): string {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all();
  return tables.map((t) => JSON.stringify(db.prepare(`SELECT * FROM "${t.name}"`).all())).join('\n');
}

describe('registration', () => {
  it('registers by e-mail with a logged code and returns userID, imToken and chatToken', async () => {
    h = await createChatHarness();
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'Ann@Example.com' })).errCode).toBe(0);
    const code = h.logger.codeFor('ann@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // verify only checks: the client verifies first and then registers with the same code
    expect(
      (await h.post('/account/code/verify', { email: 'ann@example.com', verifyCode: code, usedFor: 1 }))
        .errCode,
    ).toBe(0);
    const r = await h.post<{ userID: string; imToken: string; chatToken: string }>('/account/register', {
      verifyCode: code,
      platform: 5,
      autoLogin: true,
      user: { nickname: 'Ann', faceURL: '', email: 'ann@example.com', password: pw },
    });
    expect(r.errCode).toBe(0);
    expect(r.data?.userID).toMatch(/^[1-9]\d{9}$/);
    expect(h.im.users.get(r.data!.userID)?.nickname).toBe('Ann');
    expect(await h.im.verifyImToken(r.data!.imToken)).toBe(r.data!.userID);
    expect(h.im.tokens.get(r.data!.imToken)?.platformID).toBe(5);
    const me = await h.post<{ users: { userID: string; email: string }[] }>(
      '/user/find/full',
      { userIDs: [r.data!.userID] },
      { token: r.data!.chatToken },
    );
    expect(me.data?.users[0]?.email).toBe('ann@example.com');
  });

  it('accepts the area code the client sends next to an e-mail', async () => {
    h = await createChatHarness();
    await h.post('/account/code/send', { usedFor: 1, areaCode: '+86', email: 'mail@example.com' });
    const r = await h.post<{ userID: string }>('/account/register', {
      verifyCode: h.logger.codeFor('mail@example.com'),
      platform: 5,
      autoLogin: true,
      user: { nickname: 'M', faceURL: '', areaCode: '+86', email: 'mail@example.com', password: pw },
    });
    expect(r.errCode).toBe(0);
    const row = h.db
      .prepare<[string], { area_code: string; phone_number: string; register_type: number }>(
        'SELECT area_code, phone_number, register_type FROM chat_accounts WHERE user_id = ?',
      )
      .get(r.data!.userID);
    expect(row).toEqual({ area_code: '', phone_number: '', register_type: 1 });
    expect(
      (
        await h.post('/account/login', {
          areaCode: '+86',
          email: 'mail@example.com',
          password: pw,
          platform: 5,
        })
      ).errCode,
    ).toBe(0);
    const me = await h.post('/account/login', {
      areaCode: '+86',
      email: 'mail@example.com',
      password: pw,
      platform: 5,
    });
    const token = me.data as { chatToken: string; userID: string };
    expect(
      (
        await h.post(
          '/user/update',
          { userID: token.userID, areaCode: '+86', nickname: 'M2' },
          { token: token.chatToken },
        )
      ).errCode,
    ).toBe(0);
  });

  it('stores passwords as scrypt and never the MD5 or plaintext', async () => {
    h = await createChatHarness();
    const u = await h.register({ email: 'a@example.com', password: 'Secret123' });
    const row = h.db
      .prepare<[string], { password_hash: string }>(
        'SELECT password_hash FROM chat_accounts WHERE user_id = ?',
      )
      .get(u.userID);
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    const stored = allStoredText(h.db);
    expect(stored).not.toContain(md5Hex('Secret123'));
    expect(stored).not.toContain('Secret123');
    // the same password for two users gives two different hashes (salted)
    const u2 = await h.register({ email: 'b@example.com', password: 'Secret123' });
    const row2 = h.db
      .prepare<[string], { password_hash: string }>(
        'SELECT password_hash FROM chat_accounts WHERE user_id = ?',
      )
      .get(u2.userID);
    expect(row2?.password_hash).not.toBe(row?.password_hash);
  });

  it('hashes with the production scrypt cost too', async () => {
    const stored = await hashSecret('abc', 16_384);
    expect(stored.startsWith('scrypt$16384$')).toBe(true);
    expect(await verifySecret('abc', stored)).toBe(true);
    expect(await verifySecret('abd', stored)).toBe(false);
  });

  it('normalises the area code and refuses a taken phone (20003) or e-mail (20014)', async () => {
    h = await createChatHarness();
    await h.post('/account/code/send', { usedFor: 1, areaCode: '86', phoneNumber: '13900000001' });
    const code = h.logger.codeFor('+86 13900000001');
    const r = await h.post<{ userID: string }>('/account/register', {
      verifyCode: code,
      platform: 5,
      user: { nickname: 'P', areaCode: '86', phoneNumber: '13900000001', password: pw },
    });
    expect(r.errCode).toBe(0);
    const row = h.db
      .prepare<[string], { area_code: string }>('SELECT area_code FROM chat_accounts WHERE user_id = ?')
      .get(r.data!.userID);
    expect(row?.area_code).toBe('+86');
    h.clock.advance(61_000);
    expect(
      (await h.post('/account/code/send', { usedFor: 1, areaCode: '+86', phoneNumber: '13900000001' }))
        .errCode,
    ).toBe(20003);
    await h.register({ email: 'taken@example.com' });
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'TAKEN@example.com' })).errCode).toBe(
      20014,
    );
    // the same refusal at register, even with a valid code for another identifier
    await h.post('/account/code/send', { usedFor: 1, email: 'new@example.com' });
    const dup = await h.post('/account/register', {
      verifyCode: h.logger.codeFor('new@example.com'),
      platform: 5,
      user: { nickname: 'D', email: 'taken@example.com', password: pw },
    });
    expect(dup.errCode).toBe(20014);
  });

  it('validates the request (1001)', async () => {
    h = await createChatHarness();
    const bad = [
      { verifyCode: '123456', platform: 5, user: { nickname: '', email: 'a@example.com', password: pw } },
      { verifyCode: '123456', platform: 5, user: { nickname: 'x', email: 'not-an-email', password: pw } },
      { verifyCode: '123456', platform: 11, user: { nickname: 'x', email: 'a@example.com', password: pw } },
      { verifyCode: '123456', platform: 5, user: { nickname: 'x', password: pw } },
      {
        verifyCode: '123456',
        platform: 5,
        user: { nickname: 'x'.repeat(21), email: 'a@example.com', password: pw },
      },
      {
        verifyCode: '123456',
        platform: 5,
        user: { nickname: 'x', phoneNumber: '13900000001', password: pw },
      },
      'garbage',
    ];
    for (const body of bad) {
      const r = await h.post('/account/register', body);
      expect(r.errCode, JSON.stringify(body)).toBe(1001);
      expect(r.errDlt).not.toBe('');
    }
  });
});

describe('verification codes', () => {
  it('counts wrong tries (20006), then burns the code (20008) even for the right one', async () => {
    h = await createChatHarness();
    await h.post('/account/code/send', { usedFor: 1, email: 'c@example.com' });
    const code = h.logger.codeFor('c@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await h.post('/account/code/verify', { email: 'c@example.com', verifyCode: wrong })).errCode,
      ).toBe(20006);
    expect((await h.post('/account/code/verify', { email: 'c@example.com', verifyCode: code })).errCode).toBe(
      20008,
    );
  });

  it('expires after 10 minutes (20007) and answers 20007 when none was sent', async () => {
    h = await createChatHarness();
    expect(
      (await h.post('/account/code/verify', { email: 'none@example.com', verifyCode: '123456' })).errCode,
    ).toBe(20007);
    await h.post('/account/code/send', { usedFor: 1, email: 'e@example.com' });
    const code = h.logger.codeFor('e@example.com');
    h.clock.advance(599_000);
    expect((await h.post('/account/code/verify', { email: 'e@example.com', verifyCode: code })).errCode).toBe(
      0,
    );
    h.clock.advance(2_000);
    expect((await h.post('/account/code/verify', { email: 'e@example.com', verifyCode: code })).errCode).toBe(
      20007,
    );
  });

  it('is single use: register consumes it (20009 afterwards)', async () => {
    h = await createChatHarness();
    await h.post('/account/code/send', { usedFor: 1, email: 'f@example.com' });
    const code = h.logger.codeFor('f@example.com');
    const body = {
      verifyCode: code,
      platform: 5,
      user: { nickname: 'F', email: 'f@example.com', password: pw },
    };
    expect((await h.post('/account/register', body)).errCode).toBe(0);
    expect((await h.post('/account/code/verify', { email: 'f@example.com', verifyCode: code })).errCode).toBe(
      20009,
    );
  });

  it('limits sends: one per minute and ten per day per account (20005)', async () => {
    h = await createChatHarness();
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'g@example.com' })).errCode).toBe(0);
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'g@example.com' })).errCode).toBe(20005);
    for (let i = 1; i < 10; i++) {
      h.clock.advance(61_000);
      expect((await h.post('/account/code/send', { usedFor: 1, email: 'g@example.com' })).errCode).toBe(0);
    }
    h.clock.advance(61_000);
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'g@example.com' })).errCode).toBe(20005);
    h.clock.advance(86_400_000);
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'g@example.com' })).errCode).toBe(0);
  });

  it('limits sends per client address (20005)', async () => {
    h = await createChatHarness({ codeMaxSendsPerIpPerDay: 3 });
    for (let i = 0; i < 3; i++)
      expect(
        (await h.post('/account/code/send', { usedFor: 1, email: `ip${i}@example.com` }, { ip: '10.0.0.7' }))
          .errCode,
      ).toBe(0);
    expect(
      (await h.post('/account/code/send', { usedFor: 1, email: 'ip9@example.com' }, { ip: '10.0.0.7' }))
        .errCode,
    ).toBe(20005);
    expect(
      (await h.post('/account/code/send', { usedFor: 1, email: 'ip9@example.com' }, { ip: '10.0.0.8' }))
        .errCode,
    ).toBe(0);
  });

  it('requires an existing account for login and reset codes (20002)', async () => {
    h = await createChatHarness();
    expect((await h.post('/account/code/send', { usedFor: 4, email: 'x@example.com' })).errCode).toBe(1001);
    expect(
      (await h.post('/account/code/send', { usedFor: 1, areaCode: '+86', phoneNumber: '12ab' })).errCode,
    ).toBe(1001);
    expect((await h.post('/account/code/send', { usedFor: 3, email: 'ghost@example.com' })).errCode).toBe(
      20002,
    );
    expect(
      (await h.post('/account/code/send', { usedFor: 2, areaCode: '+86', phoneNumber: '13911111111' }))
        .errCode,
    ).toBe(20002);
  });

  it('delivers nothing outside dev mode, and dev mode is refused on a non-loopback host', async () => {
    h = await createChatHarness({ devMode: false });
    const r = await h.post('/account/code/send', { usedFor: 1, email: 'h@example.com' });
    expect(r.errCode).toBe(500);
    expect(r.errDlt).toMatch(/not configured/);
    expect(h.logger.lines.some((l) => 'code' in l.obj)).toBe(false);
    expect(resolveChatConfig({ devMode: true, chatSecret: 'x' }, { host: '0.0.0.0' }).devMode).toBe(false);
    expect(resolveChatConfig({ devMode: true, chatSecret: 'x' }, { host: '127.0.0.1' }).devMode).toBe(true);
    expect(resolveChatConfig({}, { host: 'localhost', fallbackSecret: 's' }).chatSecret).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});

describe('dev code endpoint', () => {
  it('hands the last code to loopback callers in dev mode only', async () => {
    h = await createChatHarness();
    await h.post('/account/code/send', { usedFor: 1, areaCode: '86', phoneNumber: '13900000077' });
    const r = await h.get<{ code: string }>('/dev/verify-code', {
      areaCode: '+86',
      phoneNumber: '13900000077',
    });
    expect(r.data?.code).toBe(h.logger.codeFor('+86 13900000077'));
    expect((await h.get('/dev/verify-code', { email: 'never@example.com' })).errCode).toBe(1004);
    const remote = await h.app.inject({
      method: 'GET',
      url: '/chat/dev/verify-code?email=x@example.com',
      remoteAddress: '10.0.0.5',
    });
    expect(remote.json()).toMatchObject({ errCode: 1002 });
    const mapped = await h.app.inject({
      method: 'GET',
      url: '/chat/dev/verify-code?areaCode=%2B86&phoneNumber=13900000077',
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(mapped.json()).toMatchObject({ errCode: 0 });
    await h.close();
    h = await createChatHarness({ devMode: false });
    expect((await h.get('/dev/verify-code', { email: 'x@example.com' })).errCode).toBe(1002);
  });
});

describe('login', () => {
  it('logs in by password with e-mail or phone, and answers 20001 / 20002', async () => {
    h = await createChatHarness();
    const u = await h.register({ phone: '13700000001', password: 'Pw123456' });
    const ok = await h.post<{ userID: string; chatToken: string; imToken: string }>('/account/login', {
      areaCode: '+86',
      phoneNumber: '13700000001',
      password: md5Hex('Pw123456'),
      platform: 3,
    });
    expect(ok.errCode).toBe(0);
    expect(ok.data?.userID).toBe(u.userID);
    expect(h.im.tokens.get(ok.data!.imToken)?.platformID).toBe(3);
    expect(
      (
        await h.post('/account/login', {
          areaCode: '+86',
          phoneNumber: '13700000001',
          password: md5Hex('nope'),
          platform: 5,
        })
      ).errCode,
    ).toBe(20001);
    expect(
      (
        await h.post('/account/login', {
          areaCode: '+86',
          phoneNumber: '13700000009',
          password: md5Hex('nope'),
          platform: 5,
        })
      ).errCode,
    ).toBe(20002);
    expect(
      (await h.post('/account/login', { areaCode: '+86', phoneNumber: '13700000001', platform: 5 })).errCode,
    ).toBe(1001);
  });

  it('locks an account after 5 failures in the window (20005), even for the right password', async () => {
    h = await createChatHarness();
    await h.register({ email: 'lock@example.com', password: 'Right123' });
    for (let i = 0; i < 5; i++)
      expect(
        (
          await h.post('/account/login', {
            email: 'lock@example.com',
            password: md5Hex('Wrong'),
            platform: 5,
          })
        ).errCode,
      ).toBe(20001);
    expect(
      (
        await h.post('/account/login', {
          email: 'lock@example.com',
          password: md5Hex('Right123'),
          platform: 5,
        })
      ).errCode,
    ).toBe(20005);
    h.clock.advance(901_000);
    expect(
      (
        await h.post('/account/login', {
          email: 'lock@example.com',
          password: md5Hex('Right123'),
          platform: 5,
        })
      ).errCode,
    ).toBe(0);
  });

  it('limits failures per client address across accounts (20005)', async () => {
    h = await createChatHarness({ loginMaxFailuresPerIp: 3 });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await h.post(
            '/account/login',
            { email: `nobody${i}@example.com`, password: pw, platform: 5 },
            { ip: '10.1.1.1' },
          )
        ).errCode,
      ).toBe(20002);
    }
    expect(
      (
        await h.post(
          '/account/login',
          { email: 'nobody9@example.com', password: pw, platform: 5 },
          { ip: '10.1.1.1' },
        )
      ).errCode,
    ).toBe(20005);
  });

  it('limits wrong admin secrets per client address like failed logins (20005), even for the right one', async () => {
    h = await createChatHarness({ loginMaxFailuresPerIp: 3 });
    const credit = (secret: string, ip: string) =>
      h.post('/admin/invitation/add', { codes: ['ABCD1234'] }, { ip, headers: { adminSecret: secret } });
    for (let i = 0; i < 3; i++) expect((await credit(`guess${i}`, '10.2.2.2')).errCode).toBe(1002);
    expect((await credit(h.config.adminSecret, '10.2.2.2')).errCode).toBe(20005);
    expect((await credit(h.config.adminSecret, '10.3.3.3')).errCode).toBe(0);
  });

  it('logs in by code and consumes it', async () => {
    h = await createChatHarness();
    const u = await h.register({ email: 'code@example.com' });
    await h.post('/account/code/send', { usedFor: 3, email: 'code@example.com' });
    const code = h.logger.codeFor('code@example.com');
    const r = await h.post<{ userID: string }>('/account/login', {
      email: 'code@example.com',
      verifyCode: code,
      platform: 5,
    });
    expect(r.data?.userID).toBe(u.userID);
    expect(
      (await h.post('/account/login', { email: 'code@example.com', verifyCode: code, platform: 5 })).errCode,
    ).toBe(20009);
  });
});

describe('password reset and tokens', () => {
  it('resets the password, revokes chat tokens (1501) and logs the IM user out', async () => {
    h = await createChatHarness();
    const u = await h.register({ email: 'r@example.com', password: 'Old12345' });
    await h.post('/account/code/send', { usedFor: 2, email: 'r@example.com' });
    const code = h.logger.codeFor('r@example.com');
    expect(
      (
        await h.post('/account/password/reset', {
          email: 'r@example.com',
          verifyCode: '000000' === code ? '111111' : '000000',
          password: md5Hex('New12345'),
        })
      ).errCode,
    ).toBe(20006);
    expect(
      (
        await h.post('/account/password/reset', {
          email: 'r@example.com',
          verifyCode: code,
          password: md5Hex('New12345'),
          password2: 'New12345',
        })
      ).errCode,
    ).toBe(0);
    expect(h.logger.lines.map((l) => JSON.stringify(l)).join()).not.toContain('New12345');
    expect(h.im.forcedLogouts).toContain(u.userID);
    expect((await h.post('/user/find/full', { userIDs: [u.userID] }, { token: u.chatToken })).errCode).toBe(
      1501,
    );
    expect(
      (await h.post('/account/login', { email: 'r@example.com', password: md5Hex('Old12345'), platform: 5 }))
        .errCode,
    ).toBe(20001);
    expect(
      (await h.post('/account/login', { email: 'r@example.com', password: md5Hex('New12345'), platform: 5 }))
        .errCode,
    ).toBe(0);
    expect(
      (await h.post('/account/password/reset', { email: 'zz@example.com', verifyCode: code, password: pw }))
        .errCode,
    ).toBe(20002);
  });

  it('changes the password with the current one', async () => {
    h = await createChatHarness();
    const u = await h.register({ email: 'chg@example.com', password: 'Old12345' });
    expect(
      (
        await h.post(
          '/account/password/change',
          { userID: u.userID, currentPassword: md5Hex('bad'), newPassword: md5Hex('New1') },
          { token: u.chatToken },
        )
      ).errCode,
    ).toBe(20001);
    expect(
      (
        await h.post(
          '/account/password/change',
          { userID: u.userID, currentPassword: md5Hex('Old12345'), newPassword: md5Hex('New1') },
          { token: u.chatToken },
        )
      ).errCode,
    ).toBe(0);
    expect(
      (await h.post('/account/login', { email: 'chg@example.com', password: md5Hex('New1'), platform: 5 }))
        .errCode,
    ).toBe(0);
  });

  it('requires operationID on POST and a valid chat token on user endpoints', async () => {
    h = await createChatHarness();
    const u = await h.register({ email: 't@example.com' });
    expect(
      (
        await h.post(
          '/account/login',
          { email: 't@example.com', password: pw, platform: 5 },
          { operationID: null },
        )
      ).errDlt,
    ).toBe('header must have operationID');
    const noToken = await h.post('/user/find/full', { userIDs: [u.userID] });
    expect(noToken).toMatchObject({ errCode: 1001, errDlt: 'token is empty' });
    expect((await h.post('/user/find/full', { userIDs: [u.userID] }, { token: 'abc' })).errCode).toBe(1503);
    const forged = `${u.chatToken.slice(0, -4)}AAAA`;
    expect((await h.post('/user/find/full', { userIDs: [u.userID] }, { token: forged })).errCode).toBe(1505);
    // an IM token is not a chat token
    expect([1503, 1505]).toContain(
      (await h.post('/user/find/full', { userIDs: [u.userID] }, { token: u.imToken })).errCode,
    );
    h.clock.advance(91 * 86_400_000);
    expect((await h.post('/user/find/full', { userIDs: [u.userID] }, { token: u.chatToken })).errCode).toBe(
      1501,
    );
  });

  it('answers unknown routes and bad JSON in the envelope', async () => {
    h = await createChatHarness();
    const res = await h.app.inject({
      method: 'POST',
      url: '/chat/account/login',
      headers: { operationID: 'x', 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.json()).toMatchObject({ errCode: 1001 });
    const nf = await h.app.inject({ method: 'POST', url: '/chat/nope', headers: { operationID: 'x' } });
    expect(nf.json()).toMatchObject({ errCode: 1004 });
  });
});

describe('invitation codes', () => {
  it('checks invitation codes: required, unknown 20011, used 20010, personal codes accepted', async () => {
    h = await createChatHarness({ needInvitationCode: true });
    expect((await h.post('/account/code/send', { usedFor: 1, email: 'i1@example.com' })).errCode).toBe(1001);
    expect(
      (
        await h.post('/account/code/send', {
          usedFor: 1,
          email: 'i1@example.com',
          invitationCode: 'NOPE1234',
        })
      ).errCode,
    ).toBe(20011);
    expect((await h.post('/admin/invitation/add', { codes: ['WELCOME1'] })).errCode).toBe(1002);
    expect(
      (
        await h.post(
          '/admin/invitation/add',
          { codes: ['WELCOME1'] },
          { headers: { adminSecret: 'test-admin' } },
        )
      ).errCode,
    ).toBe(0);
    expect(
      (
        await h.post('/account/code/send', {
          usedFor: 1,
          email: 'i1@example.com',
          invitationCode: 'WELCOME1',
        })
      ).errCode,
    ).toBe(0);
    const reg = (email: string, invitationCode: string) =>
      h.post<{ userID: string; chatToken: string }>('/account/register', {
        verifyCode: h.logger.codeFor(email),
        invitationCode,
        platform: 5,
        user: { nickname: 'I', email, password: pw },
      });
    const first = await reg('i1@example.com', 'WELCOME1');
    expect(first.errCode).toBe(0);
    await h.post('/account/code/send', { usedFor: 1, email: 'i2@example.com', invitationCode: 'WELCOME1' });
    expect(
      (
        await h.post('/account/code/send', {
          usedFor: 1,
          email: 'i2@example.com',
          invitationCode: 'WELCOME1',
        })
      ).errCode,
    ).toBe(20010);
    // a user's personal invitation code is multi-use and records the referrer
    const me = await h.post<{ users: { invitationCode: string }[] }>(
      '/user/find/full',
      { userIDs: [first.data!.userID] },
      { token: first.data!.chatToken },
    );
    const personal = me.data!.users[0]!.invitationCode;
    expect(personal).toMatch(/^[A-Z2-9]{8}$/);
    expect(
      (await h.post('/account/code/send', { usedFor: 1, email: 'i3@example.com', invitationCode: personal }))
        .errCode,
    ).toBe(0);
    const third = await reg('i3@example.com', personal);
    expect(third.errCode).toBe(0);
    const row = h.db
      .prepare<[string], { invited_by: string }>('SELECT invited_by FROM chat_accounts WHERE user_id = ?')
      .get(third.data!.userID);
    expect(row?.invited_by).toBe(first.data!.userID);
  });
});
