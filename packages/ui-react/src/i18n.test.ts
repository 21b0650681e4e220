import { describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS, type I18nKey } from '@teamim/domain';
import { MemoryStore } from './test-store';
import { createI18n, saveLocale, storedLocale } from './i18n';
import { UI_MESSAGES, type UiKey } from './ui-messages';

describe('i18n', () => {
  it('translates every domain and UI key in both locales, zh-CN by default', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const i18n = createI18n(locale);
      for (const key of Object.keys(MESSAGES) as I18nKey[]) {
        if (MESSAGES[key][locale].includes('{{')) continue;
        expect(i18n.t(key)).toBe(MESSAGES[key][locale]);
      }
      for (const key of Object.keys(UI_MESSAGES) as UiKey[]) {
        if (UI_MESSAGES[key][locale].includes('{{')) continue;
        expect(i18n.t(key)).toBe(UI_MESSAGES[key][locale]);
      }
    }
    expect(createI18n('en-US').t('ui.sync.progress', { percent: 42 })).toBe('Syncing data 42%');
  });

  it('interpolated values are left unescaped for React, which renders them as text', () => {
    expect(createI18n('en-US').t('ui.nav.unread', { count: '<b>3</b>' })).toBe('<b>3</b> unread');
  });

  it('reads the stored locale and falls back to zh-CN for anything unknown', () => {
    const store = new MemoryStore();
    expect(storedLocale(store)).toBe('zh-CN');
    saveLocale(store, 'en-US');
    expect(store.get(STORAGE_KEYS.local.locale)).toBe('en-US');
    expect(storedLocale(store)).toBe('en-US');
    store.set(STORAGE_KEYS.local.locale, 'fr-FR');
    expect(storedLocale(store)).toBe('zh-CN');
  });
});
