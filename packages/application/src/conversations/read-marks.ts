import { debounceTime, Subject, type Subscription } from 'rxjs';
import { TIMINGS_MS, type Conversation } from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { ConversationsGateway } from '../ports/conversations.port';
import type { Logger } from '../ports/logger.port';
import { attempt } from '../shared/remote-error';

/** What the marks need of the conversation store. */
export interface OpenConversation {
  /** The conversation the user is in, if any. */
  readonly currentConversation: Conversation | undefined;
  /** Resolves once the SDK holds the conversation locally (it cannot mark what it has not synced). */
  whenLocal(conversationID: string, tell: boolean): Promise<boolean>;
}

/**
 * Marks conversations read on the server: at once when asked, or for the open conversation when its
 * unread count changes (debounced 2 s, spec §4). Failures are logged; the next change retries.
 */
export class ReadMarks {
  private readonly requests = new Subject<string>();
  private readonly subscription: Subscription;

  constructor(
    private readonly gateway: ConversationsGateway,
    private readonly logger: Logger,
    clock: Clock,
    private readonly conversations: OpenConversation,
  ) {
    this.subscription = this.requests
      .pipe(debounceTime(TIMINGS_MS.readMarkDebounce, clock.scheduler))
      .subscribe((conversationID) => void this.mark(conversationID, true));
  }

  /** The open conversation changed its unread count: mark it read once the changes settle. */
  request(conversationID: string): void {
    this.requests.next(conversationID);
  }

  /**
   * `whileOpen`: only if the user is still in the conversation when the mark would go out (after the
   * debounce, or the wait for the SDK's local copy): the SDK marks everything up to its newest message, so
   * a late mark would swallow what arrived after the user left.
   */
  async mark(conversationID: string, whileOpen: boolean): Promise<void> {
    await this.conversations.whenLocal(conversationID, false);
    if (whileOpen && this.conversations.currentConversation?.conversationID !== conversationID) return;
    const result = await attempt(() => this.gateway.markAsRead(conversationID));
    if (!result.ok) this.logger.warn('mark as read failed', { conversationID, code: result.error.code });
  }

  dispose(): void {
    this.subscription.unsubscribe();
  }
}
