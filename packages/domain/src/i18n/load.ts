import type { Locale } from '../entities/settings';
import type { I18nKey } from './locales/en-US';
import { provideLocaleMessages } from './translate';

/** One locale's texts of every domain i18n key. */
export type LocaleMessages = Readonly<Record<I18nKey, string>>;

/**
 * The domain's texts of one locale. Each locale's table is a module of its own, loaded on demand, so a
 * client ships only the active locale's strings on first load and fetches another when the user
 * switches to it. The loaded table is also what `translate` reads from then on.
 */
export async function loadLocaleMessages(locale: Locale): Promise<LocaleMessages> {
  const table =
    locale === 'zh-CN' ? (await import('./locales/zh-CN')).ZH_CN : (await import('./locales/en-US')).EN_US;
  provideLocaleMessages(locale, table);
  return table;
}
