import {
  customPayloadOf,
  meetingUpdateText,
  translate,
  type Locale,
  type MeetingUpdateAction,
  type Message,
} from '@teamim/domain';

/**
 * A meeting's card (customType 206) in the chat: the card's view reads the meeting's live state from
 * the conversation's meetings (presentation/meetings), so the body only names it; or one of its updates
 * (207), a compact line.
 */
export type MeetingBubbleBody =
  | { readonly kind: 'meetingCard'; readonly meetingID: string; readonly title: string }
  | {
      readonly kind: 'meetingUpdate';
      readonly action: MeetingUpdateAction;
      /** "Meeting started", "Meeting ended · 12:05 · 3 took part", ... in the view's language. */
      readonly text: string;
    };

export function meetingBody(
  message: Message,
  context: { readonly locale: Locale },
): MeetingBubbleBody | undefined {
  const payload = customPayloadOf(message);
  if (payload?.kind === 'meetingCard') {
    return { kind: 'meetingCard', meetingID: payload.card.meetingID, title: payload.card.title };
  }
  if (payload?.kind === 'meetingUpdate') {
    const { key, params } = meetingUpdateText(payload.update);
    return {
      kind: 'meetingUpdate',
      action: payload.update.action,
      text: translate(context.locale, key, params),
    };
  }
  return undefined;
}
