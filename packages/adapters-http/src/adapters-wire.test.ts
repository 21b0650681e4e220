import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { RedPacketRefusal } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { createAccountApi, CodeUsage } from './account-api';
import { createChatApi } from './chat-api';
import { ChatApiError, TransportErrorCode } from './chat-http-client';
import { md5Hex } from './md5';
import { createWalletApi, Md5PasswordHasher } from './wallet-api';

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly params: unknown;
}

/** A transport answering each path with a fixed `data`, recording the request bodies. */
function server(answers: Readonly<Record<string, unknown>>): { transport: AxiosAdapter; calls: Call[] } {
  const calls: Call[] = [];
  const transport: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    await Promise.resolve();
    const path = config.url ?? '';
    calls.push({
      method: (config.method ?? '').toUpperCase(),
      path,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : undefined,
      params: config.params,
    });
    const data = answers[path];
    const body =
      data === undefined
        ? { errCode: 0, errMsg: '', errDlt: '' }
        : { errCode: 0, errMsg: '', errDlt: '', data };
    return { data: JSON.stringify(body), status: 200, statusText: 'OK', headers: {}, config };
  };
  return { transport, calls };
}

const config = { baseURL: 'http://chat.test/chat' };

describe('account API payloads (spec §7, passwords MD5-hashed on the client)', () => {
  it('logs in with the MD5 of the password and platform 5, and returns the two tokens', async () => {
    const s = server({ '/account/login': { userID: 'u1', imToken: 'im', chatToken: 'chat' } });
    const api = createAccountApi(config, { getToken: () => '', transport: s.transport });
    const session = await api.loginWithPassword({ areaCode: '+86', phoneNumber: '13800000001' }, 'Demo1234');
    expect(session).toEqual({ userID: 'u1', imToken: 'im', chatToken: 'chat' });
    expect(s.calls[0]?.body).toEqual({
      areaCode: '+86',
      phoneNumber: '13800000001',
      password: md5Hex('Demo1234'),
      platform: 5,
    });
    expect(JSON.stringify(s.calls)).not.toContain('Demo1234');
  });

  it('registers with the hashed password inside user, autoLogin and the code', async () => {
    const s = server({ '/account/register': { userID: 'u2', imToken: 'im', chatToken: 'chat' } });
    const api = createAccountApi(config, { getToken: () => '', transport: s.transport });
    await api.register({
      identifier: { email: 'a@b.c' },
      nickname: 'A',
      password: 'Secret12',
      verifyCode: '123456',
    });
    expect(s.calls[0]?.body).toEqual({
      verifyCode: '123456',
      platform: 5,
      autoLogin: true,
      user: { email: 'a@b.c', nickname: 'A', faceURL: '', password: md5Hex('Secret12') },
    });
  });

  it('sends codes with usedFor and resets with a hashed password', async () => {
    const s = server({});
    const api = createAccountApi(config, { getToken: () => '', transport: s.transport });
    await api.sendCode({ email: 'a@b.c' }, CodeUsage.ResetPassword);
    await api.resetPassword({ email: 'a@b.c' }, '654321', 'NewPass1');
    expect(s.calls.map((c) => c.body)).toEqual([
      { email: 'a@b.c', usedFor: 2, platform: 5 },
      { email: 'a@b.c', verifyCode: '654321', password: md5Hex('NewPass1') },
    ]);
  });

  it('rejects a login answer without tokens as an invalid response', async () => {
    const s = server({ '/account/login': { userID: 'u1' } });
    const api = createAccountApi(config, { getToken: () => '', transport: s.transport });
    await expect(api.loginWithPassword({ email: 'a@b.c' }, 'x')).rejects.toMatchObject({
      code: TransportErrorCode.InvalidResponse,
    });
  });
});

