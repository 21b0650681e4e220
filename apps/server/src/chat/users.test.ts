import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { md5Hex } from './crypto';
import type { ChatHarness } from './testing/harness';
import { createChatHarness } from './testing/harness';
import { userAllowsFriendRequests } from './users';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

interface Full {
  userID: string;
  nickname: string;
  email: string;
  phoneNumber: string;
  gender: number;
  birth: number;
  allowAddFriend: number;
  allowCreateGroup: number;
  hasPayPassword?: boolean;
}

describe('/user/find/full', () => {
  it('returns full info, with hasPayPassword and allowCreateGroup for self only', async () => {
    h = await createChatHarness();
    const a = await h.register({ email: 'a@example.com', nickname: 'Ann' });
    const b = await h.register({ phone: '13600000002', nickname: 'Ben' });
    h.im.registerUser({ userID: 'imonly', nickname: 'Robot', faceURL: 'f' });
    const r = await h.post<{ users: Full[] }>(
      '/user/find/full',
      { userIDs: [a.userID, b.userID, 'missing', 'imonly'] },
      { token: a.chatToken },
    );
    expect(r.errCode).toBe(0);
    const byId = new Map(r.data!.users.map((u) => [u.userID, u]));
    expect(byId.size).toBe(3);
    expect(byId.get(a.userID)).toMatchObject({
      nickname: 'Ann',
      email: 'a@example.com',
      allowAddFriend: 1,
      allowCreateGroup: 1,
      hasPayPassword: false,
    });
    expect(byId.get(b.userID)).toMatchObject({ nickname: 'Ben', phoneNumber: '13600000002' });
    expect(byId.get(b.userID)).not.toHaveProperty('hasPayPassword');
    expect(byId.get(b.userID)).not.toHaveProperty('invitationCode');
    expect(r.data!.users.every((u) => (u as unknown as { password: string }).password === '')).toBe(true);
    expect(byId.get('imonly')).toMatchObject({ nickname: 'Robot', email: '' });
    expect(
      (
        await h.post(
          '/app/userinfo/setPayPassword',
          { payPassword: md5Hex('123456') },
          { token: a.chatToken },
        )
      ).errCode,
    ).toBe(0);
    const again = await h.post<{ users: Full[] }>(
      '/user/find/full',
      { userIDs: [a.userID] },
      { token: a.chatToken },
    );
    expect(again.data!.users[0]!.hasPayPassword).toBe(true);
    expect((await h.post('/user/find/full', { userIDs: [] }, { token: a.chatToken })).errCode).toBe(1001);
  });
});

