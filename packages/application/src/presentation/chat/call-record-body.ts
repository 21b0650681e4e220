import {
  callRecordText,
  customPayloadOf,
  translate,
  type CallMediaType,
  type CallRecordResult,
  type Locale,
  type Message,
} from '@teamim/domain';

/** A call's record in the chat (customType 205): voice or video, how it ended, and its text. */
export interface CallRecordBubbleBody {
  readonly kind: 'callRecord';
  readonly mediaType: CallMediaType;
  readonly result: CallRecordResult;
  /** "Call duration 01:05", "Call declined", ... in the view's language. */
  readonly text: string;
}

/** The record's body, when `message` is a valid call record; undefined for anything else. */
export function callRecordBody(
  message: Message,
  context: { readonly locale: Locale },
): CallRecordBubbleBody | undefined {
  const payload = customPayloadOf(message);
  if (payload?.kind !== 'callRecord') return undefined;
  const { key, params } = callRecordText(payload.record);
  return {
    kind: 'callRecord',
    mediaType: payload.record.mediaType,
    result: payload.record.result,
    text: translate(context.locale, key, params),
  };
}
