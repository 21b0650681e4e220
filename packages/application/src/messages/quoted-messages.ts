import { validateMessageText, type Message, type Result } from '@teamim/domain';
import type { AppError } from '../shared/app-error';
import type { ChatStore, SendOptions } from './chat.store';

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
  // A message shown from the server's copy during the first sync goes as the SDK's copy, once it has it.
  const copy = await chat.sdkCopy(quoted);
  return chat.send({ kind: 'quote', text, quoted: quotable(copy) }, undefined, options);
}
