import type { Locale } from '../entities/settings';
import type { I18nKey } from './locales/en-US';

/** Values substituted into `{{name}}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * The locale tables this program has loaded. `translate` reads only these, so that no module imports
 * a locale's table statically: a bundle that did would ship every locale's strings with the first code
 * that formats a text (the signed-in views did, and an English user downloaded the Chinese strings).
 */
const loaded: Partial<Record<Locale, Readonly<Record<I18nKey, string>>>> = {};

/** Makes a locale's table available to `translate` (`loadLocaleMessages` calls it). */
export function provideLocaleMessages(locale: Locale, table: Readonly<Record<I18nKey, string>>): void {
  loaded[locale] = table;
}

/** The raw template of `key` in `locale`; the key itself while that locale's table is not loaded. */
export function template(locale: Locale, key: I18nKey): string {
  return loaded[locale]?.[key] ?? key;
}

/**
 * The text of `key` in `locale` with its `{{placeholders}}` filled in. A placeholder without a
 * value stays visible so a missing parameter is noticed rather than silently blank; so does the key
 * of a locale whose table was never loaded (`loadLocaleMessages`).
 */
export function translate(locale: Locale, key: I18nKey, params?: MessageParams): string {
  const template_ = template(locale, key);
  if (params === undefined) return template_;
  return template_.replace(PLACEHOLDER, (whole, name: string) => {
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
