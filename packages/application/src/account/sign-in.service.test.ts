import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { STORAGE_KEYS, type ValidationField } from '@teamim/domain';
import { CodeUsage, type AccountIdentifier } from '../ports/account-api.port';
import { hasStoredCredentials, TestWorld, type TestClient } from '../testing';
import {
  CODE_RESEND_SECONDS,
  DeferredSessionStart,
  SignInService,
  type SignInError,
} from './sign-in.service';

const ALICE_EMAIL = { email: 'alice@example.com' } as const;
const ALICE_PHONE = { areaCode: '+86', phoneNumber: '13800000001' } as const;

function aliceWorld(): TestWorld {
  return new TestWorld().accounts({
    userID: 'alice',
    nickname: 'Alice',
    password: 'Secret123',
    email: ALICE_EMAIL.email,
    ...ALICE_PHONE,
  });
}

function failure<T>(result: { ok: true; value: T } | { ok: false; error: SignInError }): SignInError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

async function sendAndRead(
  world: TestWorld,
  client: TestClient,
  identifier: AccountIdentifier,
  usage: CodeUsage,
): Promise<string> {
  const sent = await client.account.sendCode(identifier, usage);
  expect(sent).toEqual({ ok: true, value: undefined });
  const code = world.backend.accounts.lastCode(identifier);
  if (code === undefined) throw new Error('no code was sent');
  return code;
}

