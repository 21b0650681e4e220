import { combineLatest } from 'rxjs';
import {
  checkCanOpenUserCard,
  conversationDisplayName,
  isGroupConversation,
  ok,
  type Conversation,
  type Group,
  type Message,
  type Result,
} from '@teamim/domain';
import type { ConversationStore } from '../../conversations/conversation.store';
import type { Clock } from '../../ports/clock.port';
import type { SessionService } from '../../session/session.service';
import type { AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { locale$, now$ } from './conversation-list.view-model';
import { MessageViewCache } from './message-view-cache';
import type { MessageView } from './rows';
import { atLatest, unseenSince, type LatestMessagesView } from './latest-messages';
import {
  pinnedBannerView,
  ChatMessageActions,
  type ChatMessageActionsDeps,
  type PinnedBannerView,
} from './chat-message-actions';
import { viewModelFactory } from '../view-model-factory';

export interface ChatHeader {
  /** The other party of a single chat; '' in groups. */
  readonly userID: string;
  readonly groupID: string;
  readonly name: string;
  readonly faceURL: string;
  readonly isGroup: boolean;
  /** Known once the group's info is loaded. */
  readonly memberCount: number | undefined;
}

// It builds its message actions, so it needs their services too.
export interface ChatViewModelDeps extends ChatMessageActionsDeps {
  readonly conversations: ConversationStore;
  readonly session: SessionService;
  readonly clock: Clock;
}

export type ChatViewState =
  | { readonly status: 'loading'; readonly conversationID: string }
  /** No such conversation once the SDK's list is complete: the view offers a way back. */
  | { readonly status: 'unknown'; readonly conversationID: string }
  /** The conversation was deleted while open: the view leaves it. */
  | { readonly status: 'gone'; readonly conversationID: string }
  | {
      readonly status: 'open';
      readonly conversationID: string;
      readonly header: ChatHeader;
      readonly messages: readonly MessageView[];
      readonly hasMore: boolean;
      readonly loadingOlder: boolean;
      /** The pinned-message banner (spec §2), undefined when nothing is pinned. */
      readonly pinned: PinnedBannerView | undefined;
      /** The message to scroll to and highlight (a jump from a quote, a pin or a search hit). */
      readonly highlight: { readonly id: string; readonly seq: number } | undefined;
      /** The "new messages / jump to latest" control (latest-messages.ts). */
      readonly latest: LatestMessagesView;
    };

/**
 * /chat/:conversationID (spec §2 chat view, §4 conversations and messages): opens the conversation
 * named in the address (which marks it read), maps its messages to plain-text views, and deselects it
 * when disposed, so messages that arrive while the user is elsewhere stay unread.
 */
export class ChatViewModel extends StateViewModel<ChatViewState> {
  private group: Group | undefined;
  /** Maps only the messages that changed since the last emission (a long history stays fluid). */
  private readonly views = new MessageViewCache();
  /** Copy, revoke, delete, pin, forward, jump (chat-message-actions.ts). */
  readonly actions: ChatMessageActions;
  /** The newest message when the reader left it; undefined while the reader is at the newest. */
  private awayMark: string | undefined;

  constructor(
    readonly conversationID: string,
    private readonly deps: ChatViewModelDeps,
  ) {
    super({ status: 'loading', conversationID });
    const { conversations, chat, session, currentUser, pinnedMessages, settings, clock } = deps;
    this.actions = new ChatMessageActions(
      conversationID,
      (highlight) => {
        if (this.state.status === 'open') this.patch({ highlight });
      },
      deps,
    );
    this.own(
      combineLatest([conversations.conversations$, session.sync$]).subscribe(([list, sync]) => {
        const known = list.find((c) => c.conversationID === conversationID);
        if (known !== undefined) {
          if (conversations.currentConversation?.conversationID !== conversationID) {
            void conversations.select(known);
          }
          return;
        }
        // Only a complete list proves a conversation does not exist; during the first sync it may come.
        const complete = sync === 'success' || sync === 'failed';
        if (this.state.status !== 'gone') {
          this.set({ status: complete ? 'unknown' : 'loading', conversationID });
        }
      }),
    );
    this.own(
      conversations.deleted$.subscribe((deleted) => {
        if (deleted === conversationID) this.set({ status: 'gone', conversationID });
      }),
    );
    this.own(
      combineLatest([
        conversations.current$,
        conversations.currentGroup$,
        chat.state$,
        currentUser.selfInfo$,
        locale$(settings),
        now$(clock),
        pinnedMessages.banner$(conversationID),
      ]).subscribe(([current, group, chatState, self, locale, nowMs, banner]) => {
        this.group = group;
        if (current?.conversationID !== conversationID || chatState.conversationID !== conversationID) {
          return;
        }
        const context = {
          locale,
          selfUserID: self?.userID ?? '',
          nowMs,
          utcOffsetMinutes: clock.utcOffsetMinutes(nowMs),
        };
        const pinnedIDs = new Set(banner.pinned.map((m) => m.clientMsgID));
        const messages = this.views.views(chatState.messages, context, chatState.spinning, pinnedIDs);
        this.set({
          status: 'open',
          conversationID,
          header: header(current, group),
          messages,
          hasMore: chatState.hasMore,
          loadingOlder: chatState.loading,
          pinned: pinnedBannerView(banner, context),
          highlight: this.state.status === 'open' ? this.state.highlight : undefined,
          latest: this.latestOf(messages),
        });
      }),
    );
    this.followJumpRequests();
  }

  // A search hit asked to open this conversation at a message (ChatFocus): jump once it is open.
  private followJumpRequests(): void {
    const { chatFocus, chat } = this.deps;
    this.own(
      combineLatest([chatFocus.jumpRequests$, chat.state$]).subscribe(([request, chatState]) => {
        if (request?.conversationID !== this.conversationID) return;
        if (chatState.conversationID !== this.conversationID) return;
        const target = chatFocus.takeJump(this.conversationID);
        if (target !== undefined) void this.actions.jumpTo(target.clientMsgID, target.seq);
      }),
    );
  }

  /**
   * The view reports whether the reader is at the newest message. Leaving it marks the newest message
   * then, and what comes after from others is counted; coming back clears the control.
   */
  readerAtLatest(atLatestMessage: boolean): void {
    if (this.state.status !== 'open') return;
    const away = this.awayMark !== undefined;
    if (atLatestMessage === !away) return;
    this.awayMark = atLatestMessage ? undefined : (this.state.messages.at(-1)?.id ?? '');
    this.patch({ latest: this.latestOf(this.state.messages) });
  }

  /** The control was used: the view scrolls to the newest message, which clears the control. */
  jumpToLatest(): Result<void, AppError> {
    this.awayMark = undefined;
    if (this.state.status === 'open') this.patch({ latest: atLatest });
    return ok(undefined);
  }

  private latestOf(messages: readonly MessageView[]): LatestMessagesView {
    if (this.awayMark === undefined) return atLatest;
    return { away: true, unseen: unseenSince(messages, this.awayMark) };
  }

  /** The next older page of 20 (spec §9); a failure is returned, not retried. */
  loadOlder(): Promise<Result<void, AppError>> {
    return this.deps.chat.loadMore();
  }

  resend(clientMsgID: string): Promise<Result<Message, AppError>> {
    return this.deps.chat.resend(clientMsgID);
  }

  /**
   * Spec §2: a mention opens the user card, except for the at-all tag, an empty id or a group that
   * forbids looking at member info. Returns the group context the card needs, or undefined.
   */
  mentionTarget(userID: string): { readonly group: Group | undefined } | undefined {
    return checkCanOpenUserCard(userID, this.group).ok ? { group: this.group } : undefined;
  }

  override dispose(): void {
    if (
      !this.disposed &&
      this.deps.conversations.currentConversation?.conversationID === this.conversationID
    ) {
      void this.deps.conversations.select(undefined);
    }
    super.dispose();
  }
}

function header(conversation: Conversation, group: Group | undefined): ChatHeader {
  const isGroup = isGroupConversation(conversation);
  return {
    userID: conversation.userID,
    groupID: conversation.groupID,
    name: conversationDisplayName(conversation),
    faceURL: conversation.faceURL,
    isGroup,
    // Someone removed from the group no longer hears of its changes: an old count would mislead.
    memberCount: isGroup && group !== undefined && group.inGroup !== false ? group.memberCount : undefined,
  };
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const chatViewModel = viewModelFactory(
  (s, conversationID: string) =>
    new ChatViewModel(conversationID, {
      conversations: s.conversations,
      session: s.session,
      clock: s.clock,
      chat: s.chat,
      pinnedMessages: s.pinnedMessages,
      chatFocus: s.chatFocus,
      settings: s.settings,
      currentUser: s.currentUser,
    }),
);
