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

  it('§3 the wire form is exact: sender, one-line summary, then the body', () => {
    expect(composeQuotedText({ senderName: 'A[l]i', summary: ' x \n\n  y ' }, 'body')).toBe(
      '[[quote-Ali]] x y [[/quote]]body',
    );
    expect(composeQuotedText({ senderName: 'Bo', summary: 'p\nq' }, '')).toBe('[[quote-Bo]]p q[[/quote]]');
  });

  it('§3 the block ends at its first close and must start the text', () => {
    expect(parseQuotedText('[[quote-A]]s[[/quote]]reply [[/quote]] end')).toEqual({
      quote: { senderName: 'A', summary: 's' },
      body: 'reply [[/quote]] end',
    });
    expect(parseQuotedText('[[quote-]]two\nlines[[/quote]]')).toEqual({
      quote: { senderName: '', summary: 'two\nlines' },
      body: '',
    });
    expect(parseQuotedText('[[quote-Long Name]]s[[/quote]]b').quote?.senderName).toBe('Long Name');
    expect(parseQuotedText('x[[quote-A]]s[[/quote]]b')).toEqual({
      quote: undefined,
      body: 'x[[quote-A]]s[[/quote]]b',
    });
  });

  it("§3 the block reads 'quote {sender}: {summary}' in both locales", () => {
    const quote = { senderName: 'Alice', summary: 'hi' };
    expect(quoteCaption('en-US', quote)).toBe('quote Alice: hi');
    expect(quoteCaption('zh-CN', quote)).toBe('引用 Alice：hi');
  });
});
