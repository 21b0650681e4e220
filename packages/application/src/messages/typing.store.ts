import type { Subscription } from 'rxjs';
import { BehaviorSubject, timer, type Observable } from 'rxjs';
import { distinctUntilChanged, map } from 'rxjs/operators';
import { SessionType } from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { MessagesGateway } from '../ports/messages.port';
import type { Logger } from '../ports/logger.port';
import type { ConversationStore } from '../conversations/conversation.store';
import type { CurrentUser } from '../session/current-user';

/** Typing (spec §4 presence). A notice goes out at most this often while the user types. */
export const TYPING_SEND_INTERVAL_MS = 3_000;
/** The peer shows as typing until this long after its last notice (a notice every 3 s keeps it on). */
export const TYPING_SHOW_MS = 5_000;

/**
 * Typing in one-to-one chats: tells the peer while the user types (throttled), and knows which peers
 * are typing, by conversation, until a few seconds after their last notice or their message.
 */
export class TypingStore {
  private readonly typingIn = new BehaviorSubject<ReadonlyMap<string, string>>(new Map());
  private readonly expiries = new Map<string, Subscription>();
  private readonly lastSent = new Map<string, number>();
  private readonly subscription: Subscription;

  constructor(
    private readonly gateway: MessagesGateway,
    private readonly conversations: ConversationStore,
    private readonly currentUser: CurrentUser,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.subscription = gateway.events$.subscribe((event) => {
      if (event.type === 'typing') {
        if (event.userID === this.currentUser.id()) return;
        if (event.typing) this.show(event.conversationID, event.userID);
        else this.hide(event.conversationID);
      } else if (event.type === 'received') {
        // The message the peer was typing has arrived: the indicator goes at once.
        for (const message of event.messages) {
          const entry = [...this.typingIn.value].find(([, userID]) => userID === message.sendID);
          if (entry !== undefined && message.sessionType === SessionType.Single) this.hide(entry[0]);
        }
      }
    });
  }

  /** Whether the other party of a one-to-one conversation is typing. */
  peerTyping$(conversationID: string): Observable<boolean> {
    return this.typingIn.pipe(
      map((typing) => typing.has(conversationID)),
      distinctUntilChanged(),
    );
  }

  /** The user typed in a conversation's composer: tells a one-to-one peer, at most every few seconds. */
  typed(conversationID: string): void {
    const conversation =
      this.conversations.currentConversation?.conversationID === conversationID
        ? this.conversations.currentConversation
        : this.conversations.snapshot.find((c) => c.conversationID === conversationID);
    if (conversation?.conversationType !== SessionType.Single || conversation.userID === '') return;
    const now = this.clock.now();
    const last = this.lastSent.get(conversationID);
    if (last !== undefined && now - last < TYPING_SEND_INTERVAL_MS) return;
    this.lastSent.set(conversationID, now);
    this.gateway.sendTyping(conversation.userID, 'yes').catch((error: unknown) => {
      // A lost notice only means the peer does not see "typing..." this time.
      this.logger.warn('typing notice failed', { error: String(error) });
    });
  }

  /** The user sent the message: the next keystroke may notify again at once. */
  sent(conversationID: string): void {
    this.lastSent.delete(conversationID);
  }

  private show(conversationID: string, userID: string): void {
    this.expiries.get(conversationID)?.unsubscribe();
    this.expiries.set(
      conversationID,
      timer(TYPING_SHOW_MS, this.clock.scheduler).subscribe(() => this.hide(conversationID)),
    );
    if (this.typingIn.value.get(conversationID) !== userID) {
      this.typingIn.next(new Map([...this.typingIn.value, [conversationID, userID]]));
    }
  }

  private hide(conversationID: string): void {
    this.expiries.get(conversationID)?.unsubscribe();
    this.expiries.delete(conversationID);
    if (!this.typingIn.value.has(conversationID)) return;
    const next = new Map(this.typingIn.value);
    next.delete(conversationID);
    this.typingIn.next(next);
  }

  dispose(): void {
    this.subscription.unsubscribe();
    for (const expiry of this.expiries.values()) expiry.unsubscribe();
    this.typingIn.complete();
  }
}
