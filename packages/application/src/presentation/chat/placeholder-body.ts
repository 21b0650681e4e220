import { ContentType, isNotificationMessage, translate, type Message } from '@teamim/domain';
import type { ViewContext } from './view-context';

/** Spec §8 "unsupported message": a message of a kind this client cannot show. */
export interface UnsupportedBubbleBody {
  readonly kind: 'unsupported';
  readonly text: string;
}

/** Content types that have a body or a one-line summary of their own (see `messageSummary`). */
const SHOWN = new Set<number>([
  ContentType.Text,
  ContentType.AtText,
  ContentType.Quote,
  ContentType.Picture,
  ContentType.Voice,
  ContentType.Video,
  ContentType.File,
  ContentType.Card,
  ContentType.Location,
  ContentType.Face,
  ContentType.Merge,
  ContentType.Custom,
]);

/**
 * The placeholder of an unknown custom type (not a red packet, call record or call signal) or of a
 * content type this client does not know; undefined for everything it can show.
 */
export function unsupportedBody(message: Message, context: ViewContext): UnsupportedBubbleBody | undefined {
  const unknownCustom =
    message.contentType === ContentType.Custom &&
    (message.customElem?.payload.kind ?? 'unknown') === 'unknown';
  const unknownType = !SHOWN.has(message.contentType) && !isNotificationMessage(message);
  if (!unknownCustom && !unknownType) return undefined;
  return { kind: 'unsupported', text: translate(context.locale, 'message.unsupported') };
}
