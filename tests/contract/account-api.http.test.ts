import { ChatApiError, CodeUsage, createAccountApi, type HttpAccountApi } from '@teamim/adapters-http';
import { DeferredSessionStart, SignInService } from '@teamim/application';
import { FakeClock, InMemoryLocalStore, InMemorySessionStore } from '@teamim/application/testing';
import { STORAGE_KEYS } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { accountApiContract } from './account-api.contract';
import { DEMO_PASSWORD, PEOPLE } from './worlds';

/** The code the server just sent, from its dev-mode endpoint (loopback callers only). */
async function devCodeOf(serverURL: string, identifier: Readonly<Record<string, string>>): Promise<string> {
  const response = await fetch(
    `${serverURL}/chat/dev/verify-code?${new URLSearchParams(identifier).toString()}`,
  );
  const body = (await response.json()) as { errCode: number; data?: { code?: string } };
  const code = body.data?.code;
  if (body.errCode !== 0 || code === undefined) throw new Error(`no dev code: ${JSON.stringify(body)}`);
  return code;
}

// The port's contract (shared with FakeAccountApi, see account-api.contract.ts) ...
accountApiContract('HTTP adapter against the local server', async () => {
  const server = await startTestServer({ seed: 'demo', chat: { scryptCost: 1024 } });
  return {
    accounts: createAccountApi({ baseURL: `${server.url}/chat` }, { getToken: () => '' }),
    lastCode: (identifier) => devCodeOf(server.url, identifier),
    close: () => server.close(),
  };
});

// ... and what is particular to the HTTP adapter: MD5 on the wire and the ChatApiError classification.
describe('HttpAccountApi against the local server (spec §7 accounts, §8 error texts)', () => {
  let server: TestServer;
  let accounts: HttpAccountApi;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', chat: { scryptCost: 1024 } });
    accounts = createAccountApi({ baseURL: `${server.url}/chat` }, { getToken: () => '' });
  });
  afterAll(async () => {
    await server.close();
  });

  async function failure(call: Promise<unknown>): Promise<ChatApiError> {
    try {
      await call;
    } catch (e: unknown) {
      if (e instanceof ChatApiError) return e;
      throw e;
    }
    throw new Error('expected the call to be rejected');
  }

  it('logs in by e-mail and by phone with the MD5 of the password, getting both tokens', async () => {
    const byEmail = await accounts.loginWithPassword({ email: PEOPLE.alice.email }, DEMO_PASSWORD);
    const byPhone = await accounts.loginWithPassword(
      { areaCode: '+86', phoneNumber: PEOPLE.bob.phoneNumber },
      DEMO_PASSWORD,
    );
    expect(byEmail.userID).toBe(PEOPLE.alice.userID);
    expect(byPhone.userID).toBe(PEOPLE.bob.userID);
    for (const s of [byEmail, byPhone]) {
      expect(s.imToken).not.toBe('');
      expect(s.chatToken).not.toBe('');
    }
  });

  it('reports a wrong password as 20001 with the spec text', async () => {
    const e = await failure(accounts.loginWithPassword({ email: PEOPLE.carol.email }, 'Wrong1234'));
    expect(e.code).toBe(20001);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.wrongPassword' });
  });

  it('reports an unknown account as 20002 with the spec text', async () => {
    const e = await failure(accounts.loginWithPassword({ email: 'nobody@example.com' }, DEMO_PASSWORD));
    expect(e.code).toBe(20002);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.accountNotFound' });
  });

  it('sends a registration code, and refuses to register with a wrong one (20006)', async () => {
    const identifier = { email: 'newcomer@example.com' };
    await accounts.sendCode(identifier, CodeUsage.Register);
    const e = await failure(
      accounts.register({ identifier, nickname: 'Newcomer', password: 'Passw0rd', verifyCode: '000000' }),
    );
    // One in a million the server drew 000000; the register would then succeed and this line say so.
    expect(e.code).toBe(20006);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.verificationCodeWrong' });
  });

  it('refuses a second code for the same account within the resend interval (20005)', async () => {
    const identifier = { areaCode: '+86', phoneNumber: '13900000009' };
    await accounts.sendCode(identifier, CodeUsage.Register);
    const e = await failure(accounts.sendCode(identifier, CodeUsage.Register));
    expect(e.code).toBe(20005);
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.tooFrequent' });
  });

  it('refuses to reset a password without a valid code', async () => {
    const e = await failure(accounts.resetPassword({ email: PEOPLE.alice.email }, '123456', 'NewPass123'));
    expect([20006, 20007]).toContain(e.code);
    // The old password still works.
    await expect(
      accounts.loginWithPassword({ email: PEOPLE.alice.email }, DEMO_PASSWORD),
    ).resolves.toMatchObject({
      userID: PEOPLE.alice.userID,
    });
  });

  const devCode = (identifier: Readonly<Record<string, string>>): Promise<string> =>
    devCodeOf(server.url, identifier);

  it('registers with the code the server sent, then signs in with the new password', async () => {
    const identifier = { email: 'registered@example.com' };
    await accounts.sendCode(identifier, CodeUsage.Register);
    const code = await devCode(identifier);
    await accounts.verifyCode(identifier, CodeUsage.Register, code);
    const session = await accounts.register({
      identifier,
      nickname: 'Reggie',
      password: 'Passw0rd1',
      verifyCode: code,
    });
    expect(session.userID).toMatch(/^\d{10}$/);
    expect(session.chatToken).not.toBe('');
    const again = await accounts.loginWithPassword(identifier, 'Passw0rd1');
    expect(again.userID).toBe(session.userID);
    const e = await failure(
      accounts.register({ identifier, nickname: 'Twice', password: 'Passw0rd1', verifyCode: code }),
    );
    expect(e.classified.display).toEqual({ kind: 'i18n', i18nKey: 'error.accountRegistered' });
  });

  it('resets a password with the code the server sent', async () => {
    const identifier = { areaCode: '+86', phoneNumber: PEOPLE.carol.phoneNumber };
    await accounts.sendCode(identifier, CodeUsage.ResetPassword);
    await accounts.resetPassword(identifier, await devCode(identifier), 'Fresh1234');
    await expect(accounts.loginWithPassword(identifier, 'Fresh1234')).resolves.toMatchObject({
      userID: PEOPLE.carol.userID,
    });
    expect((await failure(accounts.loginWithPassword(identifier, DEMO_PASSWORD))).code).toBe(20001);
  });
});

