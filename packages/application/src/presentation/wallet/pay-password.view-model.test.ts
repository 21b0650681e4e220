import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, ok, validationError, type Result, type ValidationField } from '@teamim/domain';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { CurrentUser } from '../../session/current-user';
import type { PayPasswordInput, WalletService } from '../../wallet/wallet.service';
import { PayPasswordViewModel, type PayPasswordState } from './pay-password.view-model';

// Over a scripted wallet, so that a submission can be held open or refused in each way.

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

class ScriptedWallet {
  readonly inputs: PayPasswordInput[] = [];
  readonly close = new Subject<void>();
  readonly payPasswordModalClose$ = this.close.asObservable();
  answers: Array<Result<void, AppError> | Deferred<Result<void, AppError>>> = [];

  setPayPassword(input: PayPasswordInput): Promise<Result<void, AppError>> {
    this.inputs.push(input);
    const next = this.answers.shift();
    if (next === undefined) throw new Error('no answer scripted');
    return 'promise' in next ? next.promise : Promise.resolve(next);
  }
}

function payVM(hasPayPassword: boolean | undefined): { vm: PayPasswordViewModel; wallet: ScriptedWallet } {
  const wallet = new ScriptedWallet();
  const currentUser = {
    selfInfo: hasPayPassword === undefined ? undefined : { userID: 'me', hasPayPassword },
  } as unknown as CurrentUser;
  return { vm: new PayPasswordViewModel(currentUser, wallet as unknown as WalletService), wallet };
}

const setMode: PayPasswordState = {
  mode: 'set',
  fields: ['new', 'confirm'],
  values: { old: '', new: '', confirm: '' },
  length: 6,
  error: undefined,
  busy: false,
  succeeded: false,
  closed: false,
};

const changeMode: PayPasswordState = { ...setMode, mode: 'change', fields: ['old', 'new', 'confirm'] };

const remote = (code: number, message: string): AppError => ({ kind: 'remote', code, message });

describe('PayPasswordViewModel: mode', () => {
  it('set when no pay password exists or the profile is not loaded yet; change when one exists', () => {
    expect(payVM(undefined).vm.state).toEqual(setMode);
    expect(payVM(false).vm.state).toEqual(setMode);
    expect(payVM(true).vm.state).toEqual(changeMode);
  });
});

