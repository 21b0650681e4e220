import type { AppError } from '@teamim/application';
import type { DisplayText } from '@teamim/domain';
import { failureText } from '../errors';

/** What to show for a failed use case: the rule's or permission's text, else the server's (spec §8). */
export function appErrorText(error: AppError): DisplayText {
  switch (error.kind) {
    case 'validation':
      return error.params === undefined
        ? { kind: 'i18n', i18nKey: error.i18nKey }
        : { kind: 'i18n', i18nKey: error.i18nKey, params: error.params };
    case 'permission':
      return { kind: 'i18n', i18nKey: error.i18nKey };
    case 'remote':
      return failureText(error);
    case 'state':
      return { kind: 'i18n', i18nKey: 'toast.accessFailed' };
  }
}
