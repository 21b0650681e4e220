import { useTranslation } from 'react-i18next';
import type { DisplayText, I18nKey, MessageParams } from '@teamim/domain';
import type { UiKey } from './ui-messages';

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * Texts without parameters, per translation function: i18next allocates a good deal on every call, and
 * the message list asks for the same few labels for every row it mounts while history scrolls by. A
 * language change gives a new function (react-i18next's `t` is bound to the language), so a cached text
 * never outlives its language.
 */
const plainTexts = new WeakMap<Translate, Map<string, string>>();

function plainText(translate: Translate, key: string): string {
  let texts = plainTexts.get(translate);
  if (texts === undefined) {
    texts = new Map();
    plainTexts.set(translate, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = translate(key);
    texts.set(key, text);
  }
  return text;
}

/** Translates domain keys, UI keys and raw server texts; every result is plain text, never HTML. */
export function useText(): {
  t: (key: I18nKey | UiKey, params?: MessageParams) => string;
  display: (text: DisplayText) => string;
} {
  const { t: translate } = useTranslation();
  const t = (key: I18nKey | UiKey, params?: MessageParams): string =>
    params === undefined ? plainText(translate, key) : translate(key, params);
  const display = (text: DisplayText): string =>
    text.kind === 'raw' ? text.text : t(text.i18nKey, text.params);
  return { t, display };
}