describe('chat API payloads (spec §7)', () => {
  it('searches page 1 of 20 over nickname, phone and invitation code, self excluded', async () => {
    const s = server({
      '/user/search/fuzzy': {
        total: 1,
        users: [{ userID: 'u9', nickname: 'Nine', faceURL: '', gender: 2, allowAddFriend: 2, extra: 'x' }],
      },
    });
    const api = createChatApi(config, { getToken: () => 't', transport: s.transport });
    await expect(api.searchUsers('nin')).resolves.toEqual([
      { userID: 'u9', nickname: 'Nine', faceURL: '', gender: 2, allowAddFriend: 2 },
    ]);
    expect(s.calls[0]?.body).toEqual({
      keyword: 'nin',
      searchFields: ['nickname', 'phone', 'invitation_code'],
      pagination: { pageNumber: 1, showNumber: 20 },
      excludeSelf: true,
    });
  });

  it("falls back to chat v1.8's /user/search/public when the deployment has no fuzzy route", async () => {
    const calls: string[] = [];
    const transport: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      await Promise.resolve();
      const path = config.url ?? '';
      calls.push(`${path} ${String(config.data)}`);
      const answer =
        path === '/user/search/public'
          ? {
              status: 200,
              body: JSON.stringify({
                errCode: 0,
                errMsg: '',
                errDlt: '',
                data: {
                  total: 2,
                  users: [
                    { userID: 'me', nickname: 'Nin' },
                    { userID: 'u9', nickname: 'Nine' },
                  ],
                },
              }),
            }
          : { status: 404, body: '404 page not found' };
      return { data: answer.body, status: answer.status, statusText: '', headers: {}, config };
    };
    const api = createChatApi(config, { getToken: () => 't', transport }, { selfUserID: () => 'me' });
    const expected = [{ userID: 'u9', nickname: 'Nine', faceURL: '', gender: 0, allowAddFriend: 1 }];
    await expect(api.searchUsers('nin')).resolves.toEqual(expected);
    await expect(api.searchUsers('nin')).resolves.toEqual(expected);
    const publicBody = '{"keyword":"nin","pagination":{"pageNumber":1,"showNumber":20}}';
    // Fuzzy is tried once; afterwards the adapter remembers the deployment has none.
    expect(calls.map((c) => c.split(' ')[0])).toEqual([
      '/user/search/fuzzy',
      '/user/search/public',
      '/user/search/public',
    ]);
    expect(calls[1]).toBe(`/user/search/public ${publicBody}`);
  });

  it('hands out the configured LiveKit address instead of the one the room token came with', async () => {
    const s = server({ '/user/rtc/get_token': { serverUrl: 'ws://livekit.internal:7880', token: 'jwt' } });
    const api = createChatApi(
      config,
      { getToken: () => 't', transport: s.transport },
      {
        livekitUrl: 'wss://rtc.example.com',
      },
    );
    await expect(api.getRoomAccess('room-1', 'u1')).resolves.toEqual({
      serverUrl: 'wss://rtc.example.com',
      token: 'jwt',
    });
  });

  it('uses a configured search route directly, and does not fall back on an enveloped error', async () => {
    const s = server({ '/custom/search': { users: [{ userID: 'u9', nickname: 'Nine' }] } });
    const configured = createChatApi(
      config,
      { getToken: () => 't', transport: s.transport },
      {
        userSearchPath: '/custom/search',
      },
    );
    await expect(configured.searchUsers('n')).resolves.toHaveLength(1);
    expect(s.calls.map((c) => c.path)).toEqual(['/custom/search']);

    const refusing: AxiosAdapter = async (c) => {
      await Promise.resolve();
      const data = JSON.stringify({ errCode: 1001, errMsg: 'ArgsError', errDlt: '' });
      return { data, status: 200, statusText: '', headers: {}, config: c };
    };
    const api = createChatApi(config, { getToken: () => 't', transport: refusing });
    await expect(api.searchUsers('n')).rejects.toMatchObject({ code: 1001 });
  });

  it('sends changed fields plus userID on update, and room plus identity for room access', async () => {
    const s = server({ '/user/rtc/get_token': { serverUrl: 'wss://lk', token: 'jwt' } });
    const api = createChatApi(config, { getToken: () => 't', transport: s.transport });
    await api.updateUser('u1', { nickname: 'New' });
    await expect(api.getRoomAccess('room-1', 'u1')).resolves.toEqual({ serverUrl: 'wss://lk', token: 'jwt' });
    expect(s.calls.map((c) => c.body)).toEqual([
      { nickname: 'New', userID: 'u1' },
      { room: 'room-1', identity: 'u1' },
    ]);
  });

  it('asks for business info only when there are ids; absent fields are neutral, local-only ones unknown', async () => {
    const s = server({ '/user/find/full': { users: [{ userID: 'u1', nickname: 'One', gender: 7 }] } });
    const api = createChatApi(config, { getToken: () => 't', transport: s.transport });
    await expect(api.findUsers([])).resolves.toEqual([]);
    expect(s.calls).toHaveLength(0);
    await expect(api.findUsers(['u1'])).resolves.toEqual([
      {
        userID: 'u1',
        nickname: 'One',
        faceURL: '',
        email: '',
        gender: 0,
        birth: 0,
        phoneNumber: '',
        allowAddFriend: 1,
      },
    ]);
    expect(s.calls[0]?.body).toEqual({ userIDs: ['u1'] });
    // "unknown" is no key at all, so toEqual above would fail on `hasPayPassword: false`.
    const [only] = await api.findUsers(['u1']);
    expect(only && 'hasPayPassword' in only).toBe(false);
  });

  it('rejects a malformed user list instead of rendering it', async () => {
    const s = server({ '/user/search/fuzzy': { users: [{ nickname: 'no id' }] } });
    const api = createChatApi(config, { getToken: () => 't', transport: s.transport });
    const failure = api.searchUsers('x');
    await expect(failure).rejects.toBeInstanceOf(ChatApiError);
    await expect(failure).rejects.toMatchObject({ code: TransportErrorCode.InvalidResponse });
  });
});

