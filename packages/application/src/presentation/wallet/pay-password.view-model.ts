import {
  err,
  ok,
  PAY_PASSWORD_LENGTH,
  type DisplayText,
  type Result,
  type ValidationField,
} from '@teamim/domain';
import type { AppError } from '../../shared/app-error';
import { stateFailure } from '../../shared/app-error';
import type { CurrentUser } from '../../session/current-user';
import type { WalletService } from '../../wallet/wallet.service';
import { errorText } from '../contacts/error-text';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export type PinField = 'old' | 'new' | 'confirm';

export interface PayPasswordState {
  /** 'change' when a pay password exists (old, new, confirm), else 'set' (new, confirm). */
  readonly mode: 'set' | 'change';
  readonly fields: readonly PinField[];
  readonly values: Readonly<Record<PinField, string>>;
  readonly length: number;
  /** The field the message belongs to ('form' for the server's own). */
  readonly error: { readonly field: PinField | 'form'; readonly text: DisplayText } | undefined;
  readonly busy: boolean;
  readonly succeeded: boolean;
  /** 1 s after success (spec §4, §9): the view closes the dialog. */
  readonly closed: boolean;
}

/** Keeps the digits of what was typed or pasted, at most six (spec §5: six single-character boxes). */
export function pinDigits(input: string): string {
  return input.replace(/[^0-9]/g, '').slice(0, PAY_PASSWORD_LENGTH);
}

function fieldOf(field: ValidationField): PinField | 'form' {
  switch (field) {
    case 'oldPassword':
      return 'old';
    case 'payPassword':
      return 'new';
    case 'confirmPayPassword':
      return 'confirm';
    default:
      return 'form';
  }
}

/**
 * The pay-password modal (spec §2, §4, §5): old (only when one exists), new and confirmation, six
 * digits each. It submits when the last box of the last field is filled; mismatch and the server's
 * messages (wrong password with the attempts left, locked) show under their field.
 */
export class PayPasswordViewModel extends StateViewModel<PayPasswordState> {
  constructor(
    currentUser: CurrentUser,
    private readonly wallet: WalletService,
  ) {
    const change = currentUser.selfInfo?.hasPayPassword ?? false;
    super({
      mode: change ? 'change' : 'set',
      fields: change ? ['old', 'new', 'confirm'] : ['new', 'confirm'],
      values: { old: '', new: '', confirm: '' },
      length: PAY_PASSWORD_LENGTH,
      error: undefined,
      busy: false,
      succeeded: false,
      closed: false,
    });
    this.own(wallet.payPasswordModalClose$.subscribe(() => this.patch({ closed: true })));
  }

  /**
   * Sets a field from the boxes (typing or pasting). Filling the last field's last box submits; the
   * promise then holds the submission's result, otherwise undefined.
   */
  async setValue(field: PinField, input: string): Promise<Result<void, AppError> | undefined> {
    if (this.state.busy || this.state.succeeded) return undefined;
    const values = { ...this.state.values, [field]: pinDigits(input) };
    this.patch({ values, error: this.state.error?.field === field ? undefined : this.state.error });
    const last = this.state.fields[this.state.fields.length - 1];
    const complete = this.state.fields.every((f) => values[f].length === PAY_PASSWORD_LENGTH);
    if (field === last && complete) return this.submit();
    return undefined;
  }

  async submit(): Promise<Result<void, AppError>> {
    if (this.state.busy || this.state.succeeded) return err(stateFailure('busy'));
    const { values, mode } = this.state;
    this.patch({ busy: true, error: undefined });
    const result = await this.wallet.setPayPassword({
      ...(mode === 'change' ? { oldPin: values.old } : {}),
      newPin: values.new,
      confirmPin: values.confirm,
    });
    if (result.ok) {
      this.patch({ busy: false, succeeded: true });
      return ok(undefined);
    }
    const error = result.error;
    const field: PinField | 'form' =
      error.kind === 'validation' ? fieldOf(error.field) : mode === 'change' ? 'old' : 'form';
    // The field in error starts again empty; a mismatch clears only the confirmation.
    const cleared = field === 'form' ? values : { ...values, [field]: '' };
    this.patch({ busy: false, values: cleared, error: { field, text: errorText(error) } });
    return result;
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const payPasswordViewModel = viewModelFactory(
  (s) => new PayPasswordViewModel(s.currentUser, s.wallet),
);