describe('PayPasswordViewModel: submitting', () => {
  it('set mode sends new and confirmation only; busy meanwhile; nothing is typed or sent twice', async () => {
    const { vm, wallet } = payVM(false);
    const answer = deferred<Result<void, AppError>>();
    wallet.answers = [answer];
    await vm.setValue('new', '123456');
    const submitting = vm.setValue('confirm', '123456');
    const filled = { ...setMode, values: { old: '', new: '123456', confirm: '123456' } };
    expect(vm.state).toEqual({ ...filled, busy: true });
    expect(await vm.setValue('new', '999999')).toBeUndefined();
    expect(await vm.submit()).toEqual(err(stateFailure('busy')));
    expect(wallet.inputs).toEqual([{ newPin: '123456', confirmPin: '123456' }]);
    answer.resolve(ok(undefined));
    expect(await submitting).toEqual(ok(undefined));
    expect(vm.state).toEqual({ ...filled, succeeded: true });
    // After success the boxes are frozen and nothing is sent again.
    expect(await vm.setValue('confirm', '1')).toBeUndefined();
    expect(await vm.submit()).toEqual(err(stateFailure('busy')));
    expect(vm.state).toEqual({ ...filled, succeeded: true });
    expect(wallet.inputs).toHaveLength(1);
    wallet.close.next();
    expect(vm.state).toEqual({ ...filled, succeeded: true, closed: true });
  });

  it('change mode sends the old one too', async () => {
    const { vm, wallet } = payVM(true);
    wallet.answers = [ok(undefined)];
    await vm.setValue('old', '111111');
    await vm.setValue('new', '222222');
    await vm.setValue('confirm', '222222');
    expect(wallet.inputs).toEqual([{ oldPin: '111111', newPin: '222222', confirmPin: '222222' }]);
  });

  it('a validation failure lands on its field, which alone is cleared', async () => {
    const cases: Array<[ValidationField, 'old' | 'new' | 'confirm']> = [
      ['oldPassword', 'old'],
      ['payPassword', 'new'],
      ['confirmPayPassword', 'confirm'],
    ];
    for (const [validationField, field] of cases) {
      const { vm, wallet } = payVM(true);
      const error = validationError(validationField, 'validation.payPassword.mismatch');
      wallet.answers = [err(error)];
      await vm.setValue('old', '111111');
      await vm.setValue('new', '222222');
      await vm.setValue('confirm', '333333');
      expect(vm.state).toEqual({
        ...changeMode,
        values: { old: '111111', new: '222222', confirm: '333333', [field]: '' },
        error: { field, text: { kind: 'i18n', i18nKey: 'validation.payPassword.mismatch' } },
      });
    }
  });

  it('a validation failure of another field shows on the form and clears nothing', async () => {
    const { vm, wallet } = payVM(false);
    wallet.answers = [err(validationError('redPacketAmount', 'validation.redPacket.amountInvalid'))];
    await vm.setValue('new', '123456');
    await vm.setValue('confirm', '123456');
    expect(vm.state).toEqual({
      ...setMode,
      values: { old: '', new: '123456', confirm: '123456' },
      error: { field: 'form', text: { kind: 'i18n', i18nKey: 'validation.redPacket.amountInvalid' } },
    });
  });

  it("the server's refusal is the form's when setting, the old password's when changing", async () => {
    const set = payVM(false);
    set.wallet.answers = [err(remote(99_999, 'server says no'))];
    await set.vm.setValue('new', '123456');
    await set.vm.setValue('confirm', '123456');
    expect(set.vm.state).toEqual({
      ...setMode,
      values: { old: '', new: '123456', confirm: '123456' },
      error: { field: 'form', text: { kind: 'raw', text: 'server says no' } },
    });

    const change = payVM(true);
    change.wallet.answers = [err(remote(99_999, 'old one is wrong'))];
    await change.vm.setValue('old', '111111');
    await change.vm.setValue('new', '222222');
    await change.vm.setValue('confirm', '222222');
    expect(change.vm.state).toEqual({
      ...changeMode,
      values: { old: '', new: '222222', confirm: '222222' },
      error: { field: 'old', text: { kind: 'raw', text: 'old one is wrong' } },
    });
  });

  it('editing another field keeps the message; a submission clears it while it runs', async () => {
    const { vm, wallet } = payVM(true);
    const retry = deferred<Result<void, AppError>>();
    wallet.answers = [err(remote(99_999, 'wrong')), retry];
    await vm.setValue('old', '111111');
    await vm.setValue('new', '222222');
    await vm.setValue('confirm', '222222');
    const error = { field: 'old' as const, text: { kind: 'raw' as const, text: 'wrong' } };
    await vm.setValue('new', '22222');
    expect(vm.state).toEqual({ ...changeMode, values: { old: '', new: '22222', confirm: '222222' }, error });
    // A submission from the button clears the message while it runs.
    const submitting = vm.submit();
    expect(vm.state).toEqual({
      ...changeMode,
      values: { old: '', new: '22222', confirm: '222222' },
      busy: true,
    });
    retry.resolve(ok(undefined));
    await submitting;
    expect(wallet.inputs.at(-1)).toEqual({ oldPin: '', newPin: '22222', confirmPin: '222222' });
  });

  it('editing the field in error clears its message', async () => {
    const { vm, wallet } = payVM(true);
    wallet.answers = [err(remote(99_999, 'wrong'))];
    await vm.setValue('old', '111111');
    await vm.setValue('new', '222222');
    await vm.setValue('confirm', '222222');
    await vm.setValue('old', '1');
    expect(vm.state).toEqual({ ...changeMode, values: { old: '1', new: '222222', confirm: '222222' } });
  });
});
