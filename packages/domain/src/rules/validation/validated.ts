import { validationError } from '../../errors/domain-errors';
import type { ValidationError, ValidationField } from '../../errors/domain-errors';
import type { I18nKey } from '../../i18n/messages';
import type { Result } from '../../result';
import { charLength } from '../text';

/** Spec §5 validation rules. Each returns the accepted (normalised) value or the first failure. */
export type Validated<T> = Result<T, ValidationError>;

/** A text longer than `max` characters fails with the field's own "too long" text. */
export function maxLength(
  field: ValidationField,
  text: string,
  max: number,
  tooLongKey: I18nKey,
): ValidationError | undefined {
  return charLength(text) > max ? validationError(field, tooLongKey, { max }) : undefined;
}