describe('SignInService over HttpAccountApi and the local server (spec §4, §5, §8)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', chat: { scryptCost: 1024 } });
  });
  afterAll(async () => {
    await server.close();
  });

  function signInService(): {
    service: SignInService;
    session: InMemorySessionStore;
    local: InMemoryLocalStore;
  } {
    const session = new InMemorySessionStore();
    const local = new InMemoryLocalStore();
    const api = createAccountApi({ baseURL: `${server.url}/chat` }, { getToken: () => '' });
    const service = new SignInService(api, new DeferredSessionStart(session), local, new FakeClock());
    return { service, session, local };
  }

  it('signs in by phone with an area code without its plus and stores what bootstrap reads', async () => {
    const { service, session, local } = signInService();
    const result = await service.signIn({
      identifier: { areaCode: '86', phoneNumber: PEOPLE.alice.phoneNumber },
      credential: 'password',
      password: DEMO_PASSWORD,
    });
    expect(result.ok && result.value.userID).toBe(PEOPLE.alice.userID);
    expect(session.get(STORAGE_KEYS.session.userID)).toBe(PEOPLE.alice.userID);
    expect(session.get(STORAGE_KEYS.session.imToken)).toMatch(/\S/);
    expect(session.get(STORAGE_KEYS.session.chatToken)).toMatch(/\S/);
    expect(local.get(STORAGE_KEYS.local.areaCode)).toBe('+86');
    service.dispose();
  });

  it('classifies the server refusal (20001) through the domain catalogue and stores nothing', async () => {
    const { service, session } = signInService();
    const result = await service.signIn({
      identifier: { email: PEOPLE.bob.email },
      credential: 'password',
      password: 'Wrong1234',
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'remote',
        code: 20001,
        reason: 'wrongPassword',
        display: { kind: 'i18n', i18nKey: 'error.wrongPassword' },
      },
    });
    expect(session.data.size).toBe(0);
    service.dispose();
  });
});
