import { ok, PAGING, type Conversation, type Result } from '@teamim/domain';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';

/**
 * Every conversation the SDK holds, 500 per page while full pages come back; a failed page shows the
 * spec's toast and ends the read.
 */
export async function readAllConversations(
  gateway: ConversationsGateway,
  notifier: Notifier,
): Promise<Result<readonly Conversation[], RemoteFailure>> {
  const all: Conversation[] = [];
  for (;;) {
    const page = await attempt(() => gateway.getConversationsPage(all.length, PAGING.conversation));
    if (!page.ok) {
      notifier.notify({ level: 'error', key: 'toast.getConversationsFailed' });
      return page;
    }
    all.push(...page.value);
    if (page.value.length < PAGING.conversation) return ok(all);
  }
}
