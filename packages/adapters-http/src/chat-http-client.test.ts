import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { RemoteError } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { CHAT_API_TIMEOUT_MS, ChatApiError, ChatHttpClient, TransportErrorCode } from './chat-http-client';

interface Seen {
  readonly method: string | undefined;
  readonly url: string;
  readonly timeout: number | undefined;
  readonly token: unknown;
  readonly operationID: unknown;
  readonly body: unknown;
  readonly params: unknown;
}

/** A transport that answers from a function and records what axios would have put on the wire. */
function transport(answer: (seen: Seen) => { status?: number; body: unknown } | Error): {
  adapter: AxiosAdapter;
  seen: Seen[];
} {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    await Promise.resolve();
    const s: Seen = {
      method: config.method?.toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      timeout: config.timeout,
      token: config.headers.get('token'),
      operationID: config.headers.get('operationID'),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params,
    };
    seen.push(s);
    const a = answer(s);
    if (a instanceof Error) throw a;
    return {
      data: typeof a.body === 'string' ? a.body : JSON.stringify(a.body),
      status: a.status ?? 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
  return { adapter, seen };
}

function clientWith(t: AxiosAdapter, token = 'tok'): ChatHttpClient {
  let n = 0;
  return new ChatHttpClient(
    { baseURL: 'http://chat.test/chat/' },
    { getToken: () => token, operationID: () => `op-${(n += 1)}`, transport: t },
  );
}

async function rejection(p: Promise<unknown>): Promise<ChatApiError> {
  try {
    await p;
  } catch (e: unknown) {
    if (e instanceof ChatApiError) return e;
    throw new Error(`rejected with something untyped: ${String(e)}`);
  }
  throw new Error('expected a rejection');
}

describe('ChatHttpClient (spec §7 chat API conventions)', () => {
  it('uses the configured base URL, a 25 s timeout, the token and a fresh operationID on every request', async () => {
    const t = transport(() => ({ body: { errCode: 0, errMsg: '', errDlt: '', data: { ok: 1 } } }));
    const client = clientWith(t.adapter, 'chat-token');
    await client.post('/user/update', { userID: 'u1' });
    await client.get('/app/redbag/log/open', { id: 'rp1' });
    expect(t.seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', 'http://chat.test/chat/user/update'],
      ['GET', 'http://chat.test/chat/app/redbag/log/open'],
    ]);
    expect(t.seen.every((s) => s.timeout === CHAT_API_TIMEOUT_MS && CHAT_API_TIMEOUT_MS === 25_000)).toBe(
      true,
    );
    expect(t.seen.map((s) => s.token)).toEqual(['chat-token', 'chat-token']);
    expect(t.seen.map((s) => s.operationID)).toEqual(['op-1', 'op-2']);
    expect(t.seen[0]?.body).toEqual({ userID: 'u1' });
    expect(t.seen[1]?.params).toEqual({ id: 'rp1' });
  });

  it('reads the token on every request, so a new login is picked up', async () => {
    const t = transport(() => ({ body: { errCode: 0, errMsg: '', errDlt: '' } }));
    let token = 'first';
    const client = new ChatHttpClient(
      { baseURL: 'http://chat.test' },
      { getToken: () => token, transport: t.adapter },
    );
    await client.post('/a', {});
    token = 'second';
    await client.post('/a', {});
    expect(t.seen.map((s) => s.token)).toEqual(['first', 'second']);
    // Without an injected generator the operation id is a fresh UUID each time.
    expect(t.seen[0]?.operationID).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.seen[0]?.operationID).not.toBe(t.seen[1]?.operationID);
  });

  it('resolves errCode 0 with data', async () => {
    const t = transport(() => ({ body: { errCode: 0, errMsg: '', errDlt: '', data: 12345 } }));
    await expect(clientWith(t.adapter).get('/app/user/balance/log/balance')).resolves.toBe(12345);
  });

  it('rejects any other errCode with a typed error carrying the body and the catalogue text', async () => {
    const body = { errCode: 20001, errMsg: 'PasswordError', errDlt: 'password is wrong' };
    const t = transport(() => ({ body }));
    const e = await rejection(clientWith(t.adapter).post('/account/login', {}));
    expect(e).toBeInstanceOf(RemoteError);
    expect(e.code).toBe(20001);
    expect(e.body).toEqual(body);
    expect(e.errDlt).toBe('password is wrong');
    expect(e.path).toBe('/account/login');
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.wrongPassword' });
  });

  it('classifies wallet refusals by code, and keeps the server message for codes outside the catalogue', async () => {
    const t = transport(() => ({
      body: { errCode: 21001, errMsg: 'insufficient balance', errDlt: 'insufficient balance' },
    }));
    const e = await rejection(clientWith(t.adapter).post('/app/redbag/log/send', {}));
    expect(e.message).toBe('insufficient balance');
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.wallet.insufficientBalance' });
    const u = transport(() => ({ body: { errCode: 29_999, errMsg: 'a new refusal', errDlt: '' } }));
    const unknown = await rejection(clientWith(u.adapter).post('/app/redbag/log/send', {}));
    expect(unknown.classified.display).toEqual({ kind: 'raw', text: 'a new refusal' });
  });

  it('marks the login-expired codes for a forced logout and tells the composition root', async () => {
    let code = 1501;
    const t = transport(() => ({ body: { errCode: code, errMsg: 'TokenError', errDlt: '' } }));
    const expired: number[] = [];
    const client = new ChatHttpClient(
      { baseURL: 'http://chat.test' },
      { getToken: () => 't', transport: t.adapter, onLoginExpired: (e) => expired.push(e.code) },
    );
    const ending = [1501, 1503, 1504, 1505, 1507, 20101];
    for (const c of [...ending, 20001, 1502]) {
      code = c;
      const e = await rejection(client.post('/user/update', {}));
      expect(e.classified.forceLogout).toBe(ending.includes(c));
    }
    // 20101 is what chat v1.8 answers once the chat token was dropped (password changed elsewhere).
    expect(expired).toEqual(ending);
  });

  it('uses the envelope of a non-200 answer when there is one', async () => {
    const t = transport(() => ({
      status: 404,
      body: { errCode: 1004, errMsg: 'NotFound', errDlt: 'no route' },
    }));
    const e = await rejection(clientWith(t.adapter).post('/nope', {}));
    expect(e.code).toBe(1004);
  });

  it('rejects a body that is not an envelope as an invalid response', async () => {
    const t = transport(() => ({ status: 502, body: '<html>bad gateway</html>' }));
    const e = await rejection(clientWith(t.adapter).get('/x'));
    expect(e.code).toBe(TransportErrorCode.InvalidResponse);
    expect(e.message).toContain('HTTP 502');
    expect(e.body).toBeUndefined();
    expect(e.isMissingRoute).toBe(false);
  });

  it("recognises a real router's plain-text 404 as a missing route, and an enveloped 404 as not", async () => {
    const plain = transport(() => ({ status: 404, body: '404 page not found' }));
    const missing = await rejection(clientWith(plain.adapter).post('/user/search/fuzzy', {}));
    expect(missing.isMissingRoute).toBe(true);
    expect(missing.code).toBe(TransportErrorCode.MissingRoute);
    expect(missing.status).toBe(404);
    const enveloped = transport(() => ({
      status: 404,
      body: { errCode: 1004, errMsg: 'NotFound', errDlt: '' },
    }));
    expect((await rejection(clientWith(enveloped.adapter).post('/x', {}))).isMissingRoute).toBe(false);
  });

  it('turns a network failure into a typed error', async () => {
    const t = transport(() => new AxiosError('connect ECONNREFUSED', AxiosError.ERR_NETWORK));
    const e = await rejection(clientWith(t.adapter).get('/x'));
    expect(e.code).toBe(TransportErrorCode.Network);
    expect(e.message).toContain('ECONNREFUSED');
  });

  it('turns a timeout into a typed error', async () => {
    const t = transport(() => new AxiosError('timeout of 25000ms exceeded', AxiosError.ECONNABORTED));
    const e = await rejection(clientWith(t.adapter).post('/x', {}));
    expect(e.code).toBe(TransportErrorCode.Timeout);
  });

  it('turns anything else a transport throws into a typed error', async () => {
    const t = transport(() => new TypeError('boom'));
    const e = await rejection(clientWith(t.adapter).post('/x', {}));
    expect(e.code).toBe(TransportErrorCode.Network);
    expect(e.message).toContain('boom');
  });

  it('refuses an empty base URL at construction', () => {
    expect(() => new ChatHttpClient({ baseURL: ' ' }, { getToken: () => '' })).toThrow(/base URL/);
  });
});
