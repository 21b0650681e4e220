import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../entities/settings';
import { loadLocaleMessages } from './load';
import { flatTranslations, i18nextResources, MESSAGES, nestedTranslations } from './messages';
import type { I18nKey } from './messages';
import { nestByDots } from './nest';
import { template, translate, translateText } from './translate';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('i18n table (zh-CN default, en-US)', () => {
  it('§1 every key has a non-empty text in zh-CN and en-US with the same placeholders', () => {
    for (const key of Object.keys(MESSAGES) as I18nKey[]) {
      const zh = MESSAGES[key]['zh-CN'];
      const en = MESSAGES[key]['en-US'];
      expect(zh.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      expect(placeholders(zh), key).toEqual(placeholders(en));
    }
  });

  it('§1 keys are stable dotted identifiers', () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/);
  });

  it('§1 fills placeholders and leaves missing ones visible', () => {
    expect(translate('en-US', 'validation.groupName.tooLong', { max: 16 })).toBe(
      'The group name can have at most 16 characters',
    );
    expect(translate('zh-CN', 'validation.groupName.tooLong', { max: 16 })).toBe('群名称最多16个字符');
    expect(translate('en-US', 'validation.groupName.tooLong')).toBe(
      'The group name can have at most {{max}} characters',
    );
    expect(translate('en-US', 'validation.groupName.tooLong', {})).toBe(
      'The group name can have at most {{max}} characters',
    );
    expect(
      translateText('zh-CN', { i18nKey: 'toast.pinMessageFailed', params: { reason: '网络错误' } }),
    ).toBe('置顶失败：网络错误');
  });

  it("§8 keeps the spec's English wording where it quotes it", () => {
    expect(translate('en-US', 'validation.password.mismatch')).toBe('Passwords do not match');
    expect(translate('en-US', 'validation.forward.noConversation')).toBe(
      'Please select conversation to forward',
    );
    expect(translate('en-US', 'toast.forwardSummary', { success: 3, failed: 1 })).toBe(
      'Forward succeeded to 3 conversations, 1 failed',
    );
    expect(translate('en-US', 'error.noLivekitUrl')).toBe('no livekit url provided');
    expect(translate('en-US', 'toast.fetchBalanceFailed')).toBe('Failed to fetch balance');
  });

  it('§1 exports flat and nested tables for i18next', () => {
    for (const locale of LOCALES) {
      const flat = flatTranslations(locale);
      expect(Object.keys(flat)).toHaveLength(Object.keys(MESSAGES).length);
      const nested = nestedTranslations(locale);
      for (const key of Object.keys(MESSAGES) as I18nKey[]) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], nested);
        expect(value).toBe(MESSAGES[key][locale]);
      }
    }
  });

  it('§1 i18next resources hold both locales in the default namespace', () => {
    const resources = i18nextResources();
    expect(Object.keys(resources).sort()).toEqual(['en-US', 'zh-CN']);
    expect(resources['zh-CN'].translation).toEqual(nestedTranslations('zh-CN'));
    expect(resources['en-US'].translation).toEqual(nestedTranslations('en-US'));
  });

  it('§1 refuses tables where one key is a prefix of another', () => {
    expect(() => nestByDots({ 'a.b': 'x', 'a.b.c': 'y' })).toThrow(/collides/);
    expect(() => nestByDots({ 'a.b.c': 'y', 'a.b': 'x' })).toThrow(/collides/);
    expect(nestByDots({ 'a.b': 'x', 'a.c': 'y' })).toEqual({ a: { b: 'x', c: 'y' } });
  });

  it('§1 loads one locale at a time, with exactly the keys and texts of the combined table', async () => {
    for (const locale of LOCALES) {
      const table = await loadLocaleMessages(locale);
      expect(Object.keys(table).sort()).toEqual(Object.keys(MESSAGES).sort());
      for (const key of Object.keys(MESSAGES) as I18nKey[]) expect(table[key]).toBe(MESSAGES[key][locale]);
    }
    expect((await loadLocaleMessages('zh-CN'))['validation.password.mismatch']).toBe('两次输入的密码不一致');
    expect((await loadLocaleMessages('en-US'))['validation.password.mismatch']).toBe(
      'Passwords do not match',
    );
  });
});

describe('§1 nesting refuses a key below another key’s text, and names where', () => {
  it('names the text the longer key runs into, at any depth', () => {
    expect(() => nestByDots({ 'a.b': 'x', 'a.b.c.d': 'y' })).toThrow(
      new Error('i18n key a.b.c.d collides with the text at a.b'),
    );
    expect(() => nestByDots({ a: 'x', 'a.b': 'y' })).toThrow(
      new Error('i18n key a.b collides with the text at a'),
    );
    expect(() => nestByDots({ 'p.q.r': 'x', 'p.q.r.s.t': 'y' })).toThrow(
      new Error('i18n key p.q.r.s.t collides with the text at p.q.r'),
    );
  });

  it('a shorter key after a longer one collides with the group, not a text', () => {
    expect(() => nestByDots({ 'a.b.c': 'y', 'a.b': 'x' })).toThrow(
      new Error('i18n key a.b collides with another key'),
    );
  });

  it('keys that share a prefix nest side by side', () => {
    expect(nestByDots({ 'a.b.c': 'x', 'a.b.d': 'y', 'a.e': 'z', f: 'w' })).toEqual({
      a: { b: { c: 'x', d: 'y' }, e: 'z' },
      f: 'w',
    });
  });
});

describe('translate reads the loaded locale tables only', () => {
  it('gives the template of a loaded locale (the test setup loads both)', () => {
    expect(template('en-US', 'message.you')).toBe('You');
    expect(template('zh-CN', 'message.you')).toBe('你');
  });

  it('gives the key itself, with or without parameters, until the locale is provided', async () => {
    vi.resetModules();
    // A fresh copy of the module: the test setup's loaded tables belong to the other copy.
    const fresh = await import('./translate');
    expect(fresh.template('en-US', 'message.you')).toBe('message.you');
    expect(fresh.translate('zh-CN', 'validation.groupName.tooLong', { max: 16 })).toBe(
      'validation.groupName.tooLong',
    );
    fresh.provideLocaleMessages('zh-CN', { 'message.you': '你' } as Parameters<
      typeof fresh.provideLocaleMessages
    >[1]);
    expect(fresh.template('zh-CN', 'message.you')).toBe('你');
    expect(fresh.template('en-US', 'message.you')).toBe('message.you');
  });
});
