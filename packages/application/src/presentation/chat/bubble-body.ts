import {
  ContentType,
  mentionBodyParts,
  mentionText,
  messageMentions,
  messageSummary,
  parseQuotedText,
  translate,
  type Locale,
  type MentionList,
  type Message,
  type QuoteBlock,
} from '@teamim/domain';
import type { ViewContext } from './view-context';
// Calls
import { callRecordBody, type CallRecordBubbleBody } from './call-record-body';
import { meetingBody, type MeetingBubbleBody } from './meeting-body';
import { mediaBubbleBody, type MediaBubbleBody } from './media-body';
// Red packets
import { redPacketBody, type RedPacketBubble } from './red-packet-body';
// Quotes and the unsupported-message placeholder
import { unsupportedBody, type UnsupportedBubbleBody } from './placeholder-body';
import { quoteBubbleBody, type QuoteBubbleBody } from './quote-body';

/**
 * What a bubble shows, one variant per kind of message. The view picks one component per `kind`
 * (ui-react `chat/bodies/MessageBody.tsx`); every text here is plain text.
 *
 * Areas add their variants here (media, red packets, call records, ...), each in its own block.
 */
export type BubbleBody =
  | {
      /** Text, at-text and quote messages, and the summary of anything without a richer body. */
      readonly kind: 'text';
      readonly quote: QuoteBlock | undefined;
      /** The body split into plain parts and highlighted mentions. */
      readonly parts: readonly BubblePart[];
    }
  // Calls
  | CallRecordBubbleBody
  // Meetings: the card and its updates (meeting-body.ts)
  | MeetingBubbleBody
  // Pictures, videos and files (presentation/chat/media-body.ts).
  | MediaBubbleBody
  // Red packets
  | RedPacketBubble
  // Quote messages (quote-body.ts) and unknown kinds (placeholder-body.ts)
  | QuoteBubbleBody
  | UnsupportedBubbleBody;

export type BubblePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly text: string; readonly userID: string };

function bodyParts(text: string, mentions: MentionList, locale: Locale): readonly BubblePart[] {
  const atAll = translate(locale, 'message.atAll');
  return mentionBodyParts(text, mentions).map((part) =>
    part.kind === 'text'
      ? { kind: 'text', text: part.text }
      : { kind: 'mention', text: mentionText(part, atAll), userID: part.userID },
  );
}

function textOf(message: Message): string | undefined {
  switch (message.contentType) {
    case ContentType.Text:
      return message.textElem?.content ?? '';
    case ContentType.AtText:
      return message.atTextElem?.text ?? '';
    case ContentType.Quote:
      return message.quoteElem?.text ?? '';
    default:
      return undefined;
  }
}

/** The body of a message that shows as a bubble (not a notice). */
export function bubbleBody(message: Message, context: ViewContext): BubbleBody {
  // Calls
  const callRecord = callRecordBody(message, context);
  if (callRecord !== undefined) return callRecord;
  const meeting = meetingBody(message, context);
  if (meeting !== undefined) return meeting;
  // Media messages.
  const media = mediaBubbleBody(message);
  if (media !== undefined) return media;
  // Red packets
  const redPacket = redPacketBody(message, context);
  if (redPacket !== undefined) return redPacket;
  // Quote messages, then the placeholder of kinds this client cannot show.
  const quote = quoteBubbleBody(message, context);
  if (quote !== undefined) return quote;
  const unsupported = unsupportedBody(message, context);
  if (unsupported !== undefined) return unsupported;
  const raw = textOf(message);
  const quoted = raw === undefined ? undefined : parseQuotedText(raw);
  if (quoted === undefined) {
    const naming = { locale: context.locale, selfUserID: context.selfUserID };
    return {
      kind: 'text',
      quote: undefined,
      parts: [{ kind: 'text', text: messageSummary(message, naming) }],
    };
  }
  return {
    kind: 'text',
    quote: quoted.quote,
    parts: bodyParts(quoted.body, messageMentions(message), context.locale),
  };
}
