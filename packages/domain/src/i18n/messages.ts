import { EN_US, type I18nKey } from './locales/en-US';
import { ZH_CN } from './locales/zh-CN';

export type { I18nKey };

/** One text in every supported locale. */
export interface LocalizedText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

/**
 * Texts for every i18n key the domain produces, in both locales: the per-locale tables of `./locales`
 * side by side. Code that only needs one locale (a client's first load) should use
 * `loadLocaleMessages` instead, which does not bring the other locale's table along.
 */
export const MESSAGES: Readonly<Record<I18nKey, LocalizedText>> = Object.fromEntries(
  (Object.keys(EN_US) as I18nKey[]).map((key) => [key, { 'zh-CN': ZH_CN[key], 'en-US': EN_US[key] }]),
) as Record<I18nKey, LocalizedText>;

/** Values substituted into `{{name}}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;
