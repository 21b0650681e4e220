import { useTranslation } from 'react-i18next';
import type { DisplayText, I18nKey, MessageParams } from '@teamim/domain';
import type { UiKey } from './ui-messages';

/** Translates domain keys, UI keys and raw server texts; every result is plain text, never HTML. */
export function useText(): {
  t: (key: I18nKey | UiKey, params?: MessageParams) => string;
  display: (text: DisplayText) => string;
} {
  const { t: translate } = useTranslation();
  const t = (key: I18nKey | UiKey, params?: MessageParams): string =>
    params === undefined ? translate(key) : translate(key, params);
  const display = (text: DisplayText): string =>
    text.kind === 'raw' ? text.text : t(text.i18nKey, text.params);
  return { t, display };
}
