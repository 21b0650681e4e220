import { filter, firstValueFrom, map, type Observable } from 'rxjs';
import type { Notifier } from '../ports/notifier.port';

/** What `whenLocal` needs of the conversation store. */
export interface LocalConversations {
  isServerOnly(conversationID: string): boolean;
  readonly local$: Observable<string>;
}

/**
 * Actions on a conversation known only from the server's copy during the SDK's first sync. The
 * SDK looks the conversation (or its message) up in its local database, which its sync has not filled
 * yet, and refuses the action ("record not found"). A click on pin, mute, revoke, delete, forward or a
 * quoted reply should still take effect, as in Slack or Element, so such an action waits until the SDK
 * has the conversation (10-20 s at most after a fresh sign-in), with a toast that says so, and then runs.
 * Resolves true once the SDK has it (at once when it had it already), false if the session ended first.
 */
export async function whenLocal(
  conversations: LocalConversations,
  notifier: Notifier | undefined,
  conversationID: string,
): Promise<boolean> {
  if (!conversations.isServerOnly(conversationID)) return true;
  const confirmed = firstValueFrom(
    conversations.local$.pipe(
      filter((id) => id === conversationID),
      map(() => true),
    ),
    { defaultValue: false },
  );
  notifier?.notify({ level: 'info', key: 'toast.waitsForSync' });
  return confirmed;
}
