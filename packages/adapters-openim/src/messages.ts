import { map, type Observable } from 'rxjs';
import type { MessageItem, PicBaseInfo } from '@openim/wasm-client-sdk';
import {
  MessagesGateway,
  MISSING_ROUTE_CODE,
  RemoteError,
  type HistoryPage,
  type MessageDraft,
  type MessageEvent,
  type PickedFile,
  type SendTarget,
} from '@teamim/application';
import {
  HistoryViewType,
  type ContentType,
  messageConversationID,
  SessionType,
  singleConversationID,
  type Message,
} from '@teamim/domain';
import type { OpenImContext } from './context';
import { argumentError, invoke } from './errors';
import { fromSdkEvent, mapDefined, portEvents } from './events';
import { KeyedQueue } from './keyed-queue';
import { searchByType, searchText } from './local-search';
import { toMessage, toSessionType } from './mappers';
import type { OpenImDirectory } from './im-api';
import type { OpenImSdk } from './sdk';
import { serverMessageToMessage } from './server-messages';

/** A message deleted on this device: the SDK's findMessageList still returns it, with this status. */
const SDK_DELETED_STATUS = 4;
/** The SDK's "internal error" code, which it also uses for rules it checks locally. */
const SDK_INTERNAL = 10005;
const NO_PERMISSION = 1002;
const NOT_YOURS = /only send by yourself message can be revoked/i;

/** The conversation a message belongs to, seen from the logged-in user. */
function conversationIDOf(item: MessageItem, selfUserID: string): string {
  return messageConversationID(
    {
      sessionType: toSessionType(item.sessionType),
      groupID: item.groupID,
      sendID: item.sendID,
      recvID: item.recvID,
    },
    selfUserID,
  );
}

function requireID(value: string, what: string): void {
  if (value === '') throw argumentError(`${what} is required`);
}

/** The browser File behind a picked file (a Blob gets the picked name and type). */
function browserFile(picked: PickedFile): File {
  const handle = picked.handle;
  if (!(handle instanceof Blob)) throw argumentError('the picked file is not a browser File');
  return handle instanceof File ? handle : new File([handle], picked.name, { type: picked.mimeType });
}

function pictureInfo(width: number, height: number, size: number, type: string): PicBaseInfo {
  return { uuid: crypto.randomUUID(), type, size, width, height, url: '' };
}

export class OpenImMessages extends MessagesGateway {
  readonly events$: Observable<MessageEvent>;
  /**
   * The messages received live (not the offline catch-up after a reconnect), each mapped once: the chat
   * stream and the call signalling both read them from here.
   */
  readonly live$: Observable<readonly Message[]>;
  /** Object URLs of files this client sends, by client message id (kept for the session). */
  private readonly previews = new Map<string, string>();
  /** One history read per conversation at a time (see KeyedQueue). */
  private readonly historyReads = new KeyedQueue();

