import { ContentType, type Message } from '@teamim/domain';

/**
 * Marks a message revoked in a list, and the quotes of it too: the SDK rewrites the quoted copy of a
 * revoked message in the replies it stores, so after a reload they say "revoked" as well. Returns the
 * same list when nothing changed.
 */
export function withRevoked(messages: readonly Message[], clientMsgID: string): readonly Message[] {
  let changed = false;
  const next = messages.map((message) => {
    if (message.clientMsgID === clientMsgID && message.contentType !== ContentType.Revoke) {
      changed = true;
      return { ...message, contentType: ContentType.Revoke };
    }
    const elem = message.quoteElem;
    const quoted = elem?.quoteMessage;
    if (
      elem === undefined ||
      quoted?.clientMsgID !== clientMsgID ||
      quoted.contentType === ContentType.Revoke
    ) {
      return message;
    }
    changed = true;
    return {
      ...message,
      quoteElem: { ...elem, quoteMessage: { ...quoted, contentType: ContentType.Revoke } },
    };
  });
  return changed ? next : messages;
}
