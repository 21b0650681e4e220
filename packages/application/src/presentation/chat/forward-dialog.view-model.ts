import { BehaviorSubject, combineLatest } from 'rxjs';
import {
  conversationDisplayName,
  PAGING,
  type Message,
  type Result,
  type ValidationError,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { ChatStore } from '../../messages/chat.store';
import type { ForwardMessages, ForwardSummary } from '../../messages/forward-messages.use-case';
import type { LazyService } from '../../shared/lazy-service';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

export interface ForwardTargetRow {
  readonly id: string;
  readonly name: string;
  readonly faceURL: string;
  readonly isGroup: boolean;
  readonly selected: boolean;
}

export interface ForwardDialogState {
  readonly query: string;
  /** The first 100 conversations of the list (spec §7 forward list) that match the query. */
  readonly rows: readonly ForwardTargetRow[];
  /** Selected conversations, also those the query hides: "Forward (n)". */
  readonly selectedCount: number;
  readonly sending: boolean;
  readonly canForward: boolean;
}

/**
 * The forward-message dialog (spec §2, §4, §8): a searchable list of up to 100 conversations,
 * multi-select, and Forward (n), which tries each selected conversation and shows the summary toast.
 */
export class ForwardDialogViewModel extends StateViewModel<ForwardDialogState> {
  private readonly query = new BehaviorSubject('');
  private readonly selected = new BehaviorSubject<ReadonlySet<string>>(new Set());

  constructor(
    private readonly message: Message,
    private readonly conversations: ConversationStore,
    private readonly chat: ChatStore,
    private readonly forwardMessages: LazyService<ForwardMessages>,
  ) {
    super({ query: '', rows: [], selectedCount: 0, sending: false, canForward: false });
    // Forwarding's code loads with the session's first forward dialog, while the user picks targets.
    forwardMessages.prefetch();
    this.own(
      combineLatest([conversations.conversations$, this.query, this.selected]).subscribe(
        ([list, query, selected]) => {
          const needle = query.trim().toLowerCase();
          const rows = list
            .slice(0, PAGING.forwardConversationList)
            .map((c) => ({
              id: c.conversationID,
              name: conversationDisplayName(c),
              faceURL: c.faceURL,
              isGroup: c.groupID !== '',
              selected: selected.has(c.conversationID),
            }))
            .filter((row) => needle === '' || row.name.toLowerCase().includes(needle));
          this.patch({
            query,
            rows,
            selectedCount: selected.size,
            canForward: selected.size > 0 && !this.state.sending,
          });
        },
      ),
    );
  }

  search(query: string): void {
    this.query.next(query);
  }

  toggle(conversationID: string): void {
    const next = new Set(this.selected.value);
    if (!next.delete(conversationID)) next.add(conversationID);
    this.selected.next(next);
  }

  /** Forwards to every selected conversation; the use case shows the spec's summary toast. */
  async forward(): Promise<Result<ForwardSummary, ValidationError>> {
    const selected = this.selected.value;
    const targets = this.conversations.snapshot.filter((c) => selected.has(c.conversationID));
    this.patch({ sending: true, canForward: false });
    // A message shown from the server's copy goes as the SDK's copy, once the SDK has its chat.
    const message = await this.chat.sdkCopy(this.message);
    try {
      return await (await this.forwardMessages()).execute(message, targets);
    } finally {
      this.patch({ sending: false, canForward: this.selected.value.size > 0 });
    }
  }
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const forwardDialogViewModel = viewModelFactory(
  (s, message: Message) => new ForwardDialogViewModel(message, s.conversations, s.chat, s.forwardMessages),
);
