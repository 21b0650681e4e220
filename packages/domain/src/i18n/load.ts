import type { Locale } from '../entities/settings';
import type { I18nKey } from './locales/en-US';

/** One locale's texts of every domain i18n key. */
export type LocaleMessages = Readonly<Record<I18nKey, string>>;

/**
 * The domain's texts of one locale. Each locale's table is a module of its own, loaded on demand, so a
 * client ships only the active locale's strings on first load and fetches another when the user
 * switches to it.
 */
export function loadLocaleMessages(locale: Locale): Promise<LocaleMessages> {
  return locale === 'zh-CN'
    ? import('./locales/zh-CN').then((module) => module.ZH_CN)
    : import('./locales/en-US').then((module) => module.EN_US);
}