  /** `directory` reads a chat's newest messages from the server (absent: like a deployment without the path). */
  constructor(
    private readonly sdk: OpenImSdk,
    private readonly context: OpenImContext,
    private readonly directory?: OpenImDirectory,
  ) {
    super();
    const mapped = (items: readonly MessageItem[] | undefined): readonly Message[] | undefined =>
      items === undefined || items.length === 0 ? undefined : items.map((item) => this.seen(item));
    // The wasm SDK 3.8 hands each online-only message on alone, as one item. A received Typing
    // message is not among them: the SDK reports it as the peer's input status instead.
    this.live$ = portEvents(
      fromSdkEvent(sdk, 'OnRecvNewMessages').pipe(mapDefined((e) => mapped(e.data))),
      fromSdkEvent(sdk, 'OnRecvOnlineOnlyMessages').pipe(mapDefined((e) => mapped(e.data))),
      fromSdkEvent(sdk, 'OnRecvOnlineOnlyMessage').pipe(
        mapDefined((e) => (e.data === undefined ? undefined : mapped([e.data]))),
      ),
    );
    const received = (messages: readonly Message[]): MessageEvent => ({ type: 'received', messages });
    this.events$ = portEvents<MessageEvent>(
      this.live$.pipe(map(received)),
      fromSdkEvent(sdk, 'OnConversationUserInputStatusChanged').pipe(
        mapDefined((e) =>
          e.data?.conversationID && e.data.userID
            ? ({
                type: 'typing',
                conversationID: e.data.conversationID,
                userID: e.data.userID,
                typing: (e.data.platformIDs ?? []).length > 0,
              } as const)
            : undefined,
        ),
      ),
      fromSdkEvent(sdk, 'onRecvOfflineNewMessages').pipe(
        mapDefined((e) => {
          const messages = mapped(e.data);
          return messages === undefined ? undefined : received(messages);
        }),
      ),
      // Upload progress of a file message this client sends.
      fromSdkEvent(sdk, 'OnProgress').pipe(
        mapDefined((e) =>
          e.data.clientMsgID
            ? ({
                type: 'progress',
                clientMsgID: e.data.clientMsgID,
                progress: Math.max(0, Math.min(100, Math.round(e.data.progress))),
              } as const)
            : undefined,
        ),
      ),
      fromSdkEvent(sdk, 'OnNewRecvMessageRevoked').pipe(
        map((e) => {
          const info = e.data;
          const self = this.context.userID;
          // The callback carries no conversation id: use the one of the message if this client saw it,
          // else derive it for one-to-one chats revoked by the peer.
          const known = this.context.conversationOf(info.clientMsgID);
          const derived =
            info.sessionType === SessionType.Single && self && info.sourceMessageSendID !== self
              ? singleConversationID(self, info.sourceMessageSendID)
              : '';
          return {
            type: 'revoked',
            conversationID: known ?? derived,
            clientMsgID: info.clientMsgID,
            revokerID: info.revokerID,
          } as const;
        }),
      ),
    );
  }

  private seen(item: MessageItem): Message {
    this.context.remember(item, conversationIDOf(item, this.context.userID));
    const message = toMessage(item);
    const preview = this.previews.get(item.clientMsgID);
    return preview === undefined ? message : { ...message, localPreviewURL: preview };
  }

  /** Keeps an object URL of a picked picture or video to show until the upload is done. */
  private withPreview(message: Message, file: File): Message {
    if (typeof URL.createObjectURL !== 'function') return message;
    const url = URL.createObjectURL(file);
    this.previews.set(message.clientMsgID, url);
    return { ...message, localPreviewURL: url };
  }

