import type { Observable } from 'rxjs';
import {
  MessagesGateway,
  type HistoryPage,
  type MessageDraft,
  type MessageEvent,
  type SendTarget,
} from '../ports/messages.port';
import {
  ContentType,
  GroupMemberRole,
  GroupStatus,
  MessageStatus,
  SessionType,
  singleConversationID,
  type Message,
} from '@teamim/domain';
import { MISSING_ROUTE_CODE, RemoteError } from '../shared/remote-error';
import type { FakeBackend } from './fake-backend';
import { later, type GatewayDevice } from './fake-im-gateway';
import { ImErrorCode } from './fake-im-errors';
import { createdMessage, searchableText, uploadedCopy } from './fake-message-content';

export class FakeMessagesGateway extends MessagesGateway {
  readonly events$: Observable<MessageEvent>;
  /** When set, sends fail with this code (simulates a network or server failure). */
  failSendsWith: number | undefined;
  /** When set, searches by content type fail with this code. */
  failSearchWith: number | undefined;
  /** When set, sends stay pending until the returned promise's release is called. */
  holdSends = false;
  /**
   * As the OpenIM SDK does (its history page is sorted by send time with an unstable sort), a page
   * returns messages of the same send time newest first when set.
   */
  historySameTimeNewestFirst = false;
  /**
   * As the SDK does when the connection is down: a send fails (with {@link failSendsWith}) but its frame
   * stays queued and goes out after the reconnect ({@link reconnect}), where the server stores it.
   */
  queueFailedSends = false;
  private readonly queued: (() => void)[] = [];
  /** This device's copies of sends that failed, which the server does not have (the SDK keeps them). */
  private readonly unsent = new Map<string, Message>();
  private readonly held: (() => void)[] = [];

  constructor(private readonly device: GatewayDevice) {
    super();
    this.events$ = device.listen(device.sink.messages);
  }

  private get b(): FakeBackend {
    return this.device.backend;
  }

  /** Releases sends held by {@link holdSends}. */
  releaseHeldSends(): void {
    for (const release of this.held.splice(0)) {
      release();
    }
  }

  create(draft: MessageDraft): Promise<Message> {
    return later(() => {
      const me = this.b.user(this.device.me()).info;
      const now = this.b.clock.now();
      const base = {
        clientMsgID: this.b.nextID('c'),
        serverMsgID: '',
        sendID: me.userID,
        recvID: '',
        groupID: '',
        sessionType: SessionType.Single,
        createTime: now,
        sendTime: now,
        senderNickname: me.nickname,
        senderFaceUrl: me.faceURL,
        status: MessageStatus.Sending,
        isRead: false,
        localEx: '',
      } as const;
      // The SDK quotes only a message it has loaded itself.
      if (draft.kind === 'quote') this.requireSdkCopy(draft.quoted);
      return createdMessage(base, draft);
    });
  }

  createForward(message: Message): Promise<Message> {
    return later(() => {
      this.requireSdkCopy(message);
      const me = this.b.user(this.device.me()).info;
      const now = this.b.clock.now();
      return {
        ...message,
        clientMsgID: this.b.nextID('c'),
        serverMsgID: '',
        sendID: me.userID,
        recvID: '',
        groupID: '',
        sendTime: now,
        createTime: now,
        senderNickname: me.nickname,
        senderFaceUrl: me.faceURL,
        status: MessageStatus.Sending,
        isRead: false,
        localEx: '',
      };
    });
  }

