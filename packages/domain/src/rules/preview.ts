import { MESSAGE_PREVIEW_MAX_LENGTH } from '../constants';
import type { Conversation } from '../entities/conversation';
import { ContentType } from '../entities/message';
import type { Message } from '../entities/message';
import { translate } from '../i18n/translate';
import { callRecordText, customPayloadOf, withCustomPayload } from './custom-message';
import type { NamingContext } from './display-name';
import { jsonProperties } from './json';
import { meetingUpdateText } from './meeting-text';
import { bodyPlainText, messageMentions, mentionsToPlainText, type MentionList } from './mention';
import { notificationText } from './notification-text';
import { parseQuotedText } from './quote';
import { takeChars } from './text';

/**
 * Readable text of a message body that may hold a quote block and mention tokens: the user's own words,
 * with the same mentions its bubble shows (only those the message declares; a typed token stays as typed).
 */
function readableBody(text: string, mentions: MentionList, context: NamingContext): string {
  return bodyPlainText(parseQuotedText(text).body, mentions, translate(context.locale, 'message.atAll'));
}

/** A draft is the composer's own text: its tokens are the mentions the user picked there. */
function draftText(draft: string, context: NamingContext): string {
  return mentionsToPlainText(parseQuotedText(draft).body, translate(context.locale, 'message.atAll'));
}

/**
 * A one-line plain-text summary of any message: its text, or a bracketed label for media, red
 * packets and calls, or the notification tip. Unknown types give the "unsupported" label.
 */
export function messageSummary(message: Message, context: NamingContext): string {
  const { locale } = context;
  switch (message.contentType) {
    case ContentType.Text:
      return readableBody(message.textElem?.content ?? '', messageMentions(message), context);
    case ContentType.AtText:
      return readableBody(message.atTextElem?.text ?? '', messageMentions(message), context);
    case ContentType.Quote:
      return readableBody(message.quoteElem?.text ?? '', messageMentions(message), context);
    case ContentType.Picture:
      return translate(locale, 'message.picture');
    case ContentType.Voice:
      return translate(locale, 'message.voice');
    case ContentType.Video:
      return translate(locale, 'message.video');
    case ContentType.File:
      return translate(locale, 'message.file', { name: message.fileElem?.fileName ?? '' }).trim();
    case ContentType.Card:
      return translate(locale, 'message.card', { name: message.cardElem?.nickname ?? '' }).trim();
    case ContentType.Location:
      return translate(locale, 'message.location');
    case ContentType.Face:
      return translate(locale, 'message.face');
    case ContentType.Merge:
      return translate(locale, 'message.merge');
    case ContentType.Custom: {
      const payload = customPayloadOf(message);
      if (payload?.kind === 'redPacket') {
        return translate(locale, 'message.redPacket', { message: payload.data.message }).trim();
      }
      if (payload?.kind === 'callSignal') return translate(locale, 'message.call');
      if (payload?.kind === 'callRecord') {
        const text = callRecordText(payload.record);
        return `${translate(locale, 'message.call')} ${translate(locale, text.key, text.params)}`;
      }
      if (payload?.kind === 'meetingCard') {
        return translate(locale, 'message.meeting', { title: payload.card.title });
      }
      if (payload?.kind === 'meetingUpdate') {
        const text = meetingUpdateText(payload.update);
        return translate(locale, text.key, text.params);
      }
      return translate(locale, 'message.unsupported');
    }
    case ContentType.Typing:
      return '';
    default:
      return notificationText(message, context) ?? translate(locale, 'message.unsupported');
  }
}

/** §5/§9 Message preview (search results, lists): the summary on one line, at most 50 characters. */
export function messagePreview(
  message: Message,
  context: NamingContext,
  max: number = MESSAGE_PREVIEW_MAX_LENGTH,
): string {
  return takeChars(messageSummary(message, context).replace(/\s+/g, ' ').trim(), max);
}

/** Parses the SDK's JSON `latestMsg`; undefined when empty or malformed. */
export function parseLatestMessage(conversation: Pick<Conversation, 'latestMsg'>): Message | undefined {
  const candidate: Partial<Record<keyof Message, unknown>> = jsonProperties(conversation.latestMsg);
  return typeof candidate.clientMsgID === 'string' && typeof candidate.contentType === 'number'
    ? withCustomPayload(candidate as Message)
    : undefined;
}

/** The conversation list's second line: the draft when there is one, else the latest message. */
export function conversationPreview(conversation: Conversation, context: NamingContext): string {
  const draft = conversation.draftText?.trim() ?? '';
  if (draft !== '') {
    return takeChars(
      translate(context.locale, 'message.draft', { text: draftText(draft, context) }),
      MESSAGE_PREVIEW_MAX_LENGTH,
    );
  }
  const latest = parseLatestMessage(conversation);
  return latest === undefined ? '' : messagePreview(latest, context);
}
