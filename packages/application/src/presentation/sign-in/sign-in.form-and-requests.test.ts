import { describe, expect, it } from 'vitest';
import { err, type Result } from '@teamim/domain';
import {
  CODE_RESEND_SECONDS,
  DeferredSessionStart,
  SignInService,
  type SignInError,
  type SignInInput,
} from '../../account/sign-in.service';
import type { AccountIdentifier, CodeUsage, AccountSession } from '../../ports/account-api.port';
import { FakeAccountApi, InMemoryLocalStore, InMemorySessionStore, TestWorld } from '../../testing';
import { formErrors } from './sign-in-fields';
import { SignInViewModel } from './sign-in.view-model';

const ALICE = { userID: 'alice', nickname: 'Alice', password: 'Secret123', email: 'alice@example.com' };
const BOB = {
  userID: 'bob',
  nickname: 'Bob',
  password: 'Secret456',
  areaCode: '+44',
  phoneNumber: '7700900123',
};

/** The account API of the fakes, keeping what the client itself sent. */
class RecordingAccountApi extends FakeAccountApi {
  readonly sent: { identifier: AccountIdentifier; usedFor: CodeUsage; invitationCode: string | undefined }[] =
    [];
  readonly passwordLogins: { identifier: AccountIdentifier; password: string }[] = [];

  override sendCode(
    identifier: AccountIdentifier,
    usedFor: CodeUsage,
    invitationCode?: string,
  ): Promise<void> {
    this.sent.push({ identifier, usedFor, invitationCode });
    return super.sendCode(identifier, usedFor, invitationCode);
  }

  override loginWithPassword(identifier: AccountIdentifier, password: string): Promise<AccountSession> {
    this.passwordLogins.push({ identifier, password });
    return super.loginWithPassword(identifier, password);
  }
}

function screen(world = new TestWorld().accounts(ALICE, BOB)) {
  const api = new RecordingAccountApi(world.backend.accounts);
  const sessionStore = new InMemorySessionStore();
  const service = new SignInService(
    api,
    new DeferredSessionStart(sessionStore),
    new InMemoryLocalStore(),
    world.clock,
  );
  const vm = new SignInViewModel(service);
  return { world, api, service, vm };
}

/** A service whose sign-in answers with a chosen refusal (what the form does with each kind). */
class RefusingSignIn extends SignInService {
  constructor(
    world: TestWorld,
    private readonly refusal: SignInError,
  ) {
    super(
      new FakeAccountApi(world.backend.accounts),
      new DeferredSessionStart(new InMemorySessionStore()),
      new InMemoryLocalStore(),
      world.clock,
    );
  }

  override signIn(_input: SignInInput): Promise<Result<AccountSession, SignInError>> {
    return Promise.resolve(err(this.refusal));
  }
}

function refusedScreen(refusal: SignInError) {
  const vm = new SignInViewModel(new RefusingSignIn(new TestWorld(), refusal));
  vm.setField('email', ALICE.email);
  vm.setField('password', 'Secret123');
  return vm;
}

const EMPTY_VALUES = {
  email: '',
  areaCode: '+86',
  phone: '',
  password: '',
  confirmPassword: '',
  verificationCode: '',
  nickname: '',
  invitationCode: '',
};