describe('SignInService', () => {
  it('§4/§7 register by e-mail with a code, then sign in by password on another device', async () => {
    const world = new TestWorld();
    const device1 = world.client();
    const identifier = { email: 'New.User@Example.com' };
    const code = await sendAndRead(world, device1, identifier, CodeUsage.Register);

    const registered = await device1.account.register({
      identifier,
      verifyCode: code,
      nickname: '  Newbie ',
      password: 'abc123',
      confirmPassword: 'abc123',
    });

    expect(registered.ok).toBe(true);
    const userID = registered.ok ? registered.value.userID : '';
    expect(device1.currentUser.id()).toBe(userID);
    expect(device1.currentUser.selfInfo?.nickname).toBe('Newbie');
    expect(hasStoredCredentials(device1)).toBe(true);

    const device2 = world.client();
    const signedIn = await device2.account.signIn({
      identifier: { email: 'new.user@example.com' },
      credential: 'password',
      password: 'abc123',
    });
    expect(signedIn.ok && signedIn.value.userID).toBe(userID);
    expect(device2.currentUser.selfInfo?.userID).toBe(userID);
  });

  it('§4 a password sign-in stores the credentials where bootstrap reads them and starts the session', async () => {
    const world = aliceWorld().users('bob');
    const bob = await world.signIn('bob');
    await bob.conversations.open('alice', 1);
    await bob.chat.sendText('hi alice');
    const client = world.client();

    // Area code without its plus (§5: always sent with a leading plus).
    const result = await client.account.signIn({
      identifier: { areaCode: '86', phoneNumber: '138 0000 0001' },
      credential: 'password',
      password: 'Secret123',
    });
    await world.settle();

    expect(result).toEqual({
      ok: true,
      value: { userID: 'alice', imToken: world.backend.user('alice').token, chatToken: 'chat-alice' },
    });
    const session = client.ports.sessionStore;
    expect(session.get(STORAGE_KEYS.session.userID)).toBe('alice');
    expect(session.get(STORAGE_KEYS.session.imToken)).toBe(world.backend.user('alice').token);
    expect(session.get(STORAGE_KEYS.session.chatToken)).toBe('chat-alice');
    const local = client.ports.localStore;
    expect(local.get(STORAGE_KEYS.local.areaCode)).toBe('+86');
    expect(local.get(STORAGE_KEYS.local.phoneNumber)).toBe('13800000001');
    expect(local.get(STORAGE_KEYS.local.loginMethod)).toBe('phone');
    expect(client.account.rememberedIdentity()).toEqual({
      loginMethod: 'phone',
      areaCode: '+86',
      phoneNumber: '13800000001',
      email: undefined,
    });
    expect(client.currentUser.selfInfo?.nickname).toBe('Alice');
    expect(await firstValueFrom(client.session.connection$)).toBe('success');
    expect(client.conversations.snapshot.map((c) => c.userID)).toEqual(['bob']);
  });

  it('§8 20001: a wrong password is classified and nothing is stored', async () => {
    const world = aliceWorld();
    const client = world.client();

    const error = failure(
      await client.account.signIn({ identifier: ALICE_EMAIL, credential: 'password', password: 'Wrong123' }),
    );

    expect(error).toMatchObject({
      kind: 'remote',
      code: 20001,
      reason: 'wrongPassword',
      display: { kind: 'i18n', i18nKey: 'error.wrongPassword' },
    });
    expect(hasStoredCredentials(client)).toBe(false);
    expect(client.ports.localStore.data.size).toBe(0);
    expect(client.signedIn).toBe(false);
  });

  it('§8 20002: an unknown account cannot sign in, nor get a login or reset code', async () => {
    const world = aliceWorld();
    const client = world.client();
    const nobody = { email: 'nobody@example.com' };

    const signIn = failure(
      await client.account.signIn({ identifier: nobody, credential: 'password', password: 'Secret123' }),
    );
    const loginCode = failure(await client.account.sendCode(nobody, CodeUsage.Login));
    const resetCode = failure(await client.account.sendCode(nobody, CodeUsage.ResetPassword));

    for (const error of [signIn, loginCode, resetCode]) {
      expect(error).toMatchObject({
        kind: 'remote',
        code: 20002,
        reason: 'accountNotFound',
        display: { kind: 'i18n', i18nKey: 'error.accountNotFound' },
      });
    }
  });

  it('§8 20003/20014: a registered phone or e-mail gets no register code and cannot register again', async () => {
    const world = aliceWorld();
    const client = world.client();

    expect(failure(await client.account.sendCode(ALICE_PHONE, CodeUsage.Register))).toMatchObject({
      code: 20003,
      reason: 'phoneRegistered',
    });
    expect(
      failure(await client.account.sendCode({ email: 'ALICE@example.com' }, CodeUsage.Register)),
    ).toMatchObject({ code: 20014, reason: 'accountRegistered' });
    const register = failure(
      await client.account.register({
        identifier: ALICE_EMAIL,
        verifyCode: '123456',
        nickname: 'Again',
        password: 'abc123',
        confirmPassword: 'abc123',
      }),
    );
    expect(register).toMatchObject({
      code: 20014,
      display: { kind: 'i18n', i18nKey: 'error.accountRegistered' },
    });
  });

  it('§5 invalid input fails with the rule and field, and never reaches the server', async () => {
    const world = aliceWorld();
    const client = world.client();
    const valid = {
      identifier: { email: 'new@example.com' } as AccountIdentifier,
      verifyCode: '123456',
      nickname: 'New',
      password: 'abc123',
      confirmPassword: 'abc123',
    };
    const cases: [Promise<{ ok: boolean; error?: SignInError }>, ValidationField, string][] = [
      [
        client.account.register({ ...valid, identifier: { email: 'not-an-email' } }),
        'email',
        'validation.email.invalid',
      ],
      [
        client.account.register({ ...valid, identifier: { email: ' ' } }),
        'email',
        'validation.email.required',
      ],
      [
        client.account.register({ ...valid, identifier: { areaCode: '+8a', phoneNumber: '13800000009' } }),
        'areaCode',
        'validation.areaCode.invalid',
      ],
      [
        client.account.register({ ...valid, identifier: { areaCode: '+86', phoneNumber: '138-abc' } }),
        'phone',
        'validation.phone.invalid',
      ],
      [
        client.account.register({ ...valid, verifyCode: '12345' }),
        'verificationCode',
        'validation.verificationCode.invalid',
      ],
      [client.account.register({ ...valid, nickname: '   ' }), 'nickname', 'validation.nickname.required'],
      [
        client.account.register({ ...valid, nickname: 'n'.repeat(21) }),
        'nickname',
        'validation.nickname.tooLong',
      ],
      [
        client.account.register({ ...valid, password: 'a1b2c', confirmPassword: 'a1b2c' }),
        'password',
        'validation.password.length',
      ],
      [
        client.account.register({ ...valid, password: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) }),
        'password',
        'validation.password.length',
      ],
      [
        client.account.register({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' }),
        'password',
        'validation.password.format',
      ],
      [
        client.account.register({ ...valid, password: '123456', confirmPassword: '123456' }),
        'password',
        'validation.password.format',
      ],
      [
        client.account.register({ ...valid, confirmPassword: 'abc124' }),
        'confirmPassword',
        'validation.password.mismatch',
      ],
      [
        client.account.signIn({ identifier: ALICE_EMAIL, credential: 'password', password: '' }),
        'password',
        'validation.password.required',
      ],
      [
        client.account.signIn({ identifier: ALICE_EMAIL, credential: 'code', verifyCode: 'abcdef' }),
        'verificationCode',
        'validation.verificationCode.invalid',
      ],
      [client.account.sendCode({ email: 'a@b' }, CodeUsage.Register), 'email', 'validation.email.invalid'],
      [
        client.account.verifyCode(ALICE_EMAIL, CodeUsage.Login, ''),
        'verificationCode',
        'validation.verificationCode.required',
      ],
      [
        client.account.resetPassword({
          identifier: ALICE_EMAIL,
          verifyCode: '123456',
          password: 'abc123',
          confirmPassword: 'abc12',
        }),
        'confirmPassword',
        'validation.password.mismatch',
      ],
    ];

    for (const [pending, field, i18nKey] of cases) {
      const result = await pending;
      expect(result.ok).toBe(false);
      expect(result.error).toMatchObject({ kind: 'validation', field, i18nKey });
    }
    expect(client.ports.accountApi.calls).toBe(0);
  });

  it('§4/§7 sign in with a login code; the code is single use (20009)', async () => {
    const world = aliceWorld();
    const first = world.client();
    const code = await sendAndRead(world, first, ALICE_EMAIL, CodeUsage.Login);

    const signedIn = await first.account.signIn({
      identifier: ALICE_EMAIL,
      credential: 'code',
      verifyCode: code,
    });
    expect(signedIn.ok && signedIn.value.userID).toBe('alice');
    expect(first.ports.localStore.get(STORAGE_KEYS.local.email)).toBe('alice@example.com');
    expect(first.ports.localStore.get(STORAGE_KEYS.local.loginMethod)).toBe('email');

    const second = world.client();
    const again = failure(
      await second.account.signIn({ identifier: ALICE_EMAIL, credential: 'code', verifyCode: code }),
    );
    expect(again).toMatchObject({
      code: 20009,
      display: { kind: 'i18n', i18nKey: 'error.verificationCodeUsed' },
    });
  });

  it('§5/§8 a wrong code counts (20006), five wrong tries lock it (20008), and it expires after 10 minutes (20007)', async () => {
    const world = aliceWorld();
    const client = world.client();
    const code = await sendAndRead(world, client, ALICE_PHONE, CodeUsage.ResetPassword);
    const wrong = code === '000000' ? '111111' : '000000';

    expect(await client.account.verifyCode(ALICE_PHONE, CodeUsage.ResetPassword, code)).toEqual({
      ok: true,
      value: undefined,
    });
    for (let i = 0; i < 5; i += 1) {
      expect(
        failure(await client.account.verifyCode(ALICE_PHONE, CodeUsage.ResetPassword, wrong)),
      ).toMatchObject({
        code: 20006,
        reason: 'verificationCodeWrong',
      });
    }
    expect(
      failure(await client.account.verifyCode(ALICE_PHONE, CodeUsage.ResetPassword, code)),
    ).toMatchObject({
      code: 20008,
      reason: 'verificationCodeLimit',
    });

    await world.advance(60_000);
    const fresh = await sendAndRead(world, client, ALICE_PHONE, CodeUsage.ResetPassword);
    await world.advance(10 * 60_000);
    expect(
      failure(await client.account.verifyCode(ALICE_PHONE, CodeUsage.ResetPassword, fresh)),
    ).toMatchObject({
      code: 20007,
      reason: 'verificationCodeExpired',
    });
  });

  it('§4/§7 reset the password with a code: the old one stops working, the new one signs in', async () => {
    const world = aliceWorld();
    const client = world.client();
    const code = await sendAndRead(world, client, ALICE_EMAIL, CodeUsage.ResetPassword);

    const reset = await client.account.resetPassword({
      identifier: ALICE_EMAIL,
      verifyCode: code,
      password: 'Fresh456',
      confirmPassword: 'Fresh456',
    });
    expect(reset).toEqual({ ok: true, value: undefined });
    expect(hasStoredCredentials(client)).toBe(false);

    const old = failure(
      await client.account.signIn({ identifier: ALICE_EMAIL, credential: 'password', password: 'Secret123' }),
    );
    expect(old).toMatchObject({ code: 20001 });
    const fresh = await client.account.signIn({
      identifier: ALICE_EMAIL,
      credential: 'password',
      password: 'Fresh456',
    });
    expect(fresh.ok && fresh.value.userID).toBe('alice');
  });

  it('resend countdown: 60 s on the clock after a send; a send before it ends is refused locally', async () => {
    const world = aliceWorld();
    const client = world.client();
    const seen: number[] = [];
    client.account.codeCountdown$(CodeUsage.Login).subscribe((s) => seen.push(s));
    expect(seen).toEqual([0]);

    await sendAndRead(world, client, ALICE_EMAIL, CodeUsage.Login);
    expect(seen.at(-1)).toBe(CODE_RESEND_SECONDS);
    const calls = client.ports.accountApi.calls;
    expect(failure(await client.account.sendCode(ALICE_EMAIL, CodeUsage.Login))).toEqual({
      kind: 'state',
      reason: 'codeCountdown',
    });
    expect(client.ports.accountApi.calls).toBe(calls);
    // Another purpose has its own countdown.
    expect(await firstValueFrom(client.account.codeCountdown$(CodeUsage.ResetPassword))).toBe(0);

    await world.advance(59_000);
    expect(seen.at(-1)).toBe(1);
    await world.advance(1_000);
    expect(seen.at(-1)).toBe(0);
    expect(seen).toHaveLength(CODE_RESEND_SECONDS + 2);
    const before = world.backend.accounts.lastCode(ALICE_EMAIL);
    await sendAndRead(world, client, ALICE_EMAIL, CodeUsage.Login);
    expect(world.backend.accounts.lastCode(ALICE_EMAIL)).not.toBe(before);
  });

  it('§8 the server refusal 20005 (too frequent) is classified, and no countdown starts', async () => {
    const world = aliceWorld();
    const first = world.client();
    const second = world.client();
    await sendAndRead(world, first, ALICE_EMAIL, CodeUsage.Login);

    const error = failure(await second.account.sendCode(ALICE_EMAIL, CodeUsage.Login));

    expect(error).toMatchObject({ code: 20005, display: { kind: 'i18n', i18nKey: 'error.tooFrequent' } });
    expect(await firstValueFrom(second.account.codeCountdown$(CodeUsage.Login))).toBe(0);
  });
});

describe('SignInService before the IM services exist', () => {
  it('§4 with DeferredSessionStart a sign-in only stores the credentials; the shell bootstrap then logs in', async () => {
    const world = aliceWorld();
    const client = world.client();
    const signIn = new SignInService(
      client.ports.accountApi,
      new DeferredSessionStart(client.ports.sessionStore),
      client.ports.localStore,
      world.clock,
    );

    const result = await signIn.signIn({
      identifier: ALICE_EMAIL,
      credential: 'password',
      password: 'Secret123',
    });

    expect(result.ok).toBe(true);
    expect(client.signedIn).toBe(false);
    expect(client.ports.device.userID).toBeUndefined();
    expect(hasStoredCredentials(client)).toBe(true);
    expect(client.ports.sessionStore.get(STORAGE_KEYS.session.chatToken)).toBe('chat-alice');
    // The shell opens the stored user's session scope and starts it.
    expect(await client.bootstrap()).toEqual({ ok: true, value: undefined });
    expect(client.currentUser.id()).toBe('alice');
    expect(client.currentUser.selfInfo?.nickname).toBe('Alice');
    signIn.dispose();
  });
});
