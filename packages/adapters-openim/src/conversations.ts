import { map, type Observable } from 'rxjs';
import { ConversationsGateway, type ConversationEvent } from '@teamim/application';
import {
  compactLatestMessage,
  GroupAtType,
  messagePeerOf,
  RecvMsgOpt,
  SessionType,
  type Conversation,
} from '@teamim/domain';
import { argumentError, invoke } from './errors';
import { fromSdkEvent, portEvents } from './events';
import type { OpenImDirectory, SortedConversationElem } from './im-api';
import { toConversation } from './mappers';
import { withParsedContent } from './server-messages';
import type { OpenImSdk } from './sdk';

/** The peer of a one-to-one conversation `si_<a>_<b>` (user ids sorted) when no message names it. */
function peerFromID(conversationID: string, self: string): string {
  const pair = conversationID.slice('si_'.length);
  if (pair.startsWith(`${self}_`)) return pair.slice(self.length + 1);
  if (pair.endsWith(`_${self}`)) return pair.slice(0, -(self.length + 1));
  return '';
}

/**
 * A conversation of the server's sorted list in the shape the SDK's list has, with the newest message as
 * the SDK's conversations carry it (`latestMsg`, compacted as theirs are) so previews render the same. Undefined for kinds the list does not show.
 */
function sortedElemToConversation(elem: SortedConversationElem, self: string): Conversation | undefined {
  const isGroup = elem.conversationID.startsWith('sg_');
  if (!isGroup && !elem.conversationID.startsWith('si_')) return undefined;
  const info = elem.msgInfo;
  const peer = isGroup
    ? ''
    : info.sendID === ''
      ? peerFromID(elem.conversationID, self)
      : messagePeerOf(info, self);
  // The list keeps of the latest message what its preview reads (compactLatestMessage), as for the SDK's.
  const latestMsg =
    info.clientMsgID === ''
      ? ''
      : compactLatestMessage(
          JSON.stringify(
            withParsedContent(
              { clientMsgID: info.clientMsgID, contentType: info.contentType },
              info.contentType,
              info.content,
            ),
          ),
        );
  return {
    conversationID: elem.conversationID,
    conversationType: isGroup ? SessionType.Group : SessionType.Single,
    userID: peer,
    groupID: isGroup ? info.groupID : '',
    showName: isGroup ? info.groupName : info.senderName,
    faceURL: isGroup ? info.groupFaceURL : info.faceURL,
    unreadCount: elem.unreadCount,
    latestMsg,
    latestMsgSendTime: info.latestMsgRecvTime,
    draftTextTime: 0,
    isPinned: elem.isPinned,
    recvMsgOpt:
      elem.recvMsgOpt === RecvMsgOpt.NotReceive || elem.recvMsgOpt === RecvMsgOpt.NotNotify
        ? elem.recvMsgOpt
        : RecvMsgOpt.Normal,
  };
}

function requireID(value: string, what: string): void {
  if (value === '') throw argumentError(`${what} is required`);
}

export class OpenImConversations extends ConversationsGateway {
  readonly events$: Observable<ConversationEvent>;

  /** `directory` reads the server's sorted list for the first page (absent: that page is empty). */
  constructor(
    private readonly sdk: OpenImSdk,
    private readonly directory?: OpenImDirectory,
  ) {
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

  async getServerFirstPage(userID: string, count: number): Promise<readonly Conversation[]> {
    requireID(userID, 'userID');
    if (count <= 0) throw argumentError('count must be > 0');
    if (this.directory === undefined) return [];
    const elems = await this.directory.sortedConversations(userID, count);
    return elems.flatMap((elem) => sortedElemToConversation(elem, userID) ?? []);
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

  async setDraft(conversationID: string, draftText: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('setConversationDraft', () => this.sdk.setConversationDraft({ conversationID, draftText }));
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

  // The mention mark is a conversation field; the SDK keeps it until it is set back.
  async resetGroupAtType(conversationID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('setConversation', () =>
      this.sdk.setConversation({ conversationID, groupAtType: GroupAtType.AtNormal }),
    );
  }

  async markAsRead(conversationID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    await invoke('markConversationMessageAsRead', () =>
      this.sdk.markConversationMessageAsRead(conversationID),
    );
  }
}