describe('SignInViewModel: the form, what it sends, and where refusals show', () => {
  it('a first visit starts with every field empty (only the default area code)', () => {
    const { vm } = screen();
    expect(vm.state).toStrictEqual({
      tab: 'login',
      identifierKind: 'email',
      credential: 'password',
      values: EMPTY_VALUES,
      errors: {},
      notice: undefined,
      busy: false,
      codeCountdown: 0,
    });
  });

  it('selecting the tab already shown keeps the typed secrets and the messages', async () => {
    const { vm } = screen();
    vm.setField('email', 'not-an-email');
    vm.setField('password', 'typed');
    await vm.submit();
    const before = vm.state;
    vm.selectTab('login');
    expect(vm.state).toBe(before);
  });

  it('another tab empties exactly the three secrets', () => {
    const { vm } = screen();
    for (const [field, value] of Object.entries({
      email: 'a@b.cn',
      phone: '123',
      password: 'p1',
      confirmPassword: 'p2',
      verificationCode: '123456',
      nickname: 'Nick',
      invitationCode: 'INV',
    }))
      vm.setField(field as keyof typeof EMPTY_VALUES, value);
    vm.selectTab('register');
    expect(vm.state.values).toStrictEqual({
      ...EMPTY_VALUES,
      email: 'a@b.cn',
      phone: '123',
      nickname: 'Nick',
      invitationCode: 'INV',
    });
  });

  it('the QR tab sends no code, submits nothing and shows no countdown', async () => {
    const { vm, api } = screen();
    vm.selectTab('reset');
    vm.setField('email', ALICE.email);
    expect(await vm.sendCode()).toEqual({ ok: true, value: undefined });
    expect(vm.state.codeCountdown).toBe(CODE_RESEND_SECONDS);
    const calls = api.calls;

    vm.selectTab('qr');
    expect(vm.state.codeCountdown).toBe(0);
    expect(await vm.sendCode()).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(await vm.submit()).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(api.calls).toBe(calls);
    expect(vm.state.busy).toBe(false);
  });

  it('while a call is under way neither send code nor submit starts another', async () => {
    const { vm, api } = screen();
    vm.setField('email', ALICE.email);
    vm.setField('password', ALICE.password);
    const pending = vm.submit();
    expect(vm.state.busy).toBe(true);

    expect(await vm.sendCode()).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(await vm.submit()).toStrictEqual({ ok: false, error: { kind: 'state', reason: 'busy' } });
    expect(api.calls).toBe(1);
    expect((await pending).ok).toBe(true);
  });

  it('a send during the countdown is refused by the form itself: the confirmation stays', async () => {
    const { vm, api } = screen();
    vm.setField('email', ALICE.email);
    await vm.sendCode();
    const before = vm.state;

    expect(await vm.sendCode()).toStrictEqual({
      ok: false,
      error: { kind: 'state', reason: 'codeCountdown' },
    });
    expect(vm.state).toBe(before);
    expect(vm.state.notice).toEqual({ kind: 'codeSent' });
    expect(api.sent).toHaveLength(1);
  });

  it('send code shows both phone messages at once and asks nobody', async () => {
    const { vm, api } = screen();
    vm.selectIdentifierKind('phone');
    vm.setField('areaCode', '+8a');
    vm.setField('phone', '12');
    const result = await vm.sendCode();
    expect(result).toStrictEqual({
      ok: false,
      error: { kind: 'validation', field: 'areaCode', i18nKey: 'validation.areaCode.invalid' },
    });
    expect(vm.state.errors).toStrictEqual({
      areaCode: { i18nKey: 'validation.areaCode.invalid' },
      phone: { i18nKey: 'validation.phone.invalid' },
    });
    expect(vm.state.busy).toBe(false);
    expect(api.calls).toBe(0);
  });

  it('send code clears the old messages and waits while the code is on its way', async () => {
    const { vm } = screen();
    vm.setField('email', ALICE.email);
    vm.selectCredential('code');
    await vm.submit();
    expect(vm.state.errors).toStrictEqual({
      verificationCode: { i18nKey: 'validation.verificationCode.required' },
    });
    const pending = vm.sendCode();
    expect(vm.state).toMatchObject({ busy: true, errors: {}, notice: undefined });
    await pending;
    expect(vm.state).toMatchObject({ busy: false, errors: {}, notice: { kind: 'codeSent' } });
  });

  it('the invitation code goes only with a registration code', async () => {
    const { vm, api } = screen(new TestWorld());
    vm.selectTab('register');
    vm.setField('email', 'new@example.com');
    vm.setField('invitationCode', 'INV42');
    await vm.sendCode();
    vm.selectTab('login');
    await vm.sendCode();
    vm.selectTab('reset');
    await vm.sendCode();

    expect(api.sent.map((s) => s.invitationCode)).toStrictEqual(['INV42', undefined, undefined]);
  });

  it('a phone sign-in sends area code and number as typed, not an e-mail', async () => {
    const { vm, api } = screen();
    vm.selectIdentifierKind('phone');
    vm.setField('areaCode', '+44');
    vm.setField('phone', '7700900123');
    vm.setField('password', BOB.password);

    expect(await vm.submit()).toMatchObject({
      ok: true,
      value: { kind: 'signedIn', session: { userID: 'bob' } },
    });
    expect(api.passwordLogins).toStrictEqual([
      { identifier: { areaCode: '+44', phoneNumber: '7700900123' }, password: BOB.password },
    ]);
  });

  it('a refused reset stays on the reset form with the refusal, secrets kept', async () => {
    const { vm } = screen();
    vm.selectTab('reset');
    vm.setField('email', ALICE.email);
    await vm.sendCode();
    vm.setField('verificationCode', '000000');
    vm.setField('password', 'Fresh456');
    vm.setField('confirmPassword', 'Fresh456');

    const result = await vm.submit();

    expect(result.ok).toBe(false);
    expect(vm.state.tab).toBe('reset');
    expect(vm.state.busy).toBe(false);
    expect(vm.state.notice).toMatchObject({ kind: 'failure' });
    expect(vm.state.values).toMatchObject({ verificationCode: '000000', password: 'Fresh456' });
  });

  it('the reset form shows the code and password messages together', async () => {
    const { vm, api } = screen();
    vm.selectTab('reset');
    vm.setField('email', ALICE.email);
    vm.setField('password', 'abc');
    const result = await vm.submit();
    expect(result).toStrictEqual({
      ok: false,
      error: {
        kind: 'validation',
        field: 'verificationCode',
        i18nKey: 'validation.verificationCode.required',
      },
    });
    expect(vm.state.errors).toStrictEqual({
      verificationCode: { i18nKey: 'validation.verificationCode.required' },
      password: { i18nKey: 'validation.password.length', params: { min: 6, max: 20 } },
    });
    expect(api.calls).toBe(0);
  });

  it('the QR tab has no form of its own: only the identifier is checked', () => {
    expect(formErrors('qr', 'email', 'password', EMPTY_VALUES)).toStrictEqual({
      email: { i18nKey: 'validation.email.required' },
    });
  });

  it('after signing in the password and its confirmation leave the form, the rest stays', async () => {
    const { vm } = screen();
    vm.setField('email', ALICE.email);
    vm.setField('password', ALICE.password);
    vm.setField('confirmPassword', 'left over');
    vm.setField('nickname', 'kept');
    await vm.submit();
    expect(vm.state.values).toStrictEqual({ ...EMPTY_VALUES, email: ALICE.email, nickname: 'kept' });
  });

  it('a state failure after the server (lost session storage) shows "access failed"', async () => {
    const vm = refusedScreen({ kind: 'state', reason: 'noCredentials' });
    await vm.submit();
    expect(vm.state.notice).toStrictEqual({
      kind: 'failure',
      text: { kind: 'i18n', i18nKey: 'toast.accessFailed' },
    });
  });

  it("a service rule on one of the form's fields goes under that field, with its params", async () => {
    const vm = refusedScreen({
      kind: 'validation',
      field: 'nickname',
      i18nKey: 'validation.nickname.tooLong',
      params: { max: 16 },
    });
    await vm.submit();
    expect(vm.state.errors).toStrictEqual({
      nickname: { i18nKey: 'validation.nickname.tooLong', params: { max: 16 } },
    });
    expect(vm.state.notice).toBeUndefined();
    expect(vm.state.busy).toBe(false);

    const plain = refusedScreen({
      kind: 'validation',
      field: 'password',
      i18nKey: 'validation.password.required',
    });
    await plain.submit();
    expect(plain.state.errors).toStrictEqual({ password: { i18nKey: 'validation.password.required' } });
  });

  it('a service rule on a field the form lacks becomes the notice, with its params', async () => {
    const vm = refusedScreen({
      kind: 'validation',
      field: 'oldPassword',
      i18nKey: 'validation.nickname.tooLong',
      params: { max: 16 },
    });
    const result = await vm.submit();
    expect(result.ok).toBe(false);
    expect(vm.state.errors).toStrictEqual({});
    expect(vm.state.notice).toStrictEqual({
      kind: 'failure',
      text: { kind: 'i18n', i18nKey: 'validation.nickname.tooLong', params: { max: 16 } },
    });

    const plain = refusedScreen({
      kind: 'validation',
      field: 'oldPassword',
      i18nKey: 'validation.password.required',
    });
    await plain.submit();
    expect(plain.state.notice).toStrictEqual({
      kind: 'failure',
      text: { kind: 'i18n', i18nKey: 'validation.password.required' },
    });
    expect(plain.state.busy).toBe(false);
  });
});
