import { BehaviorSubject, debounceTime, Subject, Subscription, switchMap, from, type Observable } from 'rxjs';
import type { Conversation, Friend, Group, Message } from '@teamim/domain';
import type { Clock } from '../ports/clock.port';
import type { ContactsGateway } from '../ports/contacts.port';
import type { GroupsGateway } from '../ports/groups.port';
import type { MessagesGateway } from '../ports/messages.port';
import type { Notifier } from '../ports/notifier.port';
import type { ConversationStore } from '../conversations/conversation.store';

/** Spec §9. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MESSAGES_PER_CONVERSATION = 5;
export const SEARCH_MAX_CONVERSATIONS = 20;
export const MESSAGE_PREVIEW_LENGTH = 50;

export interface MessageHit {
  readonly conversation: Conversation;
  readonly message: Message;
  /** Text preview, at most 50 characters (spec §5). */
  readonly preview: string;
}

export interface SearchResults {
  readonly keyword: string;
  readonly friends: readonly Friend[];
  readonly groups: readonly Group[];
  readonly messages: readonly MessageHit[];
  readonly searching: boolean;
}

const empty: SearchResults = { keyword: '', friends: [], groups: [], messages: [], searching: false };

/**
 * The top-bar search (spec §2): debounced 500 ms; blank input clears; friends, groups and local
 * messages (5 per conversation, at most 20 conversations). `results$` is hot and replays.
 */
export class TopSearchStore {
  private readonly input = new Subject<string>();
  private readonly results = new BehaviorSubject<SearchResults>(empty);
  private readonly subscriptions = new Subscription();
  readonly results$: Observable<SearchResults> = this.results.asObservable();

  constructor(
    private readonly contacts: ContactsGateway,
    private readonly groups: GroupsGateway,
    private readonly messages: MessagesGateway,
    private readonly conversations: ConversationStore,
    clock: Clock,
    private readonly notifier: Notifier,
  ) {
    this.subscriptions.add(
      this.input
        .pipe(
          debounceTime(SEARCH_DEBOUNCE_MS, clock.scheduler),
          switchMap((keyword) => from(this.search(keyword))),
        )
        .subscribe((results) => this.results.next(results)),
    );
  }

  /** Feeds the search box text. */
  setKeyword(text: string): void {
    if (text.trim() === '') {
      this.results.next(empty);
    } else if (!this.results.value.searching) {
      this.results.next({ ...this.results.value, searching: true });
    }
    this.input.next(text);
  }

  private async search(text: string): Promise<SearchResults> {
    const keyword = text.trim();
    if (keyword === '') {
      return empty;
    }
    try {
      const targets = this.conversations.snapshot.slice(0, SEARCH_MAX_CONVERSATIONS);
      const [friends, groups, perConversation] = await Promise.all([
        this.contacts.searchFriends(keyword),
        this.groups.searchGroups(keyword),
        Promise.all(
          targets.map(async (conversation) => {
            const found = await this.messages.searchLocal(
              conversation.conversationID,
              keyword,
              SEARCH_MESSAGES_PER_CONVERSATION,
            );
            return found.map((message) => ({ conversation, message, preview: previewOf(message) }));
          }),
        ),
      ]);
      return { keyword, friends, groups, messages: perConversation.flat(), searching: false };
    } catch {
      this.notifier.notify({ level: 'error', key: 'toast.accessFailed' });
      return { ...empty, keyword };
    }
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
  }
}

/** First 50 characters of a message's text. */
export function previewOf(message: Message): string {
  // A quote's reply is searched too (messages adapter), so its preview is the reply.
  const text = message.textElem?.content ?? message.atTextElem?.text ?? message.quoteElem?.text ?? '';
  return text.slice(0, MESSAGE_PREVIEW_LENGTH);
}
