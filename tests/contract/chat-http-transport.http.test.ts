import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ChatApiError,
  ChatHttpClient,
  TransportErrorCode,
  createChatApi,
  createWalletApi,
} from '@teamim/adapters-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpDemoWorld, PEOPLE } from './worlds';

async function failure(call: Promise<unknown>): Promise<ChatApiError> {
  try {
    await call;
  } catch (e: unknown) {
    if (e instanceof ChatApiError) return e;
    throw new Error(`rejected with an untyped error: ${String(e)}`);
  }
  throw new Error('expected the call to be rejected');
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

describe('chat API transport over real sockets (spec §7: typed errors, never untyped axios errors)', () => {
  it('turns a refused connection into a typed network error', async () => {
    const probe = createHttpServer();
    const port = await listen(probe);
    await close(probe);
    const wallet = createWalletApi({ baseURL: `http://127.0.0.1:${port}/chat` }, { getToken: () => 't' });
    const e = await failure(wallet.getBalance());
    expect(e.code).toBe(TransportErrorCode.Network);
  });

  it('turns a server that never answers into a typed timeout', async () => {
    const silent = createHttpServer(() => {
      // Never answers: the client's timeout has to end the call.
    });
    const port = await listen(silent);
    try {
      const client = new ChatHttpClient(
        { baseURL: `http://127.0.0.1:${port}/chat`, timeoutMs: 300 },
        { getToken: () => 't' },
      );
      const e = await failure(client.post('/user/update', {}));
      expect(e.code).toBe(TransportErrorCode.Timeout);
    } finally {
      await close(silent);
    }
  });
});

describe('chat API errors from the local server', () => {
  let demo: HttpDemoWorld;
  beforeAll(async () => {
    // No LiveKit url: the server is not configured for calls.
    demo = await HttpDemoWorld.start();
  });
  afterAll(async () => {
    await demo.close();
  });

  it('treats a token the server does not accept as login expired (forced logout)', async () => {
    const chat = createChatApi({ baseURL: demo.chatBaseURL }, { getToken: () => 'not-a-token' });
    const e = await failure(chat.searchUsers('bob'));
    expect([1501, 1503, 1504, 1505]).toContain(e.code);
    expect(e.classified.forceLogout).toBe(true);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.loginExpired' });
  });

  it('says why room access fails when the server has no LiveKit url', async () => {
    const e = await failure(demo.chat('alice').getRoomAccess('room-1', PEOPLE.alice.userID));
    expect(e.errDlt).toContain('no livekit url provided');
    expect(e.body?.errCode).toBe(e.code);
  });

  it('accepts the IM token on the wallet paths, as the spec client sends it by default', async () => {
    const token = demo.session('bob').imToken;
    const wallet = createWalletApi({ baseURL: demo.chatBaseURL }, { getToken: () => token });
    await expect(wallet.getBalance()).resolves.toBe(100_000);
  });

  it('reads business user info, with the pay-password flag on the own record only', async () => {
    const users = await demo.chat('bob').findUsers([PEOPLE.bob.userID, PEOPLE.alice.userID, 'nobody']);
    expect(users.map((u) => [u.userID, u.nickname, u.phoneNumber, u.hasPayPassword])).toEqual([
      [PEOPLE.bob.userID, 'bob', PEOPLE.bob.phoneNumber, true],
      // Nobody else's pay-password state is sent: unknown, not "none".
      [PEOPLE.alice.userID, 'alice', PEOPLE.alice.phoneNumber, undefined],
    ]);
    expect(users[0]).toMatchObject({ email: PEOPLE.bob.email, areaCode: '+86', allowAddFriend: 1 });
  });

  it('keeps the body of a refused wallet call and shows the catalogue text for its code', async () => {
    const e = await failure(demo.wallet('alice').openRedPacket('missing'));
    expect(e.code).toBe(21005);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.wallet.redPacketNotFound' });
    expect(e.message).not.toBe('');
  });
});
