import { PAY_PASSWORD_LENGTH } from '../../constants';
import { validationError } from '../../errors/domain-errors';
import type { ValidationField } from '../../errors/domain-errors';
import { err, ok } from '../../result';
import type { Validated } from './validated';

/** §5 Pay password: six digits. */
export function validatePayPassword(pin: string, field: ValidationField = 'payPassword'): Validated<string> {
  if (!new RegExp(`^[0-9]{${PAY_PASSWORD_LENGTH}}$`).test(pin)) {
    return err(validationError(field, 'validation.payPassword.invalid', { length: PAY_PASSWORD_LENGTH }));
  }
  return ok(pin);
}

export interface PayPasswordChange {
  /** Whether a pay password already exists; only then is the old one asked for. */
  readonly hasExisting: boolean;
  readonly oldPin?: string;
  readonly newPin: string;
  readonly confirmPin: string;
}

/** §4/§5 Pay password form: old (only when one exists), new, confirmation; new and confirm must match. */
export function validatePayPasswordChange(
  change: PayPasswordChange,
): Validated<{ readonly oldPin: string | undefined; readonly newPin: string }> {
  let oldPin: string | undefined;
  if (change.hasExisting) {
    if (change.oldPin === undefined || change.oldPin === '') {
      return err(validationError('oldPassword', 'validation.oldPassword.required'));
    }
    const old = validatePayPassword(change.oldPin, 'oldPassword');
    if (!old.ok) return old;
    oldPin = old.value;
  }
  const next = validatePayPassword(change.newPin);
  if (!next.ok) return next;
  if (change.newPin !== change.confirmPin) {
    return err(validationError('confirmPayPassword', 'validation.payPassword.mismatch'));
  }
  return ok({ oldPin, newPin: next.value });
}
