import { describe, expect, it } from 'vitest';
import { composeQuotedText, parseQuotedText, quoteCaption } from './quote';

describe('§3 Quote block in the text body', () => {
  it('§3 composes and parses a quote block followed by the reply', () => {
    const text = composeQuotedText({ senderName: 'Alice', summary: 'see you at 5' }, 'ok!');
    expect(parseQuotedText(text)).toEqual({
      quote: { senderName: 'Alice', summary: 'see you at 5' },
      body: 'ok!',
    });
  });

  it('§3 text without a block is all body', () => {
    expect(parseQuotedText('hello [[quote-x]]')).toEqual({ quote: undefined, body: 'hello [[quote-x]]' });
  });

  it('§3 brackets and newlines in the quoted parts cannot break the block', () => {
    const text = composeQuotedText({ senderName: 'Ev]]il', summary: 'a[[/quote]]b\nc' }, 'reply');
    expect(parseQuotedText(text)).toEqual({
      quote: { senderName: 'Evil', summary: 'a/quoteb c' },
      body: 'reply',
    });
  });

  it("§3 the block reads 'quote {sender}: {summary}' in both locales", () => {
    const quote = { senderName: 'Alice', summary: 'hi' };
    expect(quoteCaption('en-US', quote)).toBe('quote Alice: hi');
    expect(quoteCaption('zh-CN', quote)).toBe('引用 Alice：hi');
  });
});