describe('wallet API payloads (spec §7)', () => {
  it('reads the balance in cents and the log records, with ids as text', async () => {
    const s = server({
      '/app/user/balance/log/balance': 10050,
      '/app/user/balance/log/log': {
        records: [
          {
            id: 7,
            type: 1,
            remark: 'red packet',
            balance: -100,
            balanceAfter: 9950,
            createTime: '2026-01-01 08:00:00',
          },
        ],
      },
    });
    const api = createWalletApi(config, { getToken: () => 't', transport: s.transport });
    await expect(api.getBalance()).resolves.toBe(10050);
    await expect(api.getBalanceLog()).resolves.toEqual([
      { id: '7', type: 1, remark: 'red packet', balance: -100, createTime: '2026-01-01 08:00:00' },
    ]);
    expect(s.calls.map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('sends red packets and pay passwords as given (already MD5) and opens by query id', async () => {
    const s = server({ '/app/redbag/log/send': 'rp-1' });
    const api = createWalletApi(config, { getToken: () => 't', transport: s.transport });
    const hasher = new Md5PasswordHasher();
    const pay = hasher.md5('123456');
    expect(pay).toBe('e10adc3949ba59abbe56e057f20f883e');
    await api.setPayPassword('', pay);
    await expect(
      api.sendRedPacket({ receiveUserId: 'u2', amount: 100, num: 1, message: 'hi', payPassword: pay }),
    ).resolves.toBe('rp-1');
    await api.openRedPacket('rp-1');
    expect(s.calls.map((c) => [c.method, c.path, c.body ?? c.params])).toEqual([
      ['POST', '/app/userinfo/setPayPassword', { oldPayPassword: '', payPassword: pay }],
      [
        'POST',
        '/app/redbag/log/send',
        { receiveUserId: 'u2', amount: 100, num: 1, message: 'hi', payPassword: pay },
      ],
      ['GET', '/app/redbag/log/open', { id: 'rp-1' }],
    ]);
  });

  it('reads the packet an open answers with, and the one a refusal carries; a malformed one is left out', async () => {
    const detail = {
      id: 'rp-1',
      senderID: 'u1',
      targetKind: 'group',
      total: 300,
      num: 3,
      claimedNum: 1,
      claimedAmount: 120,
      refundedAmount: 0,
      status: 'active',
      expireTime: '2026-01-02 08:00:00',
      expirySeconds: 86_400,
      records: [
        { userID: 'u2', nickname: 'Bo', faceURL: '', amount: 120, createTime: '2026-01-01 08:00:00' },
      ],
    };
    const answers: unknown[] = [
      {
        errCode: 0,
        errMsg: '',
        errDlt: '',
        data: { id: 'rp-1', amount: 120, remainNum: 2, status: 'active', detail },
      },
      { errCode: 21007, errMsg: 'you already opened this red packet', errDlt: '', data: { detail } },
      { errCode: 0, errMsg: '', errDlt: '', data: { amount: 5, detail: { ...detail, status: 'gone' } } },
      { errCode: 21009, errMsg: 'not for you', errDlt: '' },
    ];
    const transport: AxiosAdapter = async (c: InternalAxiosRequestConfig) => {
      await Promise.resolve();
      return { data: JSON.stringify(answers.shift()), status: 200, statusText: 'OK', headers: {}, config: c };
    };
    const api = createWalletApi(config, { getToken: () => 't', transport });
    // As the detail call's answer is read: the kind as a flag, the expiry as a span.
    const { targetKind: _kind, expireTime: _time, ...fields } = detail;
    const expected = { ...fields, isGroup: true };

    await expect(api.openRedPacket('rp-1')).resolves.toEqual({ amountCents: 120, detail: expected });
    const refusal = await api.openRedPacket('rp-1').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RedPacketRefusal);
    expect(refusal).toMatchObject({
      code: 21007,
      message: 'you already opened this red packet',
      detail: expected,
    });
    await expect(api.openRedPacket('rp-1')).resolves.toEqual({ amountCents: 5, detail: undefined });
    const refused = await api.openRedPacket('rp-1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChatApiError);
    expect(refused).toMatchObject({ code: 21009 });
  });

  it('rejects a balance that is not whole cents', async () => {
    const s = server({ '/app/user/balance/log/balance': '12.5' });
    const api = createWalletApi(config, { getToken: () => 't', transport: s.transport });
    await expect(api.getBalance()).rejects.toMatchObject({ code: TransportErrorCode.InvalidResponse });
  });
});
