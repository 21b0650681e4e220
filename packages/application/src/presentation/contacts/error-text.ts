import { classifyServerError, type DisplayText } from '@teamim/domain';
import type { AppError } from '../../shared/app-error';

/** What a contacts view shows for a failed use case: the rule's or permission's text, else the server's (spec §8). */
export function errorText(error: AppError): DisplayText {
  switch (error.kind) {
    case 'validation':
      return error.params === undefined
        ? { kind: 'i18n', i18nKey: error.i18nKey }
        : { kind: 'i18n', i18nKey: error.i18nKey, params: error.params };
    case 'permission':
      return { kind: 'i18n', i18nKey: error.i18nKey };
    case 'remote':
      return classifyServerError(error.code, error.message).display;
    case 'state':
      return { kind: 'i18n', i18nKey: 'toast.accessFailed' };
  }
}
