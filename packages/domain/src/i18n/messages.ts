import type { Locale } from '../entities/settings';
import { EN_US, type I18nKey } from './locales/en-US';
import { ZH_CN } from './locales/zh-CN';
import { nestByDots, type NestedTranslations } from './nest';

export type { I18nKey };

/** One text in every supported locale. */
export interface LocalizedText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

/**
 * Texts for every i18n key the domain produces, in both locales: the per-locale tables of `./locales`
 * side by side, for tests and tools. Client code must not use it (it imports both tables): it loads a
 * locale with `loadLocaleMessages` and formats with `translate`.
 */
export const MESSAGES: Readonly<Record<I18nKey, LocalizedText>> = /* @__PURE__ */ Object.fromEntries(
  (Object.keys(EN_US) as I18nKey[]).map((key) => [key, { 'zh-CN': ZH_CN[key], 'en-US': EN_US[key] }]),
) as Record<I18nKey, LocalizedText>;

export type { MessageParams } from './translate';

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
