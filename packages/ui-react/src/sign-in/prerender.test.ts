import { describe, expect, it } from 'vitest';
import { prerenderSignIn } from './prerender';

describe('prerenderSignIn', () => {
  it('renders the sign-in page in both locales with the Fluent styles it needs', async () => {
    const { pages, styles } = await prerenderSignIn();
    expect(pages['zh-CN']).toContain('<h1');
    expect(pages['zh-CN']).toContain('欢迎使用 TeamIM');
    expect(pages['zh-CN']).toContain('验证码登录');
    expect(pages['en-US']).toContain('Welcome to TeamIM');
    expect(pages['en-US']).toContain('Password sign-in');
    expect(pages['en-US']).not.toContain('欢迎使用');
    // Griffel's buckets, marked for the client to rehydrate.
    expect(styles).toMatch(/^<style data-make-styles-bucket=/);
    expect(styles).toContain('data-make-styles-rehydration="true"');
    // A dark system setting paints the copy in the dark theme's colours.
    expect(pages['en-US']).toContain('teamim-prerendered');
    expect(styles).toMatch(
      /@media \(prefers-color-scheme: dark\) \{ \.fui-FluentProvider\.teamim-prerendered \{[^}]*--colorNeutralBackground1: #/,
    );
    // No validation message, notice or busy state in the build-time copy.
    expect(pages['en-US']).not.toContain('role="alert"');
    expect(pages['en-US']).toContain('role="tablist"');
  });
});
