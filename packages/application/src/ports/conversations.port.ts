import type { Observable } from 'rxjs';
import type { Conversation, RecvMsgOpt, SessionType } from '@teamim/domain';

export type ConversationEvent =
  | { readonly type: 'conversationChanged'; readonly conversations: readonly Conversation[] }
  | { readonly type: 'newConversation'; readonly conversations: readonly Conversation[] }
  | { readonly type: 'totalUnreadChanged'; readonly count: number };

/** Conversations. Methods reject with RemoteError. */
export abstract class ConversationsGateway {
  abstract getConversationsPage(offset: number, count: number): Promise<readonly Conversation[]>;
  /**
   * The user's first `count` conversations as the server sorts them (pinned, then newest message), read
   * from the server and not the local store: the list to show while the local store is still being filled
   * by the first sync after an install. Works as soon as a login has started (it needs only its token).
   */
  abstract getServerFirstPage(userID: string, count: number): Promise<readonly Conversation[]>;
  abstract getTotalUnread(): Promise<number>;
  /** Finds or creates the conversation with a user (single) or group. */
  abstract getOneConversation(sourceID: string, sessionType: SessionType): Promise<Conversation>;
  abstract setPinned(conversationID: string, isPinned: boolean): Promise<void>;
  abstract setRecvMsgOpt(conversationID: string, opt: RecvMsgOpt): Promise<void>;
  /** Deletes the conversation and all its messages. */
  abstract deleteConversation(conversationID: string): Promise<void>;
  abstract markAsRead(conversationID: string): Promise<void>;
  /**
   * Keeps unsent composer text with the conversation (the SDK stores it locally, so it survives a
   * reload); blank text removes the draft. The change arrives as a `conversationChanged` event.
   */
  abstract setDraft(conversationID: string, draftText: string): Promise<void>;
  // Clears the conversation's unread-mention mark (SDK groupAtType back to none), as on reading it.
  abstract resetGroupAtType(conversationID: string): Promise<void>;
  /** Hot, no replay, never completes. */
  abstract readonly events$: Observable<ConversationEvent>;
}