describe('/user/update', () => {
  it('updates own profile fields and pushes nickname and face to IM', async () => {
    h = await createChatHarness();
    const a = await h.register({ email: 'a@example.com', nickname: 'Ann' });
    const r = await h.post(
      '/user/update',
      {
        userID: a.userID,
        nickname: 'Annie',
        faceURL: 'ic_avatar_02',
        gender: 2,
        birth: 946684800000,
        email: 'annie@example.com',
        allowAddFriend: 2,
      },
      { token: a.chatToken },
    );
    expect(r.errCode).toBe(0);
    const me = await h.post<{ users: Full[] }>(
      '/user/find/full',
      { userIDs: [a.userID] },
      { token: a.chatToken },
    );
    expect(me.data!.users[0]).toMatchObject({
      nickname: 'Annie',
      gender: 2,
      birth: 946684800000,
      email: 'annie@example.com',
      allowAddFriend: 2,
    });
    expect(h.im.users.get(a.userID)).toMatchObject({ nickname: 'Annie', faceURL: 'ic_avatar_02' });
    // the new e-mail is now the login identifier, the old one is gone
    expect(
      (
        await h.post('/account/login', {
          email: 'annie@example.com',
          password: md5Hex('Passw0rd'),
          platform: 5,
        })
      ).errCode,
    ).toBe(0);
    expect(
      (await h.post('/account/login', { email: 'a@example.com', password: md5Hex('Passw0rd'), platform: 5 }))
        .errCode,
    ).toBe(20002);
    expect(userAllowsFriendRequests(h.db, a.userID)).toBe(false);
  });

  it('refuses other accounts (1002), taken e-mails (20014), empty nicknames and admin-only fields', async () => {
    h = await createChatHarness();
    const a = await h.register({ email: 'a@example.com' });
    const b = await h.register({ email: 'b@example.com' });
    expect(
      (await h.post('/user/update', { userID: b.userID, nickname: 'x' }, { token: a.chatToken })).errCode,
    ).toBe(1002);
    expect(
      (await h.post('/user/update', { userID: a.userID, email: 'B@example.com' }, { token: a.chatToken }))
        .errCode,
    ).toBe(20014);
    expect(
      (await h.post('/user/update', { userID: a.userID, nickname: '' }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    expect(
      (await h.post('/user/update', { userID: a.userID, email: 'bad' }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    expect(
      (await h.post('/user/update', { userID: a.userID, level: 100 }, { token: a.chatToken })).errCode,
    ).toBe(1002);
    expect(
      (await h.post('/user/update', { userID: a.userID, gender: 7 }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    const future = h.clock.now() + 3 * 86_400_000;
    expect(
      (await h.post('/user/update', { userID: a.userID, birth: future }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    // removing the only login method is refused
    expect(
      (await h.post('/user/update', { userID: a.userID, email: '' }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    const me = await h.post<{ users: Full[] }>(
      '/user/find/full',
      { userIDs: [a.userID] },
      { token: a.chatToken },
    );
    expect(me.data!.users[0]!.email).toBe('a@example.com');
    expect(h.im.profileUpdates).toHaveLength(0);
  });
});

describe('/user/search/fuzzy', () => {
  it('matches nickname substrings, exact phones and invitation codes; public fields only; excludes self', async () => {
    h = await createChatHarness();
    const me = await h.register({ email: 'me@example.com', nickname: 'Alpha Me' });
    const x = await h.register({ phone: '13500000001', nickname: 'alphabet' });
    await h.register({ email: 'z@example.com', nickname: 'Zed' });
    const search = (keyword: string, extra: object = {}) =>
      h.post<{ total: number; users: Record<string, unknown>[] }>(
        '/user/search/fuzzy',
        {
          keyword,
          searchFields: ['nickname', 'phone', 'invitation_code'],
          pagination: { pageNumber: 1, showNumber: 20 },
          excludeSelf: true,
          ...extra,
        },
        { token: me.chatToken },
      );
    const byName = await search('ALPHA');
    expect(byName.data!.total).toBe(1);
    expect(byName.data!.users[0]).toEqual({
      userID: x.userID,
      nickname: 'alphabet',
      faceURL: '',
      gender: 0,
      allowAddFriend: 1,
    });
    expect((await search('alpha', { excludeSelf: false })).data!.total).toBe(2);
    expect((await search('13500000001')).data!.users.map((u) => u.userID)).toEqual([x.userID]);
    expect((await search('+8613500000001')).data!.users.map((u) => u.userID)).toEqual([x.userID]);
    expect((await search('1350000')).data!.total).toBe(0); // no partial phone matches
    expect((await search('%')).data!.total).toBe(0); // wildcards are literal
    const xs = await h.post<{ users: { invitationCode: string }[] }>(
      '/user/find/full',
      { userIDs: [x.userID] },
      { token: x.chatToken },
    );
    expect(
      (await search(xs.data!.users[0]!.invitationCode.toLowerCase())).data!.users.map((u) => u.userID),
    ).toEqual([x.userID]);
    expect((await search(x.userID)).data!.users.map((u) => u.userID)).toEqual([x.userID]);
    expect((await search('   ')).errCode).toBe(1001);
  });

  it('pages 20 at a time', async () => {
    h = await createChatHarness({ codeMaxSendsPerIpPerDay: 1000 });
    const me = await h.register({ email: 'me@example.com', nickname: 'me' });
    for (let i = 0; i < 25; i++)
      await h.register({ email: `p${i}@example.com`, nickname: `team${String(i).padStart(2, '0')}` });
    const page = (n: number) =>
      h.post<{ total: number; users: { nickname: string }[] }>(
        '/user/search/fuzzy',
        { keyword: 'team', pagination: { pageNumber: n, showNumber: 20 } },
        { token: me.chatToken },
      );
    const p1 = await page(1);
    const p2 = await page(2);
    expect(p1.data!.total).toBe(25);
    expect(p1.data!.users).toHaveLength(20);
    expect(p2.data!.users).toHaveLength(5);
    expect(new Set([...p1.data!.users, ...p2.data!.users].map((u) => u.nickname)).size).toBe(25);
  });
});

describe('/user/rtc/get_token', () => {
  it('answers a clear error when no LiveKit URL is configured', async () => {
    h = await createChatHarness();
    const a = await h.register({ email: 'a@example.com' });
    const r = await h.post('/user/rtc/get_token', { room: 'r1', identity: a.userID }, { token: a.chatToken });
    expect(r.errCode).toBe(500);
    expect(r.errDlt).toMatch(/no livekit url provided/);
  });

  it('issues a LiveKit token for the caller only', async () => {
    h = await createChatHarness({
      liveKitUrl: 'ws://127.0.0.1:7880',
      liveKitApiKey: 'devkey',
      liveKitApiSecret: 'secret-secret-secret-secret-1234',
    });
    const a = await h.register({ email: 'a@example.com', nickname: 'Ann' });
    const b = await h.register({ email: 'b@example.com' });
    expect(
      (await h.post('/user/rtc/get_token', { room: 'r1', identity: b.userID }, { token: a.chatToken }))
        .errCode,
    ).toBe(1002);
    expect(
      (await h.post('/user/rtc/get_token', { room: '', identity: a.userID }, { token: a.chatToken })).errCode,
    ).toBe(1001);
    const r = await h.post<{ serverUrl: string; token: string }>(
      '/user/rtc/get_token',
      { room: 'room-42', identity: a.userID },
      { token: a.chatToken },
    );
    expect(r.errCode).toBe(0);
    expect(r.data!.serverUrl).toBe('ws://127.0.0.1:7880');
    const [head, body, sig] = r.data!.token.split('.') as [string, string, string];
    expect(
      createHmac('sha256', 'secret-secret-secret-secret-1234').update(`${head}.${body}`).digest('base64url'),
    ).toBe(sig);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown> & {
      video: Record<string, unknown>;
      exp: number;
      nbf: number;
    };
    expect(claims).toMatchObject({ iss: 'devkey', sub: a.userID, name: 'Ann' });
    expect(claims.video).toMatchObject({
      room: 'room-42',
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    expect(claims.exp - claims.nbf).toBe(3600);
  });
});

describe('/friend/add', () => {
  it('sends a friend application and honours allowAddFriend (20013) and IM refusals', async () => {
    h = await createChatHarness();
    const a = await h.register({ email: 'a@example.com' });
    const b = await h.register({ email: 'b@example.com' });
    const c = await h.register({ email: 'c@example.com' });
    expect(
      (await h.post('/friend/add', { toUserID: b.userID, reqMsg: 'hi' }, { token: a.chatToken })).errCode,
    ).toBe(0);
    expect(h.im.applications).toEqual([{ fromUserID: a.userID, toUserID: b.userID, reqMsg: 'hi' }]);
    await h.post('/user/update', { userID: c.userID, allowAddFriend: 2 }, { token: c.chatToken });
    expect(
      (await h.post('/friend/add', { toUserID: c.userID, reqMsg: '' }, { token: a.chatToken })).errCode,
    ).toBe(20013);
    expect((await h.post('/friend/add', { toUserID: a.userID }, { token: a.chatToken })).errCode).toBe(1301);
    expect((await h.post('/friend/add', { toUserID: 'nobody' }, { token: a.chatToken })).errCode).toBe(1004);
    expect(
      (await h.post('/friend/add', { toUserID: b.userID, reqMsg: 'x'.repeat(51) }, { token: a.chatToken }))
        .errCode,
    ).toBe(1001);
    await h.im.addFriendPair(a.userID, b.userID);
    expect((await h.post('/friend/add', { toUserID: b.userID }, { token: a.chatToken })).errCode).toBe(1304);
    expect(h.im.applications).toHaveLength(1);
  });
});
