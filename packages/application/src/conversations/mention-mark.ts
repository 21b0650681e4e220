import { mentionMark, type Conversation } from '@teamim/domain';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Logger } from '../ports/logger.port';
import { attempt } from '../shared/remote-error';

// The list's "[@you]" mark stays until read: opening, or a mention while open, clears it everywhere.
export function clearMentionMark(
  gateway: ConversationsGateway,
  logger: Logger,
  { conversationID, groupAtType }: Conversation,
): void {
  if (mentionMark(groupAtType) === undefined) return;
  void attempt(() => gateway.resetGroupAtType(conversationID)).then(
    (r) => r.ok || logger.warn('clearing the mention mark failed', { conversationID }),
  );
}
