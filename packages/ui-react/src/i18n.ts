import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  isLocale,
  loadLocaleMessages,
  nestByDots,
  STORAGE_KEYS,
  type Locale,
  type LocalizedText,
  type NestedTranslations,
} from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';
import { registeredUiMessages } from './ui-message-registry';
import { UI_MESSAGES } from './ui-messages';

const NAMESPACE = 'translation';

function uiTable(locale: Locale): Record<string, string> {
  const table: Record<string, string> = {};
  const sources: readonly Readonly<Record<string, LocalizedText>>[] = [
    UI_MESSAGES,
    ...registeredUiMessages(),
  ];
  for (const source of sources)
    for (const [key, text] of Object.entries(source)) {
      table[key] = text[locale];
    }
  return table;
}

/**
 * The i18next resources of one locale: the domain's table (validation, errors, toasts), loaded on
 * demand, merged with the UI's own strings. Throws if a UI key collides with a domain key.
 */
export async function localeResources(locale: Locale): Promise<NestedTranslations> {
  const domain = await loadLocaleMessages(locale);
  return nestByDots({ ...domain, ...uiTable(locale) });
}

/** Spec §3: the locale is read from local storage; anything unknown falls back to zh-CN. */
export function storedLocale(store: Pick<KeyValueStore, 'get'>): Locale {
  const value = store.get(STORAGE_KEYS.local.locale);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function saveLocale(store: Pick<KeyValueStore, 'set'>, locale: Locale): void {
  store.set(STORAGE_KEYS.local.locale, locale);
}

/**
 * A ready i18next instance holding only `locale`'s strings (the other locale's table stays off the
 * first load); {@link switchLocale} loads another locale before showing it.
 */
export async function loadI18n(locale: Locale): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    resources: { [locale]: { [NAMESPACE]: await localeResources(locale) } },
    lng: locale,
    // Every key exists in every locale (tested), so there is nothing to fall back to, and a fallback
    // locale would have to be loaded up front.
    fallbackLng: false,
    initAsync: false,
    // React escapes every rendered string itself; escaping here too would show entities literally.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/**
 * Switches `i18n` to `locale`, first loading that locale's strings if it has not got them, so the
 * views never render a key instead of its text. Rejects (and keeps the current locale) if the load fails.
 */
export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, NAMESPACE)) {
    i18n.addResourceBundle(locale, NAMESPACE, await localeResources(locale));
  }
  await i18n.changeLanguage(locale);
}
