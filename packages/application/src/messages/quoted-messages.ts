import { ContentType, validateMessageText, type Message, type Result } from '@teamim/domain';
import type { AppError } from '../shared/app-error';
import type { ChatStore, SendOptions } from './chat.store';

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

/** The copy of a message that travels inside a quote: without what only this device knows. */
function quotable(message: Message): Message {
  const {
    localPreviewURL: _preview,
    uploadProgress: _progress,
    isPinned: _pinned,
    pinnedTime: _pinnedTime,
    pinnedBy: _pinnedBy,
    unpinnedTime: _unpinnedTime,
    unpinnedBy: _unpinnedBy,
    ...shared
  } = message;
  return shared;
}

/**
 * Sends a reply that quotes a message of the open conversation, as the SDK's quote message (114), through
 * the chat's send pipeline (spec §4 send, §5 an empty text is not sent).
 */
export async function sendQuote(
  chat: ChatStore,
  text: string,
  quoted: Message,
  options: SendOptions = {},
): Promise<Result<Message, AppError>> {
  const valid = validateMessageText(text);
  if (!valid.ok) return valid;
  return chat.send({ kind: 'quote', text, quoted: quotable(quoted) }, undefined, options);
}
