import { MESSAGE_CONTENT_MAX_BYTES } from '../../constants';
import { validationError } from '../../errors/domain-errors';
import { err, ok } from '../../result';
import { CONTENT_ENVELOPE_BYTES, MESSAGE_CONTENT_MAX_KB, messageContentBytes } from '../message-size';
import { isBlank } from '../text';
import type { Validated } from './validated';

/**
 * §5 Messages: an empty (blank) text is not sent, nor one the server would refuse as too large; the
 * composer keeps the text and says why.
 */
export function validateMessageText(text: string): Validated<string> {
  if (isBlank(text)) return err(validationError('message', 'validation.message.empty'));
  // No UTF-16 unit takes more than six bytes, so a short text needs no counting.
  const surelyFits = text.length * 6 + CONTENT_ENVELOPE_BYTES <= MESSAGE_CONTENT_MAX_BYTES;
  if (!surelyFits && messageContentBytes(text) > MESSAGE_CONTENT_MAX_BYTES) {
    return err(
      validationError('message', 'validation.message.tooLong', {
        max: MESSAGE_CONTENT_MAX_KB,
      }),
    );
  }
  return ok(text);
}

/** §5 Forward: at least one conversation must be selected. */
export function validateForwardTargets(conversationIDs: readonly string[]): Validated<readonly string[]> {
  const unique = [...new Set(conversationIDs)];
  return unique.length === 0
    ? err(validationError('forwardTargets', 'validation.forward.noConversation'))
    : ok(unique);
}

/** §5 Search: the add-friend / add-group search needs a non-empty keyword. */
export function validateSearchKeyword(keyword: string): Validated<string> {
  const trimmed = keyword.trim();
  return trimmed === '' ? err(validationError('keyword', 'validation.search.keywordRequired')) : ok(trimmed);
}

/** §5 Top search ignores blank input: the keyword to search for, or undefined to clear the results. */
export function topSearchKeyword(input: string): string | undefined {
  const trimmed = input.trim();
  return trimmed === '' ? undefined : trimmed;
}
