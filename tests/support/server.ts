import { createServer } from '@teamim/server';
import type { RunningServer, ServerConfig } from '@teamim/server';
import type { HarnessServer } from './sdk';

/** Admin secret of every test server (the server's default is for loopback demos only). */
const TEST_ADMIN_SECRET = 'teamim-tests-admin-secret';
const ADMIN_USER_ID = 'imAdmin';

/** A non-zero errCode in the OpenIM envelope of an admin/bootstrap call. */
class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly path: string,
    readonly errCode: number,
    readonly errMsg: string,
  ) {
    super(`${path} failed with errCode ${errCode}: ${errMsg}`);
  }
}

export interface TestUser {
  userID: string;
  nickname: string;
}

export interface TestServer extends HarnessServer {
  readonly server: RunningServer;
  /** `http://host:port` */
  readonly url: string;
  /** POSTs an OpenIM API call and returns `data`; throws ApiError on a non-zero errCode. */
  api<T = unknown>(path: string, body: unknown, token?: string): Promise<T>;
  adminToken(): Promise<string>;
  /** Registers users through `/api/user/user_register` with the admin token. */
  registerUsers(users: readonly TestUser[]): Promise<void>;
  /** A fresh token from `/api/auth/get_user_token`. */
  userToken(userID: string, platformID: number): Promise<string>;
  close(): Promise<void>;
}

let serial = 0;
/** User IDs unique within the process, so tests sharing a server never see each other's data. */
export function uniqueUsers<const N extends string>(...names: N[]): Record<N, TestUser> {
  const suffix = `${process.pid.toString(36)}${(serial++).toString(36)}`;
  return Object.fromEntries(
    names.map((name) => [
      name,
      { userID: `${name}_${suffix}`, nickname: `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} ${suffix}` },
    ]),
  ) as Record<N, TestUser>;
}

/**
 * Starts the real server (`createServer` from @teamim/server) on a random port with an in-memory DB,
 * unless `overrides` say otherwise (e.g. `{ memory: false, dataDir }` for restart tests).
 * Set TEAMIM_TEST_SERVER_LOG=debug to see the server's log while diagnosing a failure.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const server = await createServer({
    memory: true,
    port: 0,
    host: '127.0.0.1',
    adminSecret: TEST_ADMIN_SECRET,
    adminUserIDs: [ADMIN_USER_ID],
    logLevel: process.env['TEAMIM_TEST_SERVER_LOG'] ?? 'silent',
    ...overrides,
  });
  let admin: string | undefined;

  async function api<T = unknown>(path: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${server.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        operationID: `tests-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        ...(token === undefined ? {} : { token }),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let envelope: { errCode?: unknown; errMsg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new ApiError(path, -1, `HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    const errCode = typeof envelope.errCode === 'number' ? envelope.errCode : -1;
    if (errCode !== 0)
      throw new ApiError(path, errCode, typeof envelope.errMsg === 'string' ? envelope.errMsg : text);
    return envelope.data as T;
  }

  async function adminToken(): Promise<string> {
    admin ??= (
      await api<{ token: string }>('/auth/get_admin_token', {
        secret: TEST_ADMIN_SECRET,
        userID: ADMIN_USER_ID,
      })
    ).token;
    return admin;
  }

  return {
    server,
    url: server.url,
    apiAddr: server.apiUrl,
    wsAddr: server.wsUrl,
    api,
    adminToken,
    async registerUsers(users) {
      await api(
        '/user/user_register',
        { users: users.map((u) => ({ ...u, faceURL: '', ex: '' })) },
        await adminToken(),
      );
    },
    async userToken(userID, platformID) {
      return (
        await api<{ token: string }>('/auth/get_user_token', { userID, platformID }, await adminToken())
      ).token;
    },
    close: () => server.close(),
  };
}
