import { map, type Observable } from 'rxjs';
import { ConversationsGateway, type ConversationEvent } from '@teamim/application';
import type { Conversation, RecvMsgOpt, SessionType } from '@teamim/domain';
import { argumentError, invoke } from './errors';
import { fromSdkEvent, portEvents } from './events';
import { toConversation } from './mappers';
import type { OpenImSdk } from './sdk';

function requireID(value: string, what: string): void {
  if (value === '') throw argumentError(`${what} is required`);
}

export class OpenImConversations extends ConversationsGateway {
  readonly events$: Observable<ConversationEvent>;

  constructor(private readonly sdk: OpenImSdk) {
    super();
    this.events$ = portEvents<ConversationEvent>(
      fromSdkEvent(sdk, 'OnConversationChanged').pipe(
        map(
          (e) =>
            ({ type: 'conversationChanged', conversations: (e.data ?? []).map(toConversation) }) as const,
        ),
      ),
      fromSdkEvent(sdk, 'OnNewConversation').pipe(
        map((e) => ({ type: 'newConversation', conversations: (e.data ?? []).map(toConversation) }) as const),
      ),
      fromSdkEvent(sdk, 'OnTotalUnreadMessageCountChanged').pipe(
        map((e) => ({ type: 'totalUnreadChanged', count: typeof e.data === 'number' ? e.data : 0 }) as const),
      ),
    );
  }

  async getConversationsPage(offset: number, count: number): Promise<readonly Conversation[]> {
    if (offset < 0 || count <= 0) throw argumentError('offset must be >= 0 and count > 0');
    const items = await invoke('getConversationListSplit', () =>
      this.sdk.getConversationListSplit({ offset, count }),
    );
    return (items ?? []).map(toConversation);
  }

  async getTotalUnread(): Promise<number> {
    return (await invoke('getTotalUnreadMsgCount', () => this.sdk.getTotalUnreadMsgCount())) ?? 0;
  }

  async getOneConversation(sourceID: string, sessionType: SessionType): Promise<Conversation> {
    requireID(sourceID, 'sourceID');
    return toConversation(
      await invoke('getOneConversation', () => this.sdk.getOneConversation({ sourceID, sessionType })),
    );
  }

  async setPinned(conversationID: string, isPinned: boolean): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('setConversation', () => this.sdk.setConversation({ conversationID, isPinned }));
  }

  async setRecvMsgOpt(conversationID: string, opt: RecvMsgOpt): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('setConversation', () => this.sdk.setConversation({ conversationID, recvMsgOpt: opt }));
  }

  /** `deleteConversation` has no wasm backing in 3.8.3-patch.13; this is the call that removes both. */
  async deleteConversation(conversationID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('deleteConversationAndDeleteAllMsg', () =>
      this.sdk.deleteConversationAndDeleteAllMsg(conversationID),
    );
  }

  async markAsRead(conversationID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('markConversationMessageAsRead', () =>
      this.sdk.markConversationMessageAsRead(conversationID),
    );
  }
}