  async send(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message> {
    await Promise.resolve();
    if (this.holdSends) {
      await new Promise<void>((resolve) => this.held.push(resolve));
    }
    this.device.me();
    if (this.failSendsWith !== undefined) {
      if (this.queueFailedSends) {
        this.queued.push(
          () =>
            void this.deliverNow(message, target, options).then(() =>
              this.unsent.delete(message.clientMsgID),
            ),
        );
      }
      this.unsent.set(message.clientMsgID, { ...message, status: MessageStatus.Failed });
      throw new RemoteError(this.failSendsWith, 'send failed');
    }
    try {
      return await this.deliverNow(message, target, options);
    } catch (refused) {
      this.unsent.set(message.clientMsgID, { ...message, status: MessageStatus.Failed });
      throw refused;
    }
  }

  // As the SDK reports a peer's Typing message: an input status of the conversation, not a message.
  async sendTyping(recvID: string, _tip: string): Promise<void> {
    await Promise.resolve();
    const me = this.device.me();
    this.b.user(recvID);
    const conversationID = singleConversationID(me, recvID);
    this.b.push(recvID, (s) => s.messages.next({ type: 'typing', conversationID, userID: me, typing: true }));
  }

  /** The connection is back: queued frames go out (see {@link queueFailedSends}). */
  reconnect(): void {
    this.failSendsWith = undefined;
    for (const deliver of this.queued.splice(0)) deliver();
  }

  findMessages(conversationID: string, clientMsgIDs: readonly string[]): Promise<readonly Message[]> {
    return later(() => {
      const stored = (this.b.messages.get(conversationID) ?? []).filter((m) =>
        clientMsgIDs.includes(m.clientMsgID),
      );
      const unsent = clientMsgIDs.flatMap((id) => {
        const copy = this.unsent.get(id);
        return copy === undefined || stored.some((m) => m.clientMsgID === id) ? [] : [copy];
      });
      return [...this.sdkRead(stored), ...unsent];
    });
  }

  private async deliverNow(
    message: Message,
    target: SendTarget,
    options?: { readonly onlineOnly?: boolean },
  ): Promise<Message> {
    await Promise.resolve();
    const me = this.device.me();
    const isGroup = target.groupID !== '';
    if (isGroup) {
      const member = this.b.member(target.groupID, me);
      const group = this.b.groupRecord(target.groupID).group;
      if (group.status === GroupStatus.Muted && member.roleLevel === GroupMemberRole.Normal) {
        throw new RemoteError(ImErrorCode.MutedGroup, 'the group is muted');
      }
      if (this.b.isMuted(member)) {
        throw new RemoteError(ImErrorCode.MutedInGroup, 'you are muted');
      }
    } else {
      this.b.user(target.recvID);
      if (this.b.blacklistOf(target.recvID).has(me)) {
        throw new RemoteError(ImErrorCode.BlockedByPeer, 'blocked by peer');
      }
      if (this.b.friendVerify && !this.b.friendsOf(target.recvID).has(me)) {
        throw new RemoteError(ImErrorCode.NotPeersFriend, 'not friends');
      }
    }
    const now = this.b.clock.now();
    const { localPreviewURL, uploadProgress: _progress, ...shared } = message;
    const sent: Message = {
      ...uploadedCopy(shared),
      recvID: isGroup ? '' : target.recvID,
      groupID: target.groupID,
      sessionType: isGroup ? SessionType.Group : SessionType.Single,
      serverMsgID: this.b.nextID('srv'),
      sendTime: now,
      status: MessageStatus.Succeeded,
    };
    const delivered = this.b.deliver(sent, { onlineOnly: options?.onlineOnly ?? false });
    return localPreviewURL === undefined ? delivered : { ...delivered, localPreviewURL };
  }

  /** Reports upload progress of a sending message, as the SDK's OnProgress does. */
  reportUploadProgress(clientMsgID: string, progress: number): void {
    this.device.sink.messages.next({ type: 'progress', clientMsgID, progress });
  }

  /** History reads of a conversation without any stored message (the SDK has no table for it yet). */
  readonly tablelessHistoryReads: string[] = [];

  /** The server's reads of a chat's newest messages (each conversation id asked). */
  readonly serverNewestReads: string[] = [];
  /** As a deployment without `/msg/pull_msg_by_seq`: the server read rejects with MISSING_ROUTE_CODE. */
  serverNewestMissing = false;

  /**
   * Messages this device knows only from the server's copy: as the OpenIM adapter, which keeps the
   * SDK's raw copy of each message it has read, it cannot forward or quote them until it reads the SDK's.
   */
  private readonly serverCopies = new Set<string>();

  private sdkRead<T extends readonly Message[]>(messages: T): T {
    for (const m of messages) this.serverCopies.delete(m.clientMsgID);
    return messages;
  }

  private requireSdkCopy(message: Message): void {
    if (this.serverCopies.has(message.clientMsgID)) {
      throw new RemoteError(1001, 'only messages this client has loaded can be forwarded');
    }
  }

  getServerNewest(conversationID: string, count: number): Promise<readonly Message[]> {
    return later(() => {
      this.serverNewestReads.push(conversationID);
      if (this.serverNewestMissing) throw new RemoteError(MISSING_ROUTE_CODE, 'no such route');
      const me = this.device.me();
      // The server answers only conversations the user has a record of.
      if (!this.b.conversationsOf(me).has(conversationID)) return [];
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const all = (this.b.messages.get(conversationID) ?? []).filter((m) => !deleted.has(m.clientMsgID));
      const page = all.slice(Math.max(0, all.length - count));
      for (const m of page) this.serverCopies.add(m.clientMsgID);
      return page;
    });
  }

  getHistory(conversationID: string, startClientMsgID: string, count: number): Promise<HistoryPage> {
    return later(() => {
      if (!this.b.messages.has(conversationID)) this.tablelessHistoryReads.push(conversationID);
      const me = this.device.me();
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const all = (this.b.messages.get(conversationID) ?? []).filter((m) => !deleted.has(m.clientMsgID));
      const end =
        startClientMsgID === '' ? all.length : all.findIndex((m) => m.clientMsgID === startClientMsgID);
      if (end < 0) {
        throw new RemoteError(ImErrorCode.RecordNotFound, 'start message not found');
      }
      const start = Math.max(0, end - count);
      const page = all.slice(start, end);
      if (this.historySameTimeNewestFirst) {
        page.sort((a, b) => a.sendTime - b.sendTime || (b.seq ?? 0) - (a.seq ?? 0));
      }
      return { messages: this.sdkRead(page), isEnd: start === 0 };
    });
  }

  private find(conversationID: string, clientMsgID: string): { list: Message[]; index: number } {
    this.device.requireSynced(conversationID);
    const list = this.b.messages.get(conversationID) ?? [];
    const index = list.findIndex((m) => m.clientMsgID === clientMsgID);
    if (index < 0) {
      throw new RemoteError(ImErrorCode.RecordNotFound, 'message not found');
    }
    return { list, index };
  }

  revoke(conversationID: string, clientMsgID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      const { list, index } = this.find(conversationID, clientMsgID);
      const original = list[index] as Message;
      if (original.contentType === ContentType.Revoke) {
        throw new RemoteError(ImErrorCode.MsgAlreadyRevoked, 'already revoked');
      }
      let canRevoke = original.sendID === me;
      if (!canRevoke && original.groupID !== '') {
        // OpenIM lets owners and admins revoke others' group messages.
        canRevoke = this.b.member(original.groupID, me).roleLevel >= GroupMemberRole.Admin;
      }
      if (!canRevoke) {
        throw new RemoteError(ImErrorCode.NoPermission, 'cannot revoke this message');
      }
      list[index] = { ...original, contentType: ContentType.Revoke };
      const audience =
        original.groupID !== ''
          ? [...this.b.groupRecord(original.groupID).members.keys()]
          : [original.sendID, original.recvID];
      for (const userID of new Set(audience)) {
        this.b.push(userID, (s) =>
          s.messages.next({ type: 'revoked', conversationID, clientMsgID, revokerID: me }),
        );
      }
    });
  }

  delete(conversationID: string, clientMsgID: string): Promise<void> {
    return later(() => {
      const me = this.device.me();
      // A send the server never took is the device's alone: deleted there.
      if (this.unsent.delete(clientMsgID)) return;
      this.find(conversationID, clientMsgID);
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      deleted.add(clientMsgID);
      this.b.deletedMessages.set(me, deleted);
    });
  }

  setLocalEx(conversationID: string, clientMsgID: string, localEx: string): Promise<void> {
    return later(() => {
      this.device.me();
      const { list, index } = this.find(conversationID, clientMsgID);
      // localEx is device-local in OpenIM; the fake keeps one copy, which is enough for single-device tests.
      list[index] = { ...(list[index] as Message), localEx };
    });
  }

  searchLocal(conversationID: string, keyword: string, count: number): Promise<readonly Message[]> {
    return later(() => {
      const me = this.device.me();
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      const needle = keyword.toLowerCase();
      return (this.b.messages.get(conversationID) ?? [])
        .filter((m) => !deleted.has(m.clientMsgID))
        .filter((m) => searchableText(m).toLowerCase().includes(needle))
        .slice(-count)
        .reverse();
    });
  }

  searchLocalByType(contentType: ContentType, count: number): Promise<readonly Message[]> {
    return later(() => {
      const me = this.device.me();
      if (this.failSearchWith !== undefined) throw new RemoteError(this.failSearchWith, 'search failed');
      const deleted = this.b.deletedMessages.get(me) ?? new Set<string>();
      return [...this.b.conversationsOf(me).keys()]
        .flatMap((conversationID) => this.b.messages.get(conversationID) ?? [])
        .filter((m) => m.contentType === contentType && !deleted.has(m.clientMsgID))
        .sort((a, b) => b.sendTime - a.sendTime)
        .slice(0, count);
    });
  }
}