  async create(draft: MessageDraft): Promise<Message> {
    // A chat opened from the server's copy right after sign-in may send before the SDK's login is done.
    await this.context.loginSettled;
    switch (draft.kind) {
      case 'text':
        return this.seen(await invoke('createTextMessage', () => this.sdk.createTextMessage(draft.text)));
      case 'atText':
        if (draft.atUserIDList.length === 0) throw argumentError('an at-text message mentions someone');
        return this.seen(
          await invoke('createTextAtMessage', () =>
            this.sdk.createTextAtMessage({
              text: draft.text,
              atUserIDList: [...draft.atUserIDList],
              // The web SDK iterates atUsersInfo unconditionally; without it the call fails inside the SDK.
              // With the names the mentions showed, when given.
              atUsersInfo: draft.atUserIDList.map((atUserID) => ({
                atUserID,
                groupNickname: draft.atUsersInfo?.find((u) => u.atUserID === atUserID)?.groupNickname ?? '',
              })),
            }),
          ),
        );
      case 'custom':
        return this.seen(
          await invoke('createCustomMessage', () =>
            this.sdk.createCustomMessage({ data: draft.data, extension: '', description: draft.description }),
          ),
        );
      case 'picture': {
        const file = browserFile(draft.file);
        const info = pictureInfo(draft.width, draft.height, draft.file.size, draft.file.mimeType);
        const created = await invoke('createImageMessageByFile', () =>
          this.sdk.createImageMessageByFile({
            sourcePicture: info,
            bigPicture: info,
            snapshotPicture: info,
            sourcePath: '',
            file,
          }),
        );
        return this.withPreview(this.seen(created), file);
      }
      // Videos (with the poster the client took from them) and files.
      case 'video': {
        const videoFile = browserFile(draft.file);
        const snapshotFile = browserFile(draft.snapshot);
        const created = await invoke('createVideoMessageByFile', () =>
          this.sdk.createVideoMessageByFile({
            videoPath: '',
            duration: Math.round(draft.duration),
            videoType: draft.file.mimeType,
            snapshotPath: '',
            videoUUID: crypto.randomUUID(),
            videoUrl: '',
            videoSize: draft.file.size,
            snapshotUUID: crypto.randomUUID(),
            snapshotSize: draft.snapshot.size,
            snapshotUrl: '',
            snapshotWidth: draft.width,
            snapshotHeight: draft.height,
            snapShotType: draft.snapshot.mimeType,
            videoFile,
            snapshotFile,
          }),
        );
        return this.withPreview(this.seen(created), snapshotFile);
      }
      case 'file': {
        const file = browserFile(draft.file);
        const created = await invoke('createFileMessageByFile', () =>
          this.sdk.createFileMessageByFile({
            filePath: '',
            fileName: draft.file.name,
            uuid: crypto.randomUUID(),
            sourceUrl: '',
            fileSize: draft.file.size,
            fileType: draft.file.mimeType,
            file,
          }),
        );
        return this.seen(created);
      }
      // The SDK takes the quoted message as the JSON of its own copy (the one this client loaded).
      case 'quote': {
        const raw = this.context.rawMessage(draft.quoted.clientMsgID);
        if (!raw) throw argumentError('only messages this client has loaded can be quoted');
        return this.seen(
          await invoke('createQuoteMessage', () =>
            this.sdk.createQuoteMessage({ text: draft.text, message: JSON.stringify(raw) }),
          ),
        );
      }
    }
  }

  async createForward(message: Message): Promise<Message> {
    const raw = this.context.rawMessage(message.clientMsgID);
    if (!raw) throw argumentError('only messages this client has loaded can be forwarded');
    return this.seen(await invoke('createForwardMessage', () => this.sdk.createForwardMessage(raw)));
  }

