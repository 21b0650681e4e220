import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX_BYTES } from '../../constants';
import { validationFailure } from '../../testing/builders';
import { messageContentBytes } from '../message-size';
import {
  topSearchKeyword,
  validateForwardTargets,
  validateMessageText,
  validateSearchKeyword,
} from './messages';

const failure = validationFailure;

describe('§5 Messages, forward and search', () => {
  it('§5 an empty text is not sent', () => {
    expect(validateMessageText(' \n\t')).toEqual(failure('message', 'validation.message.empty'));
    expect(validateMessageText(' hi ')).toEqual({ ok: true, value: ' hi ' });
  });

  it("a text over the server's content limit (102400 bytes) is stopped before it is sent", () => {
    const tooLong = failure('message', 'validation.message.tooLong', { max: 100 });
    expect(validateMessageText('x'.repeat(120_000))).toEqual(tooLong);
    // What the server measures: the text as the SDK encodes it in the content, envelope included.
    const fits = 'x'.repeat(MESSAGE_CONTENT_MAX_BYTES - 1_024);
    expect(messageContentBytes(fits)).toBe(MESSAGE_CONTENT_MAX_BYTES);
    expect(validateMessageText(fits).ok).toBe(true);
    expect(validateMessageText(`${fits}x`)).toEqual(tooLong);
    // Multi-byte characters and escapes count as the bytes they take.
    expect(messageContentBytes('é中😀')).toBe(1_024 + 2 + 3 + 4);
    expect(messageContentBytes('"\\\n<&>\u2028\u0001')).toBe(1_024 + 2 + 2 + 2 + 6 * 5);
    expect(validateMessageText('中'.repeat(40_000))).toEqual(tooLong);
    expect(validateMessageText('中'.repeat(30_000)).ok).toBe(true);
  });

  it('a text short in characters but long in bytes is measured, not assumed to fit', () => {
    // Each control character goes as a six-byte escape: 17,000 of them and the envelope are over the limit.
    const escapes = '\u0001'.repeat(17_000);
    expect(messageContentBytes(escapes)).toBe(1_024 + 17_000 * 6);
    expect(validateMessageText(escapes)).toEqual(
      failure('message', 'validation.message.tooLong', { max: 100 }),
    );
    expect(validateMessageText('\u0001'.repeat(16_896)).ok).toBe(true);
  });

  it("§5 forward needs at least one conversation ('please select conversation to forward')", () => {
    expect(validateForwardTargets([])).toEqual(
      failure('forwardTargets', 'validation.forward.noConversation'),
    );
    expect(validateForwardTargets(['c1', 'c2', 'c1'])).toEqual({ ok: true, value: ['c1', 'c2'] });
  });

  it('§5 add-friend/group search needs a non-empty keyword; top search ignores blank input', () => {
    expect(validateSearchKeyword('  ')).toEqual(failure('keyword', 'validation.search.keywordRequired'));
    expect(validateSearchKeyword(' bob ')).toEqual({ ok: true, value: 'bob' });
    expect(topSearchKeyword('   ')).toBeUndefined();
    expect(topSearchKeyword(' bob ')).toBe('bob');
  });
});
