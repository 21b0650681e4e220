import { classifyServerError, type DisplayText } from '@teamim/domain';

/**
 * What to show for a failed call (spec §8): a known server code gets the spec's text, any other
 * code the server's message. Errors without a numeric code show the generic failure text.
 */
export function failureText(error: unknown): DisplayText {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number') {
    const { code, message } = error as { code: number; message?: unknown };
    return classifyServerError(code, typeof message === 'string' ? message : undefined).display;
  }
  return { kind: 'i18n', i18nKey: 'toast.accessFailed' };
}
