import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  i18nextResources,
  isLocale,
  nestByDots,
  STORAGE_KEYS,
  type Locale,
  type LocalizedText,
} from '@teamim/domain';
import type { KeyValueStore } from '@teamim/application';
import { UI_MESSAGES } from './ui-messages';

function uiTable(locale: Locale): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [key, text] of Object.entries(UI_MESSAGES) as [string, LocalizedText][]) {
    table[key] = text[locale];
  }
  return table;
}

/** i18next resources: the domain's table (validation, errors, toasts) merged with the UI's own strings. */
export function appResources(): Record<Locale, { translation: Record<string, unknown> }> {
  const domain = i18nextResources();
  const merge = (locale: Locale) => ({
    translation: { ...domain[locale].translation, ...nestByDots(uiTable(locale)) },
  });
  return { 'zh-CN': merge('zh-CN'), 'en-US': merge('en-US') };
}

/** Spec §3: the locale is read from local storage; anything unknown falls back to zh-CN. */
export function storedLocale(store: Pick<KeyValueStore, 'get'>): Locale {
  const value = store.get(STORAGE_KEYS.local.locale);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function saveLocale(store: Pick<KeyValueStore, 'set'>, locale: Locale): void {
  store.set(STORAGE_KEYS.local.locale, locale);
}

/** A ready i18next instance (resources are inline, so initialisation is synchronous). */
export function createI18n(locale: Locale): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources: appResources(),
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    initAsync: false,
    // React escapes every rendered string itself; escaping here too would show entities literally.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