  async send(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message> {
    if ((target.recvID === '') === (target.groupID === '')) {
      throw argumentError('send needs exactly one of recvID and groupID');
    }
    await this.context.loginSettled;
    const raw = this.context.rawMessage(message.clientMsgID);
    if (!raw) throw argumentError('the message was not created by this client');
    const sent = await invoke('sendMessage', () =>
      this.sdk.sendMessage({
        recvID: target.recvID,
        groupID: target.groupID,
        message: raw,
        ...(options?.onlineOnly ? { isOnlineOnly: true } : {}),
      }),
    );
    return this.seen(sent);
  }

  // The deprecated call still works in 3.8.3 and needs no conversation id (changeInputStates does).
  async sendTyping(recvID: string, tip: string): Promise<void> {
    requireID(recvID, 'recvID');
    await invoke('typingStatusUpdate', () => this.sdk.typingStatusUpdate({ recvID, msgTip: tip }));
  }

  async findMessages(conversationID: string, clientMsgIDs: readonly string[]): Promise<readonly Message[]> {
    requireID(conversationID, 'conversationID');
    if (clientMsgIDs.length === 0) return [];
    const result = await invoke('findMessageList', () =>
      this.sdk.findMessageList([{ conversationID, clientMsgIDList: [...clientMsgIDs] }]),
    );
    return (result.findResultItems ?? [])
      .filter((item) => item.conversationID === conversationID)
      .flatMap((item) => item.messageList ?? [])
      .filter((item) => (item.status as number) !== SDK_DELETED_STATUS)
      .map((item) => this.seen(item));
  }

  async getServerNewest(conversationID: string, count: number): Promise<readonly Message[]> {
    requireID(conversationID, 'conversationID');
    if (count <= 0) throw argumentError('count must be positive');
    if (this.directory === undefined) throw new RemoteError(MISSING_ROUTE_CODE, 'no server directory');
    // Read while the SDK's login may still be connecting: the token's user, not the connected one.
    const msgs = await this.directory.newestMessages(this.context.tokenUserID, conversationID, count);
    return msgs.map(serverMessageToMessage);
  }

  async getHistory(conversationID: string, startClientMsgID: string, count: number): Promise<HistoryPage> {
    requireID(conversationID, 'conversationID');
    if (count <= 0) throw argumentError('count must be positive');
    const result = await this.historyReads.run(conversationID, () =>
      invoke('getAdvancedHistoryMessageList', () =>
        this.sdk.getAdvancedHistoryMessageList({
          conversationID,
          startClientMsgID,
          count,
          viewType: HistoryViewType.History,
        }),
      ),
    );
    return {
      messages: (result.messageList ?? []).map((item) => this.seen(item)),
      isEnd: result.isEnd,
    };
  }

  async revoke(conversationID: string, clientMsgID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    requireID(clientMsgID, 'clientMsgID');
    try {
      await invoke('revokeMessage', () => this.sdk.revokeMessage({ conversationID, clientMsgID }));
    } catch (error: unknown) {
      // The SDK refuses someone else's one-to-one message itself, as an internal error (10005) with this
      // text; the application knows that refusal as the server's NoPermission.
      if (error instanceof RemoteError && error.code === SDK_INTERNAL && NOT_YOURS.test(error.message)) {
        throw new RemoteError(NO_PERMISSION, error.message);
      }
      throw error;
    }
  }

  async delete(conversationID: string, clientMsgID: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    requireID(clientMsgID, 'clientMsgID');
    await invoke('deleteMessage', () => this.sdk.deleteMessage({ conversationID, clientMsgID }));
  }

  async setLocalEx(conversationID: string, clientMsgID: string, localEx: string): Promise<void> {
    requireID(conversationID, 'conversationID');
    requireID(clientMsgID, 'clientMsgID');
    await invoke('setMessageLocalEx', () =>
      this.sdk.setMessageLocalEx({ conversationID, clientMsgID, localEx }),
    );
  }

  /**
   * Searches the conversation's local history, newest first. The 3.8.3-patch.13 web SDK cannot search by
   * keyword: its database worker expects a sender list argument the wasm does not pass, so the query throws
   * inside the worker ("i.forEach is not a function") and `searchLocalMessages` resolves with nothing, in
   * browsers as in Node. The adapter therefore reads the newest history pages itself (at most 2000
   * messages) and matches the text of text, at-text and quote messages (the reply), case-insensitively.
   */
  async searchLocal(conversationID: string, keyword: string, count: number): Promise<readonly Message[]> {
    requireID(conversationID, 'conversationID');
    if (keyword.trim() === '') throw argumentError('keyword is empty');
    if (count <= 0) throw argumentError('count must be positive');
    return searchText((id, start, n) => this.getHistory(id, start, n), conversationID, keyword, count);
  }

  /**
   * `searchLocalMessages` by `messageTypeList` fails in the 3.8.3-patch.13 wasm as well: across all
   * conversations (an empty conversationID) the worker throws "i.forEach is not a function", within one
   * it answers "no such column: undefined", and both resolve with nothing. The adapter reads the
   * conversations' local history itself, the most recently active first.
   */
  async searchLocalByType(contentType: ContentType, count: number): Promise<readonly Message[]> {
    if (count <= 0) throw argumentError('count must be positive');
    return searchByType(this.sdk, (id, start, n) => this.getHistory(id, start, n), contentType, count);
  }
}
