import type { Locale } from '../entities/settings';
import { MESSAGES } from './messages';
import type { I18nKey, MessageParams } from './messages';

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

export interface NestedTranslations {
  readonly [segment: string]: string | NestedTranslations;
}

/** The same table nested by the dots of its keys (i18next's default key separator). */
export function nestedTranslations(locale: Locale): NestedTranslations {
  return nestByDots(flatTranslations(locale));
}

/**
 * Nests a flat `{ 'a.b.c': text }` table into `{ a: { b: { c: text } } }`. Throws when one key is
 * a prefix of another, because i18next could then reach only one of the two texts.
 */
export function nestByDots(flat: Readonly<Record<string, string>>): NestedTranslations {
  const root: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const segments = key.split('.');
    let node = root;
    segments.forEach((segment, index) => {
      const existing = node[segment];
      if (index === segments.length - 1) {
        if (existing !== undefined) throw new Error(`i18n key ${key} collides with another key`);
        node[segment] = text;
        return;
      }
      if (existing === undefined) {
        const created: Record<string, unknown> = {};
        node[segment] = created;
        node = created;
      } else if (typeof existing === 'object' && existing !== null) {
        node = existing as Record<string, unknown>;
      } else {
        throw new Error(
          `i18n key ${key} collides with the text at ${segments.slice(0, index + 1).join('.')}`,
        );
      }
    });
  }
  return root as NestedTranslations;
}

/** Resources for `i18next.init({ resources })`: both locales, nested, in the default namespace. */
export function i18nextResources(): Record<Locale, { readonly translation: NestedTranslations }> {
  return {
    'zh-CN': { translation: nestedTranslations('zh-CN') },
    'en-US': { translation: nestedTranslations('en-US') },
  };
}
