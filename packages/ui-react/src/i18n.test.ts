import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, STORAGE_KEYS, type I18nKey } from '@teamim/domain';
import { InMemoryLocalStore } from '@teamim/application/testing';
import { loadI18n, saveLocale, storedLocale, switchLocale } from './i18n';
import { DESKTOP_MESSAGES } from './desktop/messages';
import { UI_MESSAGES, unionOf, type UiKey } from './ui-messages';

describe('i18n', () => {
  it('translates every domain and UI key in both locales', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const i18n = await loadI18n(locale);
      for (const key of Object.keys(MESSAGES) as I18nKey[]) {
        if (MESSAGES[key][locale].includes('{{')) continue;
        expect(i18n.t(key)).toBe(MESSAGES[key][locale]);
      }
      for (const key of Object.keys(UI_MESSAGES) as (keyof typeof UI_MESSAGES)[]) {
        if (UI_MESSAGES[key][locale].includes('{{')) continue;
        expect(i18n.t(key)).toBe(UI_MESSAGES[key][locale]);
      }
    }
    expect((await loadI18n('en-US')).t('ui.sync.progress', { percent: 42 })).toBe('Syncing data 42%');
  });

  it("refuses a UI string that two features define, and keeps every feature's keys", () => {
    const chat = { 'ui.x.send': { 'zh-CN': '发送', 'en-US': 'Send' } };
    const calls = { 'ui.x.send': { 'zh-CN': '呼叫', 'en-US': 'Call' } };
    expect(() => unionOf(chat, calls)).toThrow('the UI string ui.x.send is defined twice');
    const wallet = { 'ui.x.pay': { 'zh-CN': '支付', 'en-US': 'Pay' } };
    expect(Object.keys(unionOf(chat, wallet))).toEqual(['ui.x.send', 'ui.x.pay']);
  });

  it("has the desktop views' strings only once they registered them, as the desktop shell's chunk does", async () => {
    // The view test files of a worker share one module graph, and an earlier file may have loaded the
    // desktop views already: a fresh graph is the page before the desktop shell's chunk arrives.
    vi.resetModules();
    const fresh = await import('./i18n');
    const registry = await import('./ui-message-registry');
    const key: UiKey = 'ui.desktop.updates.title';
    expect((await fresh.loadI18n('en-US')).t(key)).toBe(key);
    registry.registerUiMessages(DESKTOP_MESSAGES);
    expect((await fresh.loadI18n('en-US')).t(key)).toBe('Updates');
    expect((await fresh.loadI18n('zh-CN')).t(key)).toBe('更新');
  });

  it('interpolated values are left unescaped for React, which renders them as text', async () => {
    expect((await loadI18n('en-US')).t('ui.nav.unread', { count: '<b>3</b>' })).toBe('<b>3</b> unread');
  });

  it("holds only the active locale's strings until the user switches, then loads the other", async () => {
    const i18n = await loadI18n('zh-CN');
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'translation')).toBe(false);
    expect(i18n.t('ui.login.title')).toBe('欢迎使用 TeamIM');

    await switchLocale(i18n, 'en-US');
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('ui.login.title')).toBe('Welcome to TeamIM');
    expect(i18n.t('validation.email.invalid')).toBe('Please input correct email');

    // Back to a loaded locale: no reload needed, the texts are there.
    await switchLocale(i18n, 'zh-CN');
    expect(i18n.t('validation.email.invalid')).toBe('请输入正确的邮箱');
  });

  it('reads the stored locale and falls back to zh-CN for anything unknown', () => {
    const store = new InMemoryLocalStore();
    expect(storedLocale(store)).toBe('zh-CN');
    saveLocale(store, 'en-US');
    expect(store.get(STORAGE_KEYS.local.locale)).toBe('en-US');
    expect(storedLocale(store)).toBe('en-US');
    store.set(STORAGE_KEYS.local.locale, 'fr-FR');
    expect(storedLocale(store)).toBe('zh-CN');
  });
});
