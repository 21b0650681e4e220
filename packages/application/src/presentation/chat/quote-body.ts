import {
  ContentType,
  displayName,
  messagePreview,
  messageSummary,
  quoteCaption,
  translate,
  type Message,
} from '@teamim/domain';
import type { ViewContext } from './view-context';

/** The quoted block of a reply: who wrote the original and one line of it. Plain text only. */
export interface QuotedBlock {
  /** The original's client message id, to jump to it; '' when the reply carries no original. */
  readonly id: string;
  /** The original's seq in the conversation (0 when unknown): the jump reads the history up to it. */
  readonly seq: number;
  readonly author: string;
  /** The original on one line (at most 50 characters), or the revoke text once it was revoked. */
  readonly excerpt: string;
  readonly revoked: boolean;
  /** Spec §3: "quote {sender}: {summary}", the block's accessible name. */
  readonly caption: string;
}

/** A quote message (SDK 114): the quoted block over the reply. */
export interface QuoteBubbleBody {
  readonly kind: 'quote';
  readonly quote: QuotedBlock;
  /** The reply as plain text (mentions read as @name). */
  readonly reply: string;
}

/** The body of a quote message; undefined for any other message. */
export function quoteBubbleBody(message: Message, context: ViewContext): QuoteBubbleBody | undefined {
  if (message.contentType !== ContentType.Quote) return undefined;
  const naming = { locale: context.locale, selfUserID: context.selfUserID };
  const reply = messageSummary(message, naming);
  const original = message.quoteElem?.quoteMessage;
  if (original === undefined) {
    const excerpt = translate(context.locale, 'message.unsupported');
    const quote = { id: '', seq: 0, author: '', excerpt, revoked: false, caption: excerpt };
    return { kind: 'quote', quote, reply };
  }
  const author = displayName({ userID: original.sendID, nickname: original.senderNickname }, naming);
  const revoked = original.contentType === ContentType.Revoke;
  const excerpt = revoked
    ? translate(context.locale, 'message.revoked', { name: author })
    : messagePreview(original, naming);
  return {
    kind: 'quote',
    quote: {
      id: original.clientMsgID,
      seq: original.seq ?? 0,
      author,
      excerpt,
      revoked,
      caption: quoteCaption(context.locale, { senderName: author, summary: excerpt }),
    },
    reply,
  };
}
