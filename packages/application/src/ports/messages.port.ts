import type { Observable } from 'rxjs';
import type { AtUserInfo, ContentType, Message } from '@teamim/domain';
import type { PickedFile } from './file-processor.port';

export type MessageEvent =
  | { readonly type: 'received'; readonly messages: readonly Message[] }
  | {
      readonly type: 'revoked';
      readonly conversationID: string;
      readonly clientMsgID: string;
      readonly revokerID: string;
    }
  // How much of a sending message's file is uploaded (0-100), as the SDK reports it.
  | { readonly type: 'progress'; readonly clientMsgID: string; readonly progress: number }
  // A user's typing state in a conversation (the SDK turns a received Typing message into this).
  | {
      readonly type: 'typing';
      readonly conversationID: string;
      readonly userID: string;
      readonly typing: boolean;
    };

/** Draft content understood by {@link MessagesGateway.create}. */
export type MessageDraft =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'atText';
      readonly text: string;
      readonly atUserIDList: readonly string[];
      // The names the mentions showed (one entry per user); absent: the ids only.
      readonly atUsersInfo?: readonly AtUserInfo[];
    }
  | { readonly kind: 'custom'; readonly data: string; readonly description: string }
  | { readonly kind: 'picture'; readonly file: PickedFile; readonly width: number; readonly height: number }
  // A video with its poster (a picture taken from it) and a file of any other kind.
  | {
      readonly kind: 'video';
      readonly file: PickedFile;
      readonly snapshot: PickedFile;
      readonly width: number;
      readonly height: number;
      /** Seconds. */
      readonly duration: number;
    }
  | { readonly kind: 'file'; readonly file: PickedFile }
  // A reply quoting a message of the conversation (the SDK's quote message, 114).
  | { readonly kind: 'quote'; readonly text: string; readonly quoted: Message };

export interface SendTarget {
  /** Peer user id for single chats, empty for groups. */
  readonly recvID: string;
  /** Group id for group chats, empty for single chats. */
  readonly groupID: string;
}

/** Where a message to a conversation goes: its group, else its peer. */
export function sendTargetOf(conversation: {
  readonly userID: string;
  readonly groupID: string;
}): SendTarget {
  return { recvID: conversation.groupID === '' ? conversation.userID : '', groupID: conversation.groupID };
}

export interface HistoryPage {
  readonly messages: readonly Message[];
  readonly isEnd: boolean;
}

export interface LocalSearchHit {
  readonly conversationID: string;
  readonly messages: readonly Message[];
}

/** Message creation, sending, history and events. Methods reject with RemoteError. */
export abstract class MessagesGateway {
  /** Creates a local message (status Sending) without sending it. */
  abstract create(draft: MessageDraft): Promise<Message>;
  /** Creates a local copy of a message for forwarding (SDK createForwardMessage). */
  abstract createForward(message: Message): Promise<Message>;
  /** Sends a created (or failed) message; resolves with the server-acknowledged copy. */
  abstract send(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message>;
  /**
   * This device's current copies of the given messages (unknown ids are left out). A send that failed
   * while the connection was down may still go out after the reconnect: the copy tells.
   */
  abstract findMessages(conversationID: string, clientMsgIDs: readonly string[]): Promise<readonly Message[]>;
  /**
   * The newest `count` messages of a conversation (oldest first) read from the server, not the local
   * store: what a chat shows while the SDK's first sync after sign-in has not reached the conversation.
   * Rejects with `MISSING_ROUTE_CODE` where the deployment has no such path.
   */
  abstract getServerNewest(conversationID: string, count: number): Promise<readonly Message[]>;
  /** Older messages before `startClientMsgID` (empty = newest), oldest first. */
  abstract getHistory(conversationID: string, startClientMsgID: string, count: number): Promise<HistoryPage>;
  abstract revoke(conversationID: string, clientMsgID: string): Promise<void>;
  abstract delete(conversationID: string, clientMsgID: string): Promise<void>;
  abstract setLocalEx(conversationID: string, clientMsgID: string, localEx: string): Promise<void>;
  abstract searchLocal(conversationID: string, keyword: string, count: number): Promise<readonly Message[]>;
  /**
   * The newest `count` messages of one content type this device holds, across all the user's
   * conversations, newest first (the SDK's local search by `messageTypeList`): the call records and
   * meeting cards the call history is built from.
   */
  abstract searchLocalByType(contentType: ContentType, count: number): Promise<readonly Message[]>;
  // Tells the peer of a one-to-one chat that the user is typing (an online-only Typing message).
  abstract sendTyping(recvID: string, tip: string): Promise<void>;
  /** Hot, no replay, never completes. Includes typing, revoke-type and call-signal messages. */
  abstract readonly events$: Observable<MessageEvent>;
}
