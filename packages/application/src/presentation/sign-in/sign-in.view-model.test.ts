import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@teamim/domain';
import { CODE_RESEND_SECONDS, DeferredSessionStart, SignInService } from '../../account/sign-in.service';
import { FakeAccountApi, InMemoryLocalStore, InMemorySessionStore, TestWorld } from '../../testing';
import { SignInViewModel } from './sign-in.view-model';

const ALICE = { userID: 'alice', nickname: 'Alice', password: 'Secret123', email: 'alice@example.com' };

/** The web root's wiring: the account API, sign-in that only stores the credentials, both stores. */
function screen(world = new TestWorld().accounts(ALICE), localStore = new InMemoryLocalStore()) {
  const api = new FakeAccountApi(world.backend.accounts);
  const sessionStore = new InMemorySessionStore();
  const service = new SignInService(api, new DeferredSessionStart(sessionStore), localStore, world.clock);
  const vm = new SignInViewModel(service);
  return { world, api, sessionStore, localStore, service, vm };
}

describe('SignInViewModel', () => {
  it('starts on password sign-in by e-mail, +86 prefilled, nothing to show', () => {
    const { vm } = screen();
    expect(vm.state).toMatchObject({
      tab: 'login',
      identifierKind: 'email',
      credential: 'password',
      values: { email: '', areaCode: '+86', phone: '', password: '' },
      errors: {},
      notice: undefined,
      busy: false,
      codeCountdown: 0,
    });
  });

  it('§3 prefills the identifier remembered in local storage', () => {
    const local = new InMemoryLocalStore();
    local.set(STORAGE_KEYS.local.loginMethod, 'phone');
    local.set(STORAGE_KEYS.local.areaCode, '+44');
    local.set(STORAGE_KEYS.local.phoneNumber, '7700900123');
    const { vm } = screen(undefined, local);
    expect(vm.state.identifierKind).toBe('phone');
    expect(vm.state.values).toMatchObject({ areaCode: '+44', phone: '7700900123' });
  });

  it('§5 shows every field message at once and calls nothing', async () => {
    const { vm, api } = screen();
    vm.selectTab('register');
    vm.setField('email', 'not-an-email');
    vm.setField('password', 'abcdef');

    const result = await vm.submit();

    expect(result.ok).toBe(false);
    expect(vm.state.errors).toEqual({
      email: { i18nKey: 'validation.email.invalid' },
      nickname: { i18nKey: 'validation.nickname.required' },
      password: { i18nKey: 'validation.password.format' },
      verificationCode: { i18nKey: 'validation.verificationCode.required' },
    });
    expect(api.calls).toBe(0);
    // Typing in a field clears only its own message.
    vm.setField('email', 'new@example.com');
    expect(Object.keys(vm.state.errors)).toEqual(['nickname', 'password', 'verificationCode']);
  });

  it('§5 a phone identifier checks area code and number; sign-in needs a password, not its format', async () => {
    const { vm } = screen();
    vm.selectIdentifierKind('phone');
    vm.setField('areaCode', '+8a');
    vm.setField('phone', '12');
    await vm.submit();
    expect(vm.state.errors).toEqual({
      areaCode: { i18nKey: 'validation.areaCode.invalid' },
      phone: { i18nKey: 'validation.phone.invalid' },
      password: { i18nKey: 'validation.password.required' },
    });
    vm.selectCredential('code');
    vm.setField('verificationCode', '12345');
    await vm.submit();
    expect(vm.state.errors.verificationCode).toEqual({
      i18nKey: 'validation.verificationCode.invalid',
      params: { length: 6 },
    });
    expect(vm.state.errors.password).toBeUndefined();
  });

  it('§4 a password sign-in stores the credentials and remembers the identifier', async () => {
    const { vm, sessionStore, localStore, world } = screen();
    vm.setField('email', 'Alice@Example.com ');
    vm.setField('password', 'Secret123');

    const pending = vm.submit();
    expect(vm.state.busy).toBe(true);
    const result = await pending;

    expect(result).toMatchObject({ ok: true, value: { kind: 'signedIn', session: { userID: 'alice' } } });
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('alice');
    expect(sessionStore.get(STORAGE_KEYS.session.imToken)).toBe(world.backend.user('alice').token);
    expect(localStore.get(STORAGE_KEYS.local.email)).toBe('Alice@Example.com');
    expect(localStore.get(STORAGE_KEYS.local.loginMethod)).toBe('email');
    expect(vm.state.busy).toBe(false);
    expect(vm.state.values.password).toBe('');
  });

  it('signing in opens the chats, or the sign-in link that sent a signed-out browser here', async () => {
    const link = '/link-device#code=Ab3_-defGHIjklMNOpqrSTUvwxYZ0123';
    const signIn = async (interrupted: unknown) => {
      const { vm } = screen();
      vm.setField('email', ALICE.email);
      vm.setField('password', ALICE.password);
      const result = await vm.submit(interrupted);
      return result.ok && result.value.kind === 'signedIn' ? result.value.next : undefined;
    };
    expect(await signIn(undefined)).toBe('/chat');
    expect(await signIn('/contact/myGroups')).toBe('/chat');
    expect(await signIn(link)).toBe(link);
    expect(await signIn(`https://evil.example${link}`)).toBe('/chat');
  });

  it('§8 20001 shows the spec text and stores nothing', async () => {
    const { vm, sessionStore } = screen();
    vm.setField('email', ALICE.email);
    vm.setField('password', 'Wrong123');

    const result = await vm.submit();

    expect(result).toMatchObject({ ok: false, error: { code: 20001 } });
    expect(vm.state.notice).toEqual({
      kind: 'failure',
      text: { kind: 'i18n', i18nKey: 'error.wrongPassword' },
    });
    expect(vm.state.busy).toBe(false);
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBeUndefined();
  });

  it("the resend countdown follows the service's constant and belongs to the tab's code", async () => {
    const { vm, world, api } = screen();
    vm.selectCredential('code');
    vm.setField('email', ALICE.email);

    expect(await vm.sendCode()).toEqual({ ok: true, value: undefined });
    expect(vm.state.notice).toEqual({ kind: 'codeSent' });
    expect(vm.state.codeCountdown).toBe(CODE_RESEND_SECONDS);
    const calls = api.calls;
    expect(await vm.sendCode()).toEqual({ ok: false, error: { kind: 'state', reason: 'codeCountdown' } });
    expect(api.calls).toBe(calls);

    await world.advance(1_000);
    expect(vm.state.codeCountdown).toBe(CODE_RESEND_SECONDS - 1);
    // Registration has a countdown of its own; back on sign-in, the login one is still running.
    vm.selectTab('register');
    expect(vm.state.codeCountdown).toBe(0);
    vm.selectTab('login');
    expect(vm.state.codeCountdown).toBe(CODE_RESEND_SECONDS - 1);
    await world.advance((CODE_RESEND_SECONDS - 1) * 1_000);
    expect(vm.state.codeCountdown).toBe(0);
  });

  it('§4 signs in with the code that was sent', async () => {
    const { vm, world, sessionStore } = screen();
    vm.selectCredential('code');
    vm.setField('email', ALICE.email);
    await vm.sendCode();
    vm.setField('verificationCode', world.backend.accounts.lastCode({ email: ALICE.email }) ?? '');

    expect(await vm.submit()).toMatchObject({ ok: true, value: { kind: 'signedIn' } });
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe('alice');
  });

  it('send code checks the identifier first; 20002 for an unknown account starts no countdown', async () => {
    const { vm, api } = screen();
    vm.selectTab('reset');
    expect((await vm.sendCode()).ok).toBe(false);
    expect(vm.state.errors).toEqual({ email: { i18nKey: 'validation.email.required' } });
    expect(api.calls).toBe(0);

    vm.setField('email', 'nobody@example.com');
    await vm.sendCode();
    expect(vm.state.notice).toEqual({
      kind: 'failure',
      text: { kind: 'i18n', i18nKey: 'error.accountNotFound' },
    });
    expect(vm.state.codeCountdown).toBe(0);
  });

  it('§4/§7 registers with the code that was sent, and is signed in', async () => {
    const { vm, world, sessionStore } = screen(new TestWorld());
    vm.selectTab('register');
    vm.setField('email', 'new@example.com');
    vm.setField('nickname', 'Newbie');
    vm.setField('password', 'abc123');
    vm.setField('confirmPassword', 'abc123');
    await vm.sendCode();
    vm.setField('verificationCode', world.backend.accounts.lastCode({ email: 'new@example.com' }) ?? '');

    const result = await vm.submit();

    if (!result.ok || result.value.kind !== 'signedIn') throw new Error('registration failed');
    expect(sessionStore.get(STORAGE_KEYS.session.userID)).toBe(result.value.session.userID);
    expect(world.backend.user(result.value.session.userID).token).toBeTruthy();
  });

  it('§4 a password reset returns to password sign-in with a confirmation', async () => {
    const { vm, world } = screen();
    vm.selectTab('reset');
    vm.setField('email', ALICE.email);
    await vm.sendCode();
    vm.setField('verificationCode', world.backend.accounts.lastCode({ email: ALICE.email }) ?? '');
    vm.setField('password', 'Fresh456');
    vm.setField('confirmPassword', 'Fresh457');
    await vm.submit();
    expect(vm.state.errors).toEqual({ confirmPassword: { i18nKey: 'validation.password.mismatch' } });
    vm.setField('confirmPassword', 'Fresh456');

    expect(await vm.submit()).toEqual({ ok: true, value: { kind: 'passwordReset' } });

    expect(vm.state).toMatchObject({
      tab: 'login',
      credential: 'password',
      notice: { kind: 'passwordReset' },
      values: { email: ALICE.email, password: '', confirmPassword: '', verificationCode: '' },
    });
    vm.setField('password', 'Fresh456');
    expect((await vm.submit()).ok).toBe(true);
  });

  it('switching tabs keeps the identifier and drops secrets and messages', async () => {
    const { vm } = screen();
    vm.setField('email', 'x');
    vm.setField('password', 'p');
    await vm.submit();
    vm.selectTab('reset');
    expect(vm.state.values).toMatchObject({ email: 'x', password: '' });
    expect(vm.state.errors).toEqual({});
  });

  it('dispose releases the countdown subscription; late answers change nothing', async () => {
    const { vm } = screen();
    vm.setField('email', ALICE.email);
    vm.setField('password', 'Secret123');
    const pending = vm.submit();
    vm.dispose();
    expect((await pending).ok).toBe(true);
    expect(vm.disposed).toBe(true);
    expect(vm.state.busy).toBe(true);
  });
});
