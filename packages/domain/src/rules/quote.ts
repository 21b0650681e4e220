import type { Locale } from '../entities/settings';
import { translate } from '../i18n/translate';

/**
 * A quote block embedded in a text body (spec §3). Replies are sent as the SDK's quote message (114),
 * which other OpenIM clients show too (docs/spec-deviations.md); this embedded form is still read, so
 * text bodies that carry one show it. The form is ours: the body starts with
 * `[[quote-{sender}]]{summary}[[/quote]]` and the user's own text follows. Brackets are removed from
 * the sender and the summary so neither can close the block early.
 */

export interface QuoteBlock {
  readonly senderName: string;
  readonly summary: string;
}

export interface QuotedText {
  readonly quote: QuoteBlock | undefined;
  readonly body: string;
}

const BLOCK = /^\[\[quote-([^\]]*)\]\]([\s\S]*?)\[\[\/quote\]\]/;

function clean(text: string): string {
  return text.replace(/\[\[|\]\]/g, '').replace(/[[\]]/g, '');
}

export function composeQuotedText(quote: QuoteBlock, body: string): string {
  return `[[quote-${clean(quote.senderName)}]]${clean(quote.summary).replace(/\s*\n\s*/g, ' ')}[[/quote]]${body}`;
}

export function parseQuotedText(text: string): QuotedText {
  const match = BLOCK.exec(text);
  if (match === null) return { quote: undefined, body: text };
  return {
    quote: { senderName: match[1] ?? '', summary: match[2] ?? '' },
    body: text.slice(match[0].length),
  };
}

/** The block's caption: "quote {sender}: {summary}". */
export function quoteCaption(locale: Locale, quote: QuoteBlock): string {
  return translate(locale, 'message.quoteBlock', { name: quote.senderName, summary: quote.summary });
}
