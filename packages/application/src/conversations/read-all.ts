import { ok, PAGING, type Conversation, type Result } from '@teamim/domain';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt, type RemoteFailure } from '../shared/remote-error';

export interface ReadAllOptions {
  /**
   * What a page is kept as while the rest is read: the store hands each page's unchanged conversations
   * back as the objects its list already holds, so a read of 1,000 conversations does not hold a second
   * full copy of them (with their latest messages) until its last page has come.
   */
  readonly keep?: (page: readonly Conversation[]) => readonly Conversation[];
  /** Checked before each further page: true ends the read with what it has (a newer read took over). */
  readonly stop?: () => boolean;
}

/**
 * Every conversation the SDK holds, 500 per page while full pages come back; a failed page shows the
 * spec's toast and ends the read.
 */
export async function readAllConversations(
  gateway: ConversationsGateway,
  notifier: Notifier,
  options: ReadAllOptions = {},
): Promise<Result<readonly Conversation[], RemoteFailure>> {
  const all: Conversation[] = [];
  let offset = 0;
  for (;;) {
    const page = await attempt(() => gateway.getConversationsPage(offset, PAGING.conversation));
    if (!page.ok) {
      notifier.notify({ level: 'error', key: 'toast.getConversationsFailed' });
      return page;
    }
    offset += page.value.length;
    all.push(...(options.keep?.(page.value) ?? page.value));
    if (page.value.length < PAGING.conversation || options.stop?.() === true) return ok(all);
  }
}
