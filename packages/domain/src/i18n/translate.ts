import type { Locale } from '../entities/settings';
import { MESSAGES } from './messages';
import type { I18nKey, MessageParams } from './messages';
import { nestByDots, type NestedTranslations } from './nest';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * The text of `key` in `locale` with its `{{placeholders}}` filled in. A placeholder without a
 * value stays visible so a missing parameter is noticed rather than silently blank.
 */
export function translate(locale: Locale, key: I18nKey, params?: MessageParams): string {
  const template = MESSAGES[key][locale];
  if (params === undefined) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A text to show: an i18n key with its parameters, resolved by whoever owns the locale. */
export interface TranslatableText {
  readonly i18nKey: I18nKey;
  readonly params?: MessageParams;
}

export function translateText(locale: Locale, text: TranslatableText): string {
  return translate(locale, text.i18nKey, text.params);
}

/** Flat `{key: text}` table of one locale (for i18next with `keySeparator: false`). */
export function flatTranslations(locale: Locale): Readonly<Record<I18nKey, string>> {
  const table = {} as Record<I18nKey, string>;
  for (const key of Object.keys(MESSAGES) as I18nKey[]) table[key] = MESSAGES[key][locale];
  return table;
}

/** The same table nested by the dots of its keys (i18next's default key separator). */
export function nestedTranslations(locale: Locale): NestedTranslations {
  return nestByDots(flatTranslations(locale));
}

/** Resources for `i18next.init({ resources })`: both locales, nested, in the default namespace. */
export function i18nextResources(): Record<Locale, { readonly translation: NestedTranslations }> {
  return {
    'zh-CN': { translation: nestedTranslations('zh-CN') },
    'en-US': { translation: nestedTranslations('en-US') },
  };
}
