import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { HttpAccountApi } from './account-api';
import { HttpChatApi } from './chat-api';
import { ChatHttpClient } from './chat-http-client';
import { HttpWalletApi } from './wallet-api';

/** Every route chat v1.8.4's API serves (`internal/api/chat/start.go`, `SetChatRoute`), all POST. */
const CHAT_1_8_4_ROUTES = new Set([
  '/account/code/send',
  '/account/code/verify',
  '/account/register',
  '/account/login',
  '/account/password/reset',
  '/account/password/change',
  '/user/update',
  '/user/find/public',
  '/user/find/full',
  '/user/search/full',
  '/user/search/public',
  '/user/rtc/get_token',
  '/friend/search',
  '/applet/find',
  '/client_config/get',
  '/callback/open_im',
]);

/**
 * Routes only our own server has, each called where a real deployment's plain-text 404 is expected and
 * handled: fuzzy search falls back to `/user/search/public`; the wallet (`/app/*`) is asked for its balance
 * after sign-in, and a 404 hides it (DeploymentCapabilities).
 */
const isLocalOnly = (method: string, path: string): boolean =>
  (method === 'POST' && path === '/user/search/fuzzy') || path.startsWith('/app/');

/** A chat service that knows no route at all: every call is recorded and answered as gin answers 404. */
function recordingClient(): { client: ChatHttpClient; calls: string[] } {
  const calls: string[] = [];
  const transport: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    await Promise.resolve();
    calls.push(`${config.method?.toUpperCase() ?? ''} ${config.url ?? ''}`);
    return { data: '404 page not found', status: 404, statusText: 'Not Found', headers: {}, config };
  };
  const client = new ChatHttpClient(
    { baseURL: 'http://chat.test' },
    { getToken: () => 'token', operationID: () => 'op', transport },
  );
  return { client, calls };
}

const ID = { email: 'alice@example.com' } as const;

/** One call of every public method of each chat-service adapter (arguments do not matter: all fail). */
const EXERCISE = {
  HttpChatApi: {
    of: (client: ChatHttpClient) => new HttpChatApi(client),
    proto: HttpChatApi.prototype,
    helpers: ['searchPublic'],
    calls: {
      updateUser: (api: HttpChatApi) => api.updateUser('alice', { nickname: 'A' }),
      searchUsers: (api: HttpChatApi) => api.searchUsers('bob'),
      findUsers: (api: HttpChatApi) => api.findUsers(['alice']),
      getRoomAccess: (api: HttpChatApi) => api.getRoomAccess('room', 'alice'),
    },
  },
  HttpAccountApi: {
    of: (client: ChatHttpClient) => new HttpAccountApi(client),
    proto: HttpAccountApi.prototype,
    helpers: [],
    calls: {
      sendCode: (api: HttpAccountApi) => api.sendCode(ID, 1),
      verifyCode: (api: HttpAccountApi) => api.verifyCode(ID, 1, '123456'),
      loginWithPassword: (api: HttpAccountApi) => api.loginWithPassword(ID, 'Secret123'),
      loginWithCode: (api: HttpAccountApi) => api.loginWithCode(ID, '123456'),
      register: (api: HttpAccountApi) =>
        api.register({ identifier: ID, nickname: 'A', password: 'Secret123', verifyCode: '123456' }),
      resetPassword: (api: HttpAccountApi) => api.resetPassword(ID, '123456', 'Secret123'),
    },
  },
  HttpWalletApi: {
    of: (client: ChatHttpClient) => new HttpWalletApi(client),
    proto: HttpWalletApi.prototype,
    helpers: [],
    calls: {
      getBalance: (api: HttpWalletApi) => api.getBalance(),
      getBalanceLog: (api: HttpWalletApi) => api.getBalanceLog(),
      setPayPassword: (api: HttpWalletApi) => api.setPayPassword('', 'md5'),
      sendRedPacket: (api: HttpWalletApi) =>
        api.sendRedPacket({ receiveUserId: 'bob', amount: 100, num: 1, message: '', payPassword: 'md5' }),
      openRedPacket: (api: HttpWalletApi) => api.openRedPacket('rp'),
      getRedPacketDetail: (api: HttpWalletApi) => api.getRedPacketDetail('rp'),
    },
  },
} as const;

function publicMethods(proto: object, helpers: readonly string[]): string[] {
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && !helpers.includes(name))
    .sort();
}

async function routesCalled(): Promise<string[]> {
  const { client, calls } = recordingClient();
  const all: Promise<unknown>[] = [];
  const run = <A>(api: A, fns: Readonly<Record<string, (api: A) => Promise<unknown>>>) => {
    for (const fn of Object.values(fns)) all.push(fn(api).catch(() => undefined));
  };
  run(EXERCISE.HttpChatApi.of(client), EXERCISE.HttpChatApi.calls);
  run(EXERCISE.HttpAccountApi.of(client), EXERCISE.HttpAccountApi.calls);
  run(EXERCISE.HttpWalletApi.of(client), EXERCISE.HttpWalletApi.calls);
  await Promise.all(all);
  return [...new Set(calls)].sort();
}

describe('the chat service routes the client calls', () => {
  it('every method of the chat, account and wallet adapters is exercised below', () => {
    for (const { proto, helpers, calls } of Object.values(EXERCISE)) {
      expect(publicMethods(proto, helpers)).toEqual(Object.keys(calls).sort());
    }
  });

  it("exist on chat 1.8.4, or are our server's own and handled where a real deployment lacks them", async () => {
    const routes = await routesCalled();
    const missing = routes.filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return !(method === 'POST' && CHAT_1_8_4_ROUTES.has(path)) && !isLocalOnly(method, path);
    });
    expect(missing).toEqual([]);
    // Fuzzy search met a missing route and the search went on to chat 1.8's own.
    expect(routes).toContain('POST /user/search/fuzzy');
    expect(routes).toContain('POST /user/search/public');
    expect(routes.filter((route) => route.includes('/friend/'))).toEqual([]);
  });
});
