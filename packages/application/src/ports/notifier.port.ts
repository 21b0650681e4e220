import type { I18nKey, MessageParams } from '@teamim/domain';

/** Severity of a user-facing toast. */
export type ToastLevel = 'success' | 'info' | 'warning' | 'error';

/**
 * A user-facing toast. `key` is an i18n key the UI translates (e.g.
 * `toast.getFriendListFailed`); `message` is a server text shown verbatim when
 * the spec says "show the server message".
 */
export interface Toast {
  readonly level: ToastLevel;
  readonly key: I18nKey;
  readonly params?: MessageParams;
  readonly message?: string;
}

/** Shows toasts. Fire-and-forget: a toast has no result. */
export abstract class Notifier {
  abstract notify(toast: Toast): void;
}
