import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ChatConfig } from '../config';
import { resolveChatConfig } from '../config';
import type { ChatLogger, Clock } from '../context';
import { md5Hex } from '../crypto';
import { chatMigrations } from '../migrations';
import type { ChatServices } from '../plugin';
import { chatPlugin, createChatServices } from '../plugin';
import { FakeIm } from './fake-im';

class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 0, 1, 8, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string;
}

export class MemoryLogger implements ChatLogger {
  readonly lines: LogLine[] = [];
  info(obj: object, msg: string): void {
    this.lines.push({ level: 'info', obj, msg });
  }
  warn(obj: object, msg: string): void {
    this.lines.push({ level: 'warn', obj, msg });
  }
  error(obj: object, msg: string): void {
    this.lines.push({ level: 'error', obj, msg });
  }
  /** The last dev-mode code logged for an account ("+86 138..." or an e-mail). */
  codeFor(account: string): string {
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const o = this.lines[i]?.obj as { account?: unknown; code?: unknown } | undefined;
      if (o?.account === account && typeof o.code === 'string') return o.code;
    }
    throw new Error(`no code logged for ${account}`);
  }
}

export interface Envelope<T = unknown> {
  errCode: number;
  errMsg: string;
  errDlt: string;
  data?: T;
}

export interface ChatHarness {
  app: FastifyInstance;
  db: Database.Database;
  im: FakeIm;
  clock: FakeClock;
  logger: MemoryLogger;
  config: ChatConfig;
  services: ChatServices;
  post<T = unknown>(
    path: string,
    body: unknown,
    opts?: { token?: string; operationID?: string | null; ip?: string; headers?: Record<string, string> },
  ): Promise<Envelope<T>>;
  get<T = unknown>(path: string, query: Record<string, string>, token?: string): Promise<Envelope<T>>;
  /** Registers through the API (code send, register) and returns the login result. */
  register(opts: {
    email?: string;
    phone?: string;
    nickname?: string;
    password?: string;
  }): Promise<{ userID: string; chatToken: string; imToken: string }>;
  /**
   * Registers a user with `cents` credited by the admin and the pay password 123456 set (a wallet test's
   * usual starting point); throws if any step is refused.
   */
  walletUser(opts: {
    email: string;
    nickname: string;
    cents?: number;
  }): Promise<{ userID: string; chatToken: string; imToken: string }>;
  close(): Promise<void>;
}

let opSeq = 0;

export async function createChatHarness(overrides: Partial<ChatConfig> = {}): Promise<ChatHarness> {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  for (const m of [...chatMigrations].sort((a, b) => a.version - b.version)) db.transaction(() => m.up(db))();
  const im = new FakeIm();
  const clock = new FakeClock();
  const logger = new MemoryLogger();
  // A low scrypt cost keeps the suite fast; one test checks the production default separately.
  const config = resolveChatConfig(
    { scryptCost: 1024, chatSecret: 'test-chat-secret', adminSecret: 'test-admin', ...overrides },
    { host: '127.0.0.1' },
  );
  const deps = { db, im, config, logger, clock };
  const services = createChatServices(deps);
  const app = Fastify({ logger: false });
  await app.register(chatPlugin(deps, services), { prefix: '/chat' });
  await app.ready();

  const post: ChatHarness['post'] = async (path, body, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.operationID !== null) headers.operationID = opts.operationID ?? `op-${++opSeq}`;
    if (opts.token) headers.token = opts.token;
    const res = await app.inject({
      method: 'POST',
      url: `/chat${path}`,
      payload: body as object,
      headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const get: ChatHarness['get'] = async (path, query, token) => {
    const res = await app.inject({
      method: 'GET',
      url: `/chat${path}`,
      query,
      headers: token ? { token } : {},
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const register: ChatHarness['register'] = async ({ email, phone, nickname, password }) => {
    const who = phone ? { areaCode: '+86', phoneNumber: phone } : { email: email ?? 'x@example.com' };
    const account = phone ? `+86 ${phone}` : (email ?? 'x@example.com');
    const sent = await post('/account/code/send', { usedFor: 1, ...who });
    if (sent.errCode !== 0) throw new Error(`code send failed: ${JSON.stringify(sent)}`);
    const r = await post<{ userID: string; chatToken: string; imToken: string }>('/account/register', {
      verifyCode: logger.codeFor(account),
      platform: 5,
      autoLogin: true,
      user: { nickname: nickname ?? 'someone', ...who, password: md5Hex(password ?? 'Passw0rd') },
    });
    if (r.errCode !== 0 || !r.data) throw new Error(`register failed: ${JSON.stringify(r)}`);
    // Step past the resend cooldown so the next send to any account is not refused by the clock.
    clock.advance(61_000);
    return r.data;
  };
  const walletUser: ChatHarness['walletUser'] = async ({ email, nickname, cents = 0 }) => {
    const u = await register({ email, nickname });
    if (cents) {
      const credited = await post(
        '/admin/wallet/credit',
        { userID: u.userID, amount: cents },
        { headers: { adminSecret: 'test-admin' } },
      );
      if (credited.errCode !== 0) throw new Error(`credit failed: ${JSON.stringify(credited)}`);
    }
    const pin = await post(
      '/app/userinfo/setPayPassword',
      { payPassword: md5Hex('123456') },
      { token: u.chatToken },
    );
    if (pin.errCode !== 0) throw new Error(`pay password failed: ${JSON.stringify(pin)}`);
    return u;
  };
  return {
    app,
    db,
    im,
    clock,
    logger,
    config,
    services,
    post,
    get,
    register,
    walletUser,
    close: () => app.close(),
  };
}
